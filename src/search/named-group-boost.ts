import type { RankerDocument } from './tool-ranker.js';
import { tokenizeText } from './tokenize-text.js';

/**
 * What a tool whose group the query names gains, on the fused score's scale (BM25F normalised to
 * at most 1, name coverage weighed 0.1): chosen on the MCP sets' tuning halves (test/bench/README.md,
 * the sixth MCP pass), where 0.1 and 0.2 tied and 0.05 gained less.
 */
export const NAMED_GROUP_WEIGHT = 0.1;

/**
 * Adds {@link NAMED_GROUP_WEIGHT} to the score of each tool whose group the query names in full
 * (every index term of the group among `written`: `notion` for the group `notion`, `desktop` and
 * `commander` for `desktop-commander`), so that a request naming a product on its own (`on my
 * Notion, find the onboarding page`) ranks that product's tools above another product's tool
 * with the same words. Only tools already in `scores` change; a group with no index term
 * (an empty group) is never named. Built once per catalog: the groups' terms, tokenized once per
 * distinct group; the returned function is pure apart from updating `scores` in place.
 *
 * @param documents the ranker's documents, in id order (a tool's id is its index).
 * @returns `(scores, written) => void`: `scores` maps tool id → fused score; `written` holds the
 *   query's own index terms (stemmed, synonyms left out).
 */
export function namedGroupBoost(documents: readonly RankerDocument[]): (scores: Map<number, number>, written: ReadonlySet<string>) => void {
  const termsOf = new Map<string, readonly string[]>();
  const groupTerms = documents.map((document) => {
    let terms = termsOf.get(document.group);
    if (terms === undefined) termsOf.set(document.group, (terms = tokenizeText(document.group)));
    return terms;
  });
  return (scores, written) => {
    if (written.size === 0) return;
    for (const [id, score] of scores) {
      const terms = groupTerms[id]!;
      if (terms.length > 0 && terms.every((term) => written.has(term))) scores.set(id, score + NAMED_GROUP_WEIGHT);
    }
  };
}
