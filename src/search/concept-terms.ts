import { DEVELOPER_CONCEPTS } from './developer-concepts.js';
import { stemWord } from './tokenize-text.js';

/** A concept of {@link DEVELOPER_CONCEPTS}: its key's words as `stemWord` stems them, and the tool words it means. */
interface Concept {
  readonly stems: readonly string[];
  readonly words: readonly string[];
}

/** The concepts of {@link DEVELOPER_CONCEPTS} by the stem of their key's first word, built on first use. */
let conceptsByFirstStem: ReadonlyMap<string, readonly Concept[]> | undefined;

/**
 * The tool words of each developer concept ({@link DEVELOPER_CONCEPTS}) whose key `query` holds as
 * whole words (any case, any separators, each word compared by its stem: `creds` holds `creds`,
 * `the Modals` holds `modal`), in the order the keys are written in the query, each word once; `[]`
 * when it holds none. Reads at most `maxChars` characters of the query (an absurdly long query
 * costs no more than a long one, C12). {@link addConceptWords} adds them to a query's terms.
 */
export function conceptTerms(query: string, maxChars: number): string[] {
  const words = query.slice(0, maxChars).toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 0);
  if (words.length === 0) return [];
  const byFirst = (conceptsByFirstStem ??= indexConcepts());
  const stems = words.map((word) => stemWord(word));
  const found: string[] = [];
  for (let position = 0; position < stems.length; position += 1) {
    for (const concept of byFirst.get(stems[position]!) ?? []) {
      if (!concept.stems.every((stem, offset) => stems[position + offset] === stem)) continue;
      for (const word of concept.words) if (!found.includes(word)) found.push(word);
    }
  }
  return found;
}

/**
 * Weight of a developer concept's tool word (`creds` → `secret`), against 1 for a word the query
 * wrote: below it, so the written word still ranks the tools that use it (`tag` the git tags,
 * `label` the labels). Chosen on the tuning halves (even ids) of mcp-catalog's query sets among
 * 0.3, 0.5, 0.7 and 1: 0.5 has the highest recall@5 summed over them (454.2 against 453.1 at 0.3;
 * 0.7 and 1 lose blind's and the development set's), MetaTool, LiveMCPBench and BFCL equal at 0.3 and 0.5
 * (test/bench/README.md, the tenth MCP pass).
 */
export const CONCEPT_WORD_WEIGHT = 0.5;

/**
 * Adds each word of {@link conceptTerms} of `query` that the index has (`has` of its stem) and the
 * query's terms lack to `termWeights` at {@link CONCEPT_WORD_WEIGHT}, and its stem to `exact` (the
 * terms the index matches exactly, not as a prefix); a term already weighted keeps its weight. The
 * hybrid ranker (create-hybrid-ranker.ts) calls it after weighing the query's own terms.
 */
export function addConceptWords(query: string, maxChars: number, termWeights: Map<string, number>, exact: Set<string>, has: (term: string) => boolean): void {
  for (const word of conceptTerms(query, maxChars)) {
    const term = stemWord(word);
    if (!has(term) || termWeights.has(term)) continue;
    termWeights.set(term, CONCEPT_WORD_WEIGHT);
    exact.add(term);
  }
}

function indexConcepts(): Map<string, Concept[]> {
  const byFirst = new Map<string, Concept[]>();
  for (const [key, words] of DEVELOPER_CONCEPTS) {
    const stems = key.split(' ').map((word) => stemWord(word));
    const list = byFirst.get(stems[0]!) ?? [];
    list.push({ stems, words });
    byFirst.set(stems[0]!, list);
  }
  return byFirst;
}
