import type { NameTypoCorrector } from './create-name-typo-corrector.js';
import type { NameCoverage } from './name-coverage-of.js';
import { stemWord, tokenizeText } from './tokenize-text.js';

/** The whole names a mistyped `select:` entry is matched against: each tool's name terms (numbers) from `starts[id]` to `starts[id + 1]`, and the tools of each term. */
export interface FullNameTerms {
  readonly starts: Int32Array;
  readonly terms: Int32Array;
  readonly coverage: NameCoverage;
}

/**
 * The canonical name a mistyped `select:` entry spells (C9), or `undefined`: its words, each kept
 * when it is a name term and else corrected by `corrector` (`creat_isue` → `create`, `issue`),
 * must be exactly one tool's name words, as a multiset (`send_send` is not `slack_send`); of
 * several such tools, the first name in sort order. `fullNames` holds the names with an
 * `mcp__<server>__` prefix included when the catalog has one. Used by createHybridRanker.
 */
export function resolveTypoName(
  entry: string,
  index: { readonly names: readonly string[]; readonly termNumbers: ReadonlyMap<string, number>; readonly terms: readonly string[]; readonly corrector: NameTypoCorrector; readonly fullNames: FullNameTerms },
): string | undefined {
  const { names, termNumbers, terms, corrector } = index;
  const wanted = tokenizeText(entry, { stem: false }).map((word) => (termNumbers.has(stemWord(word)) ? stemWord(word) : (corrector.correct(word)?.term ?? stemWord(word))));
  if (wanted.length === 0) return undefined;
  const first = termNumbers.get(wanted[0]!);
  if (first === undefined) return undefined;
  const { starts, terms: nameTerms, coverage } = index.fullNames;
  // each of the name's words answers one wanted word (words as a multiset)
  const hasTerms = (id: number) => {
    const left: (string | undefined)[] = [];
    for (let position = starts[id]!; position < starts[id + 1]!; position += 1) left.push(terms[nameTerms[position]!]);
    return wanted.every((term) => {
      const at = left.indexOf(term);
      if (at >= 0) left.splice(at, 1);
      return at >= 0;
    });
  };
  let bestId: number | undefined;
  for (let position = coverage.toolStarts[first]!, end = coverage.toolStarts[first + 1]!; position < end; position += 1) {
    const id = coverage.tools[position]!;
    if (starts[id + 1]! - starts[id]! === wanted.length && hasTerms(id)) {
      if (bestId === undefined || names[id]! < names[bestId]!) bestId = id;
    }
  }
  return bestId === undefined ? undefined : names[bestId];
}
