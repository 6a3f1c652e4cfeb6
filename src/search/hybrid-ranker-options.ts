// The options and defaults of the hybrid ranker (src/search/create-hybrid-ranker.ts), tuned by `npm run eval:tune`.
import type { Thesaurus } from './decode-thesaurus.js';
import type { shippedThesaurus } from './shipped-thesaurus.js';

/** BM25 field boosts of {@link createHybridRanker}. */
export interface FieldBoosts {
  /** The canonical name's words. */
  readonly name: number;
  readonly description: number;
  readonly parameterNames: number;
  readonly parameterDescriptions: number;
  readonly group: number;
}

/** Weights of the lexical signals fused by {@link createHybridRanker}. */
export interface FusionWeights {
  /** BM25 over every field, divided by the query's best BM25 score (so in [0, 1]). */
  readonly bm25: number;
  /** Share of the tool's name words (IDF-weighted) that the query contains, in [0, 1]. */
  readonly nameCoverage: number;
  /** Share of the query's terms (weighted by term weight and IDF) that the tool matches, in [0, 1]. */
  readonly queryCoverage: number;
}

/** Options of {@link createHybridRanker}; every field has a default chosen from the eval. */
export interface HybridRankerOptions {
  readonly boosts?: Partial<FieldBoosts>;
  readonly weights?: Partial<FusionWeights>;
  /** Distinct query terms ranked at most (C12: bounds the work of one search). Default 64. */
  readonly maxQueryTerms?: number;
  /**
   * Prefix-match query terms of at least this many characters, and match a query term as the
   * longest index term of at least this many characters that it begins with: a term no tool has
   * in every field (`rentals` → `rent`), any other term only where a name has that shorter term
   * (`financial` → `FinanceTool`). `0` turns both off. Default 4.
   */
  readonly minPrefixChars?: number;
  /** Mistyped query terms corrected by fuse.js per query at most. Default 3. */
  readonly maxTypoTerms?: number;
  /**
   * Weight of a corrected word of prose (`isue` → `issue`) relative to a term typed right, times the
   * correction's similarity. A word written like an identifier (`create_isue`, `getIsue`: a tool's
   * name) keeps weight 1 times the similarity, whatever this is, and so does a word that is a name
   * word with two neighbouring letters swapped (`lsit`, `serach`: a certain typo). In a query of
   * more than 3 terms only identifier-like words are corrected, unless one word is such a swap: then
   * every unknown word may be (`lsit isues asigned to me`), up to `maxTypoTerms`. Default 0.5 (measured in test/bench/README.md, "Default-weight variants tried").
   */
  readonly typoWeight?: number;
  /** BM25+ parameters, as MiniSearch names them. Default `{ k: 0.6, b: 0.85, d: 0.5 }`. */
  readonly bm25?: { readonly k: number; readonly b: number; readonly d: number };
  /**
   * How the fields combine: `'bm25f'` (default; one saturation and one IDF per term over the
   * boosted fields) or `'minisearch'` (each field scored on its own, times the number of
   * matched terms). See {@link createBm25Index}.
   */
  readonly combine?: 'bm25f' | 'minisearch';
  /**
   * Weight of a common tool verb's synonyms ({@link TOOL_VERB_SYNONYMS}: `fetch` also matches
   * `get`, `retrieve`, …) relative to the verb the query wrote; `0` turns synonyms off. Default 0.3.
   * A synonym some tool's name holds, of a word no tool's name holds (`folder` → `directory`),
   * weighs 1.25 times this (NAME_SYNONYM_FACTOR of create-hybrid-ranker.ts), at most the word's own weight.
   */
  readonly synonymWeight?: number;
  /**
   * Share of `weights.nameCoverage` taken off a tool whose name has a verb of
   * {@link TOOL_VERB_SYNONYMS} and none that fits a verb the query writes (`pull_request_review_write`
   * for `get the reviews on pull request 12`; see nameVerbConflicts). `0` (default) turns it off;
   * measured at 0.5 in test/bench/README.md.
   */
  readonly verbConflictWeight?: number;
  /**
   * Query expansion through the shipped distributional thesaurus (GloVe neighbours, see
   * {@link shippedThesaurus}): a query term's nearest words that the catalog has join the query
   * at `weight × similarity` (`sushi` → `restaurant`), matched exactly. Exact names are found
   * before it and keep rank 1 (C9). `false` turns it off (the ranking without it, and the data
   * file is never read); `undefined` or `true`: {@link ThesaurusOptions} with its defaults.
   * @throws {InvalidOptionError} (from createHybridRanker) a field out of range.
   */
  readonly thesaurus?: boolean | ThesaurusOptions;
}

/**
 * The `thesaurus` option of {@link HybridRankerOptions}; each field `undefined` is its default
 * ({@link DEFAULT_THESAURUS_SETTINGS}, chosen on the tuning halves of the eval).
 */
export interface ThesaurusOptions {
  /** Weight of an added neighbour, times its similarity and its query term's weight; `0` adds nothing. Default 0.3. */
  readonly weight?: number;
  /** Neighbours added per query term at most, counting only those the catalog has (a whole number). Default 8. */
  readonly maxNeighbours?: number;
  /** Cosine similarity below which a neighbour is not added, 0–1 (the shipped file holds none below 0.5). Default 0.5. */
  readonly minSimilarity?: number;
  /**
   * Which query terms are expanded: `'unmatched'` (terms no tool has), `'all'`, or a number n
   * (terms at most n tools have). Words written like a tool name (`widget_beta`) are never
   * expanded. Default `'unmatched'`.
   */
  readonly expand?: 'unmatched' | 'all' | number;
  /**
   * The fields an added neighbour is matched in, each with its boost of `boosts` (the query's
   * own words are matched in every field). `['name', 'description']` matches a neighbour only
   * where a tool says what it does: parameter and group text matched by a loose neighbour pulls
   * in tools the query's own words did not. `[]` adds nothing. Default `undefined`: every field.
   */
  readonly fields?: readonly (keyof FieldBoosts)[];
  /**
   * Selective expansion by query-performance prediction: when the first pass is weak — the
   * best-ranked tool matches less than `belowCoverage` of the query's IDF-weighted terms — the
   * query is ranked again with every term expanded (a term some tool has brings its neighbours at
   * `weight × similarity ×` its IDF share, `ln(1 + N/n) / ln(1 + N)` for a term n of N tools have),
   * and each tool's score is `firstPass ×` its first score `+ (1 − firstPass) ×` its second. A
   * query the catalog answers well (most long requests) keeps its first pass. `{}` turns it on
   * with {@link DEFAULT_WEAK_QUERY_SETTINGS}; measured with `fields: ['name', 'description']`
   * it gains MetaTool 1.5 points of recall@5 on the tuning half and 0.5 held out, and costs some
   * short MCP requests (test/bench/README.md, Vocabulary bridging). Default `false`: off.
   */
  readonly weakQueries?: false | WeakQueryExpansionOptions;
  /**
   * Weight (× the query word's, ≥ 0) of the pieces of a query word that no tool has and whose
   * thesaurus neighbours no tool has either — a compound or a derived form GloVe lacks
   * (`smartwatch` → `smart`, `watch`; `clickable` → `click`): each piece a tool has joins at this
   * weight, and each piece's neighbours at this weight `× weight × similarity`. `0`: words are
   * not split. Default 0.8.
   */
  readonly wordPieces?: number;
  /** The thesaurus to use. Default: the shipped one ({@link shippedThesaurus}), read on first use. */
  readonly source?: Thesaurus;
}

/** The `weakQueries` option of {@link ThesaurusOptions}; each field `undefined` is its default ({@link DEFAULT_WEAK_QUERY_SETTINGS}). */
export interface WeakQueryExpansionOptions {
  /** A first pass is weak when its best-ranked tool matches less than this share (0–1) of the query's IDF-weighted terms (`0`: never). Default 0.5. */
  readonly belowCoverage?: number;
  /** `weight` of the second pass's neighbours (≥ 0), times their similarity and their term's IDF share. Default 0.5. */
  readonly weight?: number;
  /** Share (0–1) of the first pass's score in a weak query's final score; `1` keeps the first pass (the same as `weakQueries: false`). Default 0.5. */
  readonly firstPass?: number;
}

/** Field boosts chosen by `npm run eval:tune` (see the README's Performance section). */
export const DEFAULT_FIELD_BOOSTS: FieldBoosts = Object.freeze({
  name: 1,
  description: 0.5,
  parameterNames: 0.5,
  parameterDescriptions: 0.1,
  group: 2,
});

/** Fusion weights chosen by `npm run eval:tune`. */
export const DEFAULT_FUSION_WEIGHTS: FusionWeights = Object.freeze({ bm25: 1, nameCoverage: 0.1, queryCoverage: 0.2 });

/** The rest of {@link HybridRankerOptions}' defaults, chosen by `npm run eval:tune`. */
export const DEFAULT_HYBRID_SETTINGS = Object.freeze({
  maxQueryTerms: 64,
  minPrefixChars: 4,
  maxTypoTerms: 3,
  typoWeight: 0.5,
  bm25: Object.freeze({ k: 0.6, b: 0.85, d: 0.5 }),
  combine: 'bm25f' as 'bm25f' | 'minisearch',
  synonymWeight: 0.3,
  verbConflictWeight: 0,
});

/** Defaults of {@link ThesaurusOptions}, chosen on the tuning halves (test/bench/README.md, Search quality). */
export const DEFAULT_THESAURUS_SETTINGS = Object.freeze({
  weight: 0.3,
  maxNeighbours: 8,
  minSimilarity: 0.5,
  expand: 'unmatched' as 'unmatched' | 'all' | number,
  fields: undefined as readonly (keyof FieldBoosts)[] | undefined,
  weakQueries: false as false | WeakQueryExpansionOptions,
  wordPieces: 0.8,
});

/** Defaults of {@link WeakQueryExpansionOptions} (`weakQueries: {}`), chosen on the tuning halves (test/bench/README.md, Vocabulary bridging). */
export const DEFAULT_WEAK_QUERY_SETTINGS = Object.freeze({ belowCoverage: 0.5, weight: 0.5, firstPass: 0.5 });

