import Fuse from 'fuse.js';
import { normalizeNameText } from './normalize-name-text.js';
import { splitNameWords } from './split-name-words.js';
import type { RankedTool, RankerDocument, ToolRanker } from './tool-ranker.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { validateRankerDocuments } from './validate-ranker-documents.js';
import { indexAliases } from './index-aliases.js';
import { toolsNamedBy } from './tools-named-by.js';

/** Query words that carry no meaning for tool choice. */
const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'to', 'of', 'for', 'in', 'on', 'with', 'me', 'my', 'i', 'please', 'some', 'that', 'this', 'it', 'is', 'be']);
/** Query words ranked at most; the rest of a long query is ignored so one search stays cheap. */
const MAX_QUERY_WORDS = 24;
/** Characters kept of one query word: fuse's cost grows with pattern length (C12: a pasted blob stays cheap). */
const MAX_WORD_CHARS = 64;
/**
 * Score given to a tool the whole query names (its canonical name or alias, case-insensitive), less
 * one per tool named before it: above any sum of word scores (at most one per query word).
 */
const EXACT_NAME_SCORE = 1_000;

interface IndexedTool {
  readonly name: string;
  readonly nameWords: string;
  readonly description: string;
  readonly group: string;
}

/**
 * The first ranker (design.md): fuse.js, word by word. Each query word is matched fuzzily
 * (threshold 0.2, anywhere in the field) against the name's words (weight 2), the description
 * (weight 1) and the group label (weight 0.5); a tool's score is the sum over words of
 * `1 − fuseScore`. A query equal to a canonical name or an alias (case-insensitive, format
 * characters and full-width forms read as {@link normalizeNameText} reads them) ranks that tool
 * first (C9), as the hybrid ranker does ({@link toolsNamedBy}): the exact spelling of a name
 * before another name equal but for case, and an alias two tools share names the owner whose
 * form the query spells (case kept), else all owners, sorted by code unit. Ties break by canonical
 * name, so ranking is deterministic.
 *
 * Built once per runtime over the deferred tools; `rank` is pure.
 *
 * @throws {InvalidOptionError} `documents` is not an array of ranker documents
 *   ({@link validateRankerDocuments}: a document with no `name` failed with `TypeError`, one with
 *   no `group` was indexed without it), or a second argument is given: this ranker has no options
 *   (one passed as to `createHybridRanker` was silently ignored).
 */
export function createFuseRanker(documents: readonly RankerDocument[]): ToolRanker {
  if (!Array.isArray(documents)) {
    throw new InvalidOptionError({ option: 'documents', value: documents, expected: 'an array of ranker documents, as the runtime passes them: createFuseRanker(documents)' });
  }
  validateRankerDocuments(documents);
  // `arguments`, not a second parameter: the type says there are no options, a JavaScript caller may still pass some
  if (arguments.length > 1 && arguments[1] !== undefined) {
    throw new InvalidOptionError({ option: 'options', value: arguments[1], expected: 'nothing: createFuseRanker takes no options (for tunable ranking, createHybridRanker(documents, options))' });
  }
  const indexed: IndexedTool[] = documents.map((document) => ({
    name: document.name,
    nameWords: splitNameWords(document.name).join(' '),
    description: document.description,
    group: document.group,
  }));
  const names = new Set(documents.map((document) => document.name));
  const byLowerName = new Map<string, string>();
  for (const { name } of indexed) {
    // of names equal but for case, the first in sort order, as the hybrid ranker's index keeps it
    const key = normalizeNameText(name).toLowerCase();
    const known = byLowerName.get(key);
    if (known === undefined || name < known) byLowerName.set(key, name);
  }
  // the hybrid ranker's alias index and lookup: an alias two tools share names the owner it spells, else all
  const sharedAliases = indexAliases(documents, byLowerName);
  const fuse = new Fuse(indexed, {
    keys: [
      { name: 'nameWords', weight: 2 },
      { name: 'description', weight: 1 },
      { name: 'group', weight: 0.5 },
    ],
    includeScore: true,
    ignoreLocation: true,
    threshold: 0.2,
  });

  return {
    name: 'fuse',
    rank(written: string, maxResults: number): RankedTool[] {
      if (typeof written !== 'string') return [];
      // full-width forms and invisible format characters are read as what they stand for
      const query = normalizeNameText(written);
      const scores = new Map<string, number>();
      for (const word of queryWords(query)) {
        for (const hit of fuse.search(word)) {
          const name = hit.item.name;
          scores.set(name, (scores.get(name) ?? 0) + (1 - (hit.score ?? 1)));
        }
      }
      // the tools the whole query names, in the order named (owners of a shared alias sorted), above the word scores
      const named = toolsNamedBy(query.trim(), names, byLowerName, sharedAliases);
      for (let index = 0; index < named.length; index += 1) scores.set(named[index]!, EXACT_NAME_SCORE - index);
      return [...scores]
        .map(([name, score]) => ({ name, score: Math.round(score * 1000) / 1000 }))
        .sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .slice(0, Math.max(0, maxResults));
    },
  };
}

function queryWords(query: string): string[] {
  const words = new Set<string>();
  // cut before splitting: only the leading words are ever used, so a pasted document costs nothing extra
  for (const token of query.slice(0, MAX_QUERY_WORDS * (MAX_WORD_CHARS + 1)).split(/[^\p{L}\p{N}_.\-]+/u)) {
    for (const word of splitNameWords(token)) {
      if (word.length >= 2 && !STOP_WORDS.has(word)) words.add(word.slice(0, MAX_WORD_CHARS));
      if (words.size >= MAX_QUERY_WORDS) return [...words];
    }
  }
  return [...words];
}
