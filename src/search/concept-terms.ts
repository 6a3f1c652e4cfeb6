import { DEVELOPER_CONCEPTS } from './developer-concepts.js';
import { EVERYDAY_CONCEPTS } from './everyday-concepts.js';
import { stemWord } from './tokenize-text.js';

/**
 * A concept of a lexicon ({@link DEVELOPER_CONCEPTS}, {@link EVERYDAY_CONCEPTS}): its key's words as
 * `stemWord` stems them, the tool words it means, and the weight its lexicon gives them.
 */
interface Concept {
  readonly stems: readonly string[];
  readonly words: readonly string[];
  readonly weight: number;
}

/** The concepts of both lexicons by the stem of their key's first word, built on first use. */
let conceptsByFirstStem: ReadonlyMap<string, readonly Concept[]> | undefined;

/**
 * The tool words of each concept whose key `query` holds as whole words (any case, any separators,
 * each word compared by its stem: `creds` holds `creds`, `the Modals` holds `modal`, `Bitcoins` holds
 * `bitcoin`), of the developer lexicon ({@link DEVELOPER_CONCEPTS}) and the everyday one
 * ({@link EVERYDAY_CONCEPTS}) alike, in the order the keys are written in the query, each word once;
 * `[]` when it holds none. Reads at most `maxChars` characters of the query (an absurdly long query
 * costs no more than a long one, C12). {@link addConceptWords} adds them to a query's terms.
 */
export function conceptTerms(query: string, maxChars: number): string[] {
  return [...weighConcepts(query, maxChars).keys()];
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
 * Weight of an everyday concept's category word (`bitcoin` → `cryptocurrency`, `dress` →
 * `clothing`), against 1 for a word the query wrote: below it, so a tool that writes the word
 * still ranks above one that only has its category. Chosen on the tuning halves (even positions)
 * of every shipped query set among 0.3, 0.5 and 0.7: 0.7 has the highest recall@5 summed over the
 * eight of them (665.9 against 662.7 at 0.5 and 660.7 at 0.3; 658.5 without the lexicon), MetaTool
 * 67.5 → 72.7, LiveMCPBench 49.7 → 50.9, BFCL 88.6 → 89.1, no set lower (test/bench/README.md,
 * *Everyday concepts*).
 */
export const EVERYDAY_WORD_WEIGHT = 0.7;

/**
 * Adds each word of {@link conceptTerms} of `query` that the index has (`has` of its stem) and the
 * query's terms lack to `termWeights` at its lexicon's weight ({@link CONCEPT_WORD_WEIGHT} for a
 * developer concept, {@link EVERYDAY_WORD_WEIGHT} for an everyday one; the higher where both bring
 * it), and its stem to `exact` (the terms the index matches exactly, not as a prefix); a term
 * already weighted keeps its weight. The hybrid ranker (create-hybrid-ranker.ts) calls it after
 * weighing the query's own terms.
 */
export function addConceptWords(query: string, maxChars: number, termWeights: Map<string, number>, exact: Set<string>, has: (term: string) => boolean): void {
  for (const [word, weight] of weighConcepts(query, maxChars)) {
    const term = stemWord(word);
    if (!has(term) || termWeights.has(term)) continue;
    termWeights.set(term, weight);
    exact.add(term);
  }
}

/** The tool words of {@link conceptTerms}, each with the highest weight of the concepts that bring it. */
function weighConcepts(query: string, maxChars: number): Map<string, number> {
  const found = new Map<string, number>();
  const words = query.slice(0, maxChars).toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 0);
  if (words.length === 0) return found;
  const byFirst = (conceptsByFirstStem ??= indexConcepts());
  const stems = words.map((word) => stemWord(word));
  for (let position = 0; position < stems.length; position += 1) {
    for (const concept of byFirst.get(stems[position]!) ?? []) {
      if (!concept.stems.every((stem, offset) => stems[position + offset] === stem)) continue;
      for (const word of concept.words) found.set(word, Math.max(found.get(word) ?? 0, concept.weight));
    }
  }
  return found;
}

function indexConcepts(): Map<string, Concept[]> {
  const byFirst = new Map<string, Concept[]>();
  const lexicons: [ReadonlyMap<string, readonly string[]>, number][] = [
    [DEVELOPER_CONCEPTS, CONCEPT_WORD_WEIGHT],
    [EVERYDAY_CONCEPTS, EVERYDAY_WORD_WEIGHT],
  ];
  for (const [lexicon, weight] of lexicons) {
    for (const [key, words] of lexicon) {
      const stems = key.split(' ').map((word) => stemWord(word));
      const list = byFirst.get(stems[0]!) ?? [];
      list.push({ stems, words, weight });
      byFirst.set(stems[0]!, list);
    }
  }
  return byFirst;
}
