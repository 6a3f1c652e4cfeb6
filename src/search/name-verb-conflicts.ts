import type { ToolNameIndex } from './index-tool-names.js';
import { stemWord } from './tokenize-text.js';
import { TOOL_VERB_SYNONYMS } from './tool-verb-synonyms.js';

/**
 * The tools whose name says an action other than the one a query asks for (C9 ranking): `write`
 * in `pull_request_review_write` for `get the reviews …`, `retrieve` in `API-retrieve-a-database`
 * for `rename the … column`. The actions are the verbs of {@link TOOL_VERB_SYNONYMS}; a name verb
 * fits a query verb when it is that verb, one of its synonyms, or shares a synonym with it (`list`
 * and `get` share `show`; `write` fits every verb that changes something). `conflicting` is empty when the query writes no such verb; a tool
 * whose name has no verb, or any verb that fits, never conflicts.
 */
export interface NameVerbConflicts {
  /** Of `tools` (ids), those whose name has a verb and none that fits a verb among `queryTerms` (the query's own terms). */
  conflicting(queryTerms: ReadonlySet<string>, tools: Iterable<number>): Set<number>;
}

/** The {@link NameVerbConflicts} of a name index (each tool's own name, without an `mcp__<server>__` prefix). */
export function nameVerbConflicts(names: ToolNameIndex): NameVerbConflicts {
  const verbsOf = new Map<number, string[]>();
  const { distinctStarts, distinctTerms, terms } = names;
  for (let id = 0; id + 1 < distinctStarts.length; id += 1) {
    let verbs: string[] | undefined;
    for (let position = distinctStarts[id]!; position < distinctStarts[id + 1]!; position += 1) {
      const term = terms[distinctTerms[position]!]!;
      if (TOOL_VERB_SYNONYMS.has(term)) (verbs ??= []).push(term);
    }
    if (verbs !== undefined) verbsOf.set(id, verbs);
  }
  return {
    conflicting(queryTerms, tools) {
      const conflicts = new Set<number>();
      const asked: string[] = [];
      for (const term of queryTerms) if (TOOL_VERB_SYNONYMS.has(term)) asked.push(term);
      if (asked.length === 0) return conflicts;
      for (const id of tools) {
        const verbs = verbsOf.get(id);
        if (verbs !== undefined && !verbs.some((verb) => asked.some((wanted) => fits(verb, wanted)))) conflicts.add(id);
      }
      return conflicts;
    },
  };
}

/**
 * `write` in a name (`issue_write`, `sub_issue_write`: one tool for a thing's create, update and
 * delete methods) fits any verb that changes something: those of the groups of `create`, `delete`,
 * `update` and `save`.
 */
const WRITE = stemWord('write');
const CHANGING = new Set(['create', 'delete', 'update', 'save'].flatMap((verb) => [stemWord(verb), ...TOOL_VERB_SYNONYMS.get(stemWord(verb))!]));

function fits(verb: string, wanted: string): boolean {
  if (verb === wanted || (verb === WRITE && CHANGING.has(wanted))) return true;
  const synonyms = TOOL_VERB_SYNONYMS.get(wanted)!;
  if (synonyms.includes(verb)) return true;
  const own = TOOL_VERB_SYNONYMS.get(verb)!;
  return own.some((synonym) => synonyms.includes(synonym));
}
