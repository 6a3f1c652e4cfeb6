import type { Bm25SearchOptions, createBm25Index } from './create-bm25-index.js';
import { createNameTypoCorrector } from './create-name-typo-corrector.js';
import { FILTER_PARTICIPLE_WEIGHT } from './filter-participles.js';
import { findNamedTools } from './find-named-tools.js';
import { normalizeNameText } from './normalize-name-text.js';
import { FIELD_KINDS, indexDocumentFields } from './index-document-fields.js';
import { indexToolNames } from './index-tool-names.js';
import { acronymExpansion, capitalWords, nameAcronyms } from './name-acronyms.js';
import { describedAcronyms } from './described-acronyms.js';
import { nameCoverageOf } from './name-coverage-of.js';
import { type FullNameTerms, resolveTypoName } from './resolve-typo-name.js';
import { joinIndexedCompounds } from './join-indexed-compounds.js';
import { queryNameCoverage } from './query-name-coverage.js';
import { mixScores } from './mix-scores.js';
import { sameWeights } from './same-weights.js';
import { writtenTerms } from './written-terms.js';
import { withNameCoverage } from './ranker-name-coverage.js';
import { indexOperationNames } from './index-operation-names.js';
import { nameVerbConflicts } from './name-verb-conflicts.js';
import { identifierTerms, MAX_QUERY_SCAN_CHARS, queryTerms } from './query-terms.js';
import { requestFillerWeight } from './request-filler-weight.js';
import { stemWord } from './tokenize-text.js';
import type { RankedTool, RankerDocument, ToolRanker } from './tool-ranker.js';
import { TOOL_NOUN_SYNONYMS, TOOL_VERB_SYNONYMS } from './tool-verb-synonyms.js';
import { expandWithThesaurus } from './expand-with-thesaurus.js';
import { resolveThesaurusExpansion } from './resolve-thesaurus-expansion.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { DEFAULT_FIELD_BOOSTS, DEFAULT_FUSION_WEIGHTS, DEFAULT_HYBRID_SETTINGS, type FieldBoosts, type HybridRankerOptions } from './hybrid-ranker-options.js';
import { topMatches } from './top-matches.js';
import { validateHybridRankerOptions } from './validate-hybrid-ranker-options.js';
import { namedGroupBoost } from './named-group-boost.js';
import { validateRankerDocuments } from './validate-ranker-documents.js';
import { VALUE_WORD_WEIGHT } from './value-words.js';
import { listedTest, pluralQuestionTerms } from './plural-question-terms.js';
import { addConceptWords } from './concept-terms.js';

export { DEFAULT_FIELD_BOOSTS, DEFAULT_FUSION_WEIGHTS, DEFAULT_HYBRID_SETTINGS } from './hybrid-ranker-options.js';
export type { FieldBoosts, FusionWeights, HybridRankerOptions } from './hybrid-ranker-options.js';

/** Queries of at most this many terms have every unknown term typo-corrected. */
const SHORT_QUERY_TERMS = 3;
/**
 * How much more a synonym weighs (times `synonymWeight`, at most the written word's weight) when
 * the query's word is in no tool's name and the synonym is in some (`make a folder`: `folder` names
 * no tool, `directory` names create_directory): the catalog names that thing by the synonym, so
 * the synonym is the best evidence of which tool the query means. 1.25 (0.375 at the default
 * `synonymWeight` 0.3) was chosen on the tuning halves of the eight query sets (test/bench/README.md,
 * session 15): 1.17 and 1.25 raised their sum of recall@5 with no set falling; 1.33 and 1.4 lowered
 * mcp-catalog-blind by 0.4, 1.5 put the gold of `rename the 'Priority' column in my notion table`
 * (a test) at rank 6, 2 lowered fresh and blind2, 3.3 MetaTool and BFCL.
 */
export const NAME_SYNONYM_FACTOR = 1.25;
/** Where a query term's synonyms come from: tool verbs (`fetch` → `get`), then tool nouns (`folder` → `directory`). */
const SYNONYM_TABLES = [TOOL_VERB_SYNONYMS, TOOL_NOUN_SYNONYMS];

/**
 * Score of the first tool a query names outright (the next gets one less, and so on): far
 * above any fused score, which is at most the sum of the weights. Another ranker that fuses
 * these ranks can tell named tools by a score of at least half of this.
 */
export const NAMED_TOOL_SCORE = 1_000_000;

/**
 * The default ranker behind `tool_search`: exact names first, then BM25F fused with name and
 * query coverage, with fuse.js correcting mistyped name words. Built once per runtime; `rank` is
 * pure and safe to share between turns (C19).
 *
 * 1. Named tools rank first (C9): `select:a,b` returns exactly those tools; a query equal to a
 *    canonical name or an alias, or containing a compound canonical name or an alias as a word,
 *    puts it at rank 1. The query is read as {@link normalizeNameText} gives it (format
 *    characters dropped, NFKC: `ｓｅｌｅｃｔ：ｒｅａｄ＿ｆｉｌｅ` is `select:read_file`).
 * 2. The query is cut to its first 64 distinct terms (of its first 4,000 characters), tokenized
 *    like the documents (camelCase, `_`, `-`, `.` split; stop words dropped; light stemming);
 *    the filler words of a request ("I would like", "can you kindly": `QUERY_FILLER_WORDS` of query-terms.ts)
 *    are dropped unless nothing else is left; its tone and quality words (`comprehensive`, `angry`:
 *    `REQUEST_FILLER_WORDS` of request-filler-weight.ts) weigh `REQUEST_FILLER_WEIGHT` unless a tool name has them;
 *    a participle that filters the thing before it (`assigned` of `issues assigned to me`:
 *    filterParticiples of filter-participles.ts) weighs `FILTER_PARTICIPLE_WEIGHT`, and so does a value word (a name
 *    after `called`, a file name's words: valueWords of value-words.ts, `VALUE_WORD_WEIGHT`); a question about
 *    things a tool lists (`which branches …`: pluralQuestionTerms of plural-question-terms.ts) adds `list`.
 * 3. A term found nowhere in the index is looked up among the name words with fuse.js
 *    (`broswer` → `browser`); the correction joins the query, weighted by its similarity. A
 *    common tool verb or noun brings its synonyms at `synonymWeight` ({@link TOOL_VERB_SYNONYMS}:
 *    `fetch` → `get`, `retrieve`, …; {@link TOOL_NOUN_SYNONYMS}: `folder` → `directory`). A developer's word for a thing tools do brings the tools' words for it, and an everyday thing people name the category words of the services that handle it, matched exactly (addConceptWords of concept-terms.ts: `creds` → `secret` at `CONCEPT_WORD_WEIGHT`; `bitcoin` → `cryptocurrency`, `dress` → `clothing`, `shop` at `EVERYDAY_WORD_WEIGHT`). A word
 *    written with a capital inside that the index holds whole (`GitHub`, a group `github`) is
 *    ranked as that one term, not as `git` and `hub`. A term no tool has (not in a word written like a name) brings its nearest words in the
 *    shipped GloVe thesaurus that the catalog has (`sushi` → `restaurant`; `thesaurus` option,
 *    {@link expandWithThesaurus}; `thesaurus: false` turns it off). Opt-in: `thesaurus.fields`
 *    matches the neighbours in some fields only, and `thesaurus.weakQueries` ranks a query whose
 *    best tool matches little of it a second time with every term expanded, mixing the two scores.
 * 4. BM25F ({@link createBm25Index} with `combine: 'bm25f'`) over name words (of the name without
 *    an `mcp__<server>__` prefix: {@link ownNameOf}), description,
 *    parameter names, parameter descriptions and group, with field boosts and prefix matching
 *    (each distinct text tokenized once per build; a query word the index lacks also matches the
 *    longest index word it begins with, `rentals` → `rent`, and any query word the longest name
 *    word it begins with, in the name, `financial` → `FinanceTool`: {@link Bm25SearchOptions.shorterForms}),
 *    is normalised by the best score and fused
 *    linearly with name coverage (the IDF-weighted share of a tool's name words in the query)
 *    and query coverage (the IDF-weighted share of the query's terms the tool matches). A tool
 *    whose group the query names in full (`on my Notion, …`) gains 0.1 ({@link namedGroupBoost}). Ties
 *    break by canonical name. Each match it scores carries its `nameCoverage` (the relevance floor's name gain, C24: {@link queryNameCoverage}).
 *
 * @throws {InvalidOptionError} `documents` is not an array of ranker documents ({@link validateRankerDocuments}), an option is unknown or out of range
 *   ({@link validateHybridRankerOptions}), or a `thesaurus` field is (resolveThesaurusExpansion).
 */
export function createHybridRanker(documents: readonly RankerDocument[], options: HybridRankerOptions = {}): ToolRanker {
  if (!Array.isArray(documents)) {
    throw new InvalidOptionError({ option: 'documents', value: documents, expected: 'an array of ranker documents, as the runtime passes them: createHybridRanker(documents, options)' });
  }
  validateRankerDocuments(documents);
  validateHybridRankerOptions(options);
  const boosts = { ...DEFAULT_FIELD_BOOSTS, ...options.boosts };
  const weights = { ...DEFAULT_FUSION_WEIGHTS, ...options.weights };
  const maxQueryTerms = options.maxQueryTerms ?? DEFAULT_HYBRID_SETTINGS.maxQueryTerms;
  const minPrefixChars = options.minPrefixChars ?? DEFAULT_HYBRID_SETTINGS.minPrefixChars;
  const maxTypoTerms = options.maxTypoTerms ?? DEFAULT_HYBRID_SETTINGS.maxTypoTerms;
  const typoWeight = options.typoWeight ?? DEFAULT_HYBRID_SETTINGS.typoWeight;
  const bm25Parameters = options.bm25 ?? DEFAULT_HYBRID_SETTINGS.bm25;
  const combine = options.combine ?? DEFAULT_HYBRID_SETTINGS.combine;
  const synonymWeight = options.synonymWeight ?? DEFAULT_HYBRID_SETTINGS.synonymWeight;
  const verbConflictWeight = options.verbConflictWeight ?? DEFAULT_HYBRID_SETTINGS.verbConflictWeight;
  const thesaurus = resolveThesaurusExpansion(options.thesaurus);
  const weakQueries = thesaurus?.weakQueries;

  // Each part of the build is a function of its own: the build runs once, much of it before the
  // JIT has optimized it, and V8 compiles a hot loop by compiling its whole function.
  const nameIndex = indexToolNames(documents);
  // the count, not the array: a search closure that read `documents` would keep every document alive
  const documentCount = documents.length;
  const { names, nameSet, byLowerName, compoundNames, termNumbers } = nameIndex;
  // a field boosted 0 is not indexed at all: it could only cost build time and memory
  const fieldNames = (Object.keys(boosts) as (keyof FieldBoosts)[]).filter((field) => boosts[field] > 0 && Object.hasOwn(FIELD_KINDS, field));
  const fieldBoosts = fieldNames.map((field) => boosts[field]);
  // a query word that begins with a name word (`financial`, a tool `FinanceTool`) matches it in the name
  const shorterForms = { knownTermFieldBoosts: fieldNames.map((field) => (field === 'name' ? boosts.name : 0)) };
  const bm25 = indexDocumentFields(documents, fieldNames, nameIndex);
  // the boosts thesaurus neighbours are matched with: thesaurus.fields only (undefined: every field, as the query's words)
  const neighbourBoosts =
    thesaurus?.fields === undefined || fieldNames.every((field) => thesaurus.fields!.includes(field))
      ? undefined
      : fieldNames.map((field, index) => (thesaurus.fields!.includes(field) ? fieldBoosts[index]! : 0));
  // name coverage: name term → tools, each term weighted by its IDF among the names
  const nameCoverage = nameCoverageOf(nameIndex);
  // mistyped `select:` entries match whole names, an mcp__<server>__ prefix included (C9); with a
  // prefix their coverage is counted on the first mistyped entry, which most runtimes never see
  let fullNames: FullNameTerms | undefined;
  const fullNamesOf = () =>
    (fullNames ??= !nameIndex.prefixed
      ? { starts: nameIndex.distinctStarts, terms: nameIndex.distinctTerms, coverage: nameCoverage }
      : { starts: nameIndex.fullStarts, terms: nameIndex.fullTerms, coverage: nameCoverageOf({ ...nameIndex, distinctStarts: nameIndex.fullStarts, distinctTerms: nameIndex.fullTerms }) });
  const corrector = createNameTypoCorrector(nameIndex.termOfWord.keys(), stemWord);
  // the name words' acronyms (`pr` → `pull`, `request`) are counted when a query first writes a
  // two-capital word (`PR`, `PRs`), which most searches never do (8–14 ms of a 10,000-tool build)
  let acronyms: ReadonlyMap<string, readonly [string, string]> | undefined;
  // an acronym the descriptions write themselves (`AI`) keeps its own meaning
  const described = describedAcronyms(documents);
  const isListed = listedTest(names, () => (acronyms ??= nameAcronyms(nameIndex, described)));
  const operations = weights.nameCoverage > 0 ? indexOperationNames(documents) : undefined;
  // the name verbs are read only when verbConflictWeight is on (it is off by default)
  const verbConflicts = verbConflictWeight > 0 ? nameVerbConflicts(nameIndex) : undefined;
  const isCompound = (name: string) => compoundNames.has(name);
  const documentCounts = new Map<string, number>();
  // a query naming a product on its own (`on my Notion, …`) ranks that group's tools first
  const boostNamedGroups = namedGroupBoost(documents);

  let idOf: Map<string, number> | undefined;
  // any tool's coverage of a query, as rank counts it: the semantic ranker's fused answer reads it (C24)
  const coverageOf = (written: string) => {
    const coverage = queryNameCoverage(weightedTerms(joinIndexedCompounds(normalizeNameText(written), bm25.has), false).terms, idfOf, termNumbers, nameIndex);
    idOf ??= new Map(names.map((name, id) => [name, id]));
    return (name: string) => (idOf!.has(name) ? coverage(idOf!.get(name)!) : undefined);
  };
  return withNameCoverage({
    name: 'hybrid',
    rank(written: string, maxResults: number): RankedTool[] {
      if (typeof written !== 'string' || !(maxResults > 0)) return []; // NaN or undefined from JavaScript: no count, as in the fuse ranker
      // full-width forms and invisible format characters are read as what they stand for (`ｒｅａｄ＿ｆｉｌｅ`)
      const query = normalizeNameText(written);
      const named = findNamedTools({
        query,
        byLowerName,
        sharedAliases: nameIndex.sharedAliases,
        names: nameSet,
        isCompound,
        resolveTypo: (entry) => resolveTypoName(entry, { names, termNumbers, terms: nameIndex.terms, corrector, fullNames: fullNamesOf() }),
        maxScanChars: MAX_QUERY_SCAN_CHARS,
      });
      const ranked: RankedTool[] = named.names.map((name, index) => ({ name, score: NAMED_TOOL_SCORE - index }));
      if (named.select || ranked.length >= maxResults) return ranked.slice(0, maxResults);

      const joined = joinIndexedCompounds(query, bm25.has);
      const quality = { topCoverage: 1 };
      const first = weightedTerms(joined, false);
      let scores = fuse(first, weakQueries === undefined ? undefined : quality);
      // a weak first pass (its best tool matches little of the query) is ranked again with every term expanded
      if (weakQueries !== undefined && quality.topCoverage < weakQueries.belowCoverage) {
        const second = weightedTerms(joined, true);
        if (!sameWeights(first.termWeights, second.termWeights)) scores = mixScores(scores, fuse(second), weakQueries.firstPass);
      }
      boostNamedGroups(scores, writtenTerms(first.termWeights, first.synonyms));
      const seen = new Set(named.names);
      const rest = topMatches(scores, names, seen, maxResults - ranked.length, queryNameCoverage(first.terms, idfOf, termNumbers, nameIndex));
      return [...ranked, ...rest];
    },
  }, coverageOf);

  /**
   * The query's terms and their weights, the synonyms and thesaurus neighbours among them (matched
   * exactly) and the neighbours alone (matched in `thesaurus.fields` only). `expandAll`: the
   * second pass of a weak query, every term expanded, a known term's neighbours scaled by its IDF share.
   */
  function weightedTerms(query: string, expandAll: boolean): WeightedTerms {
    const termWeights = new Map<string, number>();
    const synonyms = new Set<string>();
    const terms = queryTerms(query, maxQueryTerms);
    // In a sentence an unknown word is usually a real word the catalog lacks, not a typo:
    // correct only short queries and identifier-like words (what a model writes for a name).
    let identifiers: Set<string> | undefined;
    // a word that is a name word with two letters swapped (`lsit`) shows a query typed in haste: its other unknown words are corrected too (`isues`)
    const hasty = terms.length > SHORT_QUERY_TERMS && terms.some(({ term, word }) => !bm25.has(term) && corrector.transposes(word));
    const mayBeTypo = (term: string) => hasty || terms.length <= SHORT_QUERY_TERMS || (identifiers ??= identifierTerms(query)).has(term);
    let typos = 0;
    let written: Set<string> | undefined;
    for (const { term, word, quoted, filter, value } of terms) {
      // `PR`, `PRs` written in capitals → the name words they abbreviate (`pull`, `request`)
      const capitals = word.length <= 3 ? (written ??= capitalWords(query)) : undefined;
      const expansion =
        capitals === undefined || !capitals.has(word) ? undefined : acronymExpansion(word, (acronyms ??= nameAcronyms(nameIndex, described)));
      if (expansion !== undefined) for (const expanded of expansion) termWeights.set(expanded, 1);
      if (bm25.has(term)) {
        // a quoted word that no tool name has is a value the tool is to use (`the 'Priority' column`), not what it does
        const weight = (quoted === true && !termNumbers.has(term) ? QUOTED_VALUE_WEIGHT : 1) * (filter === true ? FILTER_PARTICIPLE_WEIGHT : 1) * (value === true ? VALUE_WORD_WEIGHT : 1) * requestFillerWeight(word, termNumbers.has(term));
        termWeights.set(term, Math.max(termWeights.get(term) ?? 0, weight));
        continue;
      }
      if (expansion === undefined && typos < maxTypoTerms && mayBeTypo(term)) {
        const correction = corrector.correct(word);
        if (correction !== undefined) {
          typos += 1;
          // a word written like an identifier (`create_isue`) spells a tool's name, and its correction is that name's word:
          // full weight; a mistyped word of prose (`isue`) may be a word the catalog lacks, and weighs `typoWeight`
          const weight = (identifiers ??= identifierTerms(query)).has(term) || corrector.transposes(word) ? 1 : typoWeight;
          termWeights.set(correction.term, Math.max(termWeights.get(correction.term) ?? 0, weight * correction.similarity));
          continue;
        }
      }
      // a word the catalog has only longer forms of (`crypto` → `cryptocurrencies`, `kube` →
      // `kubernetes`) matches them as a prefix; an exact match it cannot have
      if (expansion === undefined && minPrefixChars > 0 && term.length >= minPrefixChars) termWeights.set(term, Math.max(termWeights.get(term) ?? 0, 1));
    }
    addConceptWords(query, MAX_QUERY_SCAN_CHARS, termWeights, synonyms, bm25.has); // `creds` → `secret`, `static analysis` → `code scanning`, `bitcoin` → `cryptocurrency`
    // a question about things the tools name in the plural (`which branches …`, `what PRs …`) asks for their list
    for (const word of pluralQuestionTerms(query, MAX_QUERY_SCAN_CHARS, isListed)) if (bm25.has(word) && !termWeights.has(word)) termWeights.set(word, 1);
    if (synonymWeight > 0) {
      // a synonym joins at a fraction of the weight of the verb or noun the query wrote (whether
      // or not the catalog has it), never replacing a term the query wrote
      for (const { term } of terms) {
        const weight = termWeights.get(term) ?? 1;
        for (const table of SYNONYM_TABLES) {
          for (const synonym of table.get(term) ?? []) {
            if (bm25.has(synonym) && !termWeights.has(synonym)) {
              // a word no tool's name holds (`folder`, `attach`) whose synonym some names hold (`directory`, `upload`): the catalog's word for it
              const named = !termNumbers.has(term) && termNumbers.has(synonym) ? NAME_SYNONYM_FACTOR : 1;
              termWeights.set(synonym, Math.min(weight, weight * synonymWeight * named));
              synonyms.add(synonym);
            }
          }
        }
      }
    }
    const neighbours = new Set<string>();
    if (thesaurus !== undefined) {
      // a word written like an identifier (`widget_beta`, `write_file`) names a tool: its pieces'
      // neighbours would find other tools, not that one
      const named = terms.some(({ term }) => (identifiers ??= identifierTerms(query)).has(term));
      const words = named ? terms.filter(({ term }) => !identifiers!.has(term)) : terms;
      // (the neighbours are told apart only when they are matched in fewer fields than the query's words)
      const before = neighbourBoosts === undefined ? undefined : new Set(termWeights.keys());
      if (!expandAll) expandWithThesaurus(words, termWeights, synonyms, bm25.has, documentsWith, thesaurus);
      else expandWithThesaurus(words, termWeights, synonyms, bm25.has, documentsWith, { ...thesaurus, expand: 'all', weight: weakQueries!.weight }, (term) => idfOf(term) / Math.log(1 + documentCount));
      if (before !== undefined) for (const term of termWeights.keys()) if (!before.has(term)) neighbours.add(term);
    }
    return { termWeights, synonyms, neighbours, terms: terms.map(({ term }) => term) };
  }

  /** A term's IDF among the tools, `ln(1 + N/n)`, `n` at least 1; `idfOf(term) / ln(1 + N)` is its share of the highest (1 for a term one tool has). */
  function idfOf(term: string): number {
    return Math.log(1 + documentCount / Math.max(1, bm25.has(term) ? documentsWith(term) : 0));
  }

  /** How many tools have `term` in a field (asked only of terms the index has, so bounded by its vocabulary). */
  function documentsWith(term: string): number {
    let count = documentCounts.get(term);
    if (count === undefined) {
      count = bm25.search(new Map([[term, 1]]), { fieldBoosts, minPrefixChars: 0, bm25: bm25Parameters, combine }).size;
      documentCounts.set(term, count);
    }
    return count;
  }

  /**
   * Each matching tool's fused score (BM25F normalised by the best, plus query and name
   * coverage). `quality`, when given, gets the share of the query's IDF-weighted terms that the
   * best-scoring tool matches (0 when nothing matches).
   */
  function fuse({ termWeights, synonyms, neighbours }: WeightedTerms, quality?: { topCoverage: number }): Map<number, number> {
    const scores = new Map<number, number>();
    if (quality !== undefined) quality.topCoverage = 0;
    if (termWeights.size === 0) return scores;
    const coverage = { byDocument: new Map<number, number>(), total: 0 };
    const counted = weights.queryCoverage > 0 || quality !== undefined ? coverage : undefined;
    let hits: Map<number, number>;
    if (neighbours.size === 0 || neighbourBoosts === undefined) {
      hits = bm25.search(termWeights, { fieldBoosts, minPrefixChars, bm25: bm25Parameters, combine, exactTerms: synonyms, shorterForms }, counted);
    } else {
      // thesaurus neighbours are matched in thesaurus.fields only
      const own = new Map<string, number>();
      const added = new Map<string, number>();
      for (const [term, weight] of termWeights) (neighbours.has(term) ? added : own).set(term, weight);
      hits = bm25.search(own, { fieldBoosts, minPrefixChars, bm25: bm25Parameters, combine, exactTerms: synonyms, shorterForms }, counted);
      for (const [id, score] of bm25.search(added, { fieldBoosts: neighbourBoosts, minPrefixChars, bm25: bm25Parameters, combine, exactTerms: synonyms }, counted)) {
        hits.set(id, (hits.get(id) ?? 0) + score);
      }
    }
    let best = 0;
    for (const score of hits.values()) if (score > best) best = score;
    if (best > 0) for (const [id, score] of hits) scores.set(id, (weights.bm25 * score) / best);
    if (coverage.total > 0 && weights.queryCoverage > 0) {
      for (const [id, covered] of coverage.byDocument) scores.set(id, (scores.get(id) ?? 0) + (weights.queryCoverage * covered) / coverage.total);
    }
    if (weights.nameCoverage > 0) {
      const covered = new Map<number, number>();
      for (const [term, weight] of termWeights) {
        const number = termNumbers.get(term);
        if (number === undefined) continue;
        const idf = nameCoverage.idf[number]!;
        for (let position = nameCoverage.toolStarts[number]!, end = nameCoverage.toolStarts[number + 1]!; position < end; position += 1) {
          const id = nameCoverage.tools[position]!;
          covered.set(id, (covered.get(id) ?? 0) + weight * idf);
        }
      }
      // a tool one of whose operations the query names in full (`get the reviews`: method get_reviews) is named as fully as by its name
      const operationNamed = operations === undefined ? undefined : operations.fullyNamed(writtenTerms(termWeights, synonyms));
      for (const [id, idf] of covered) {
        if (operationNamed?.has(id) === true) continue;
        scores.set(id, (scores.get(id) ?? 0) + (weights.nameCoverage * idf) / nameCoverage.idfTotal[id]!);
      }
      if (operationNamed !== undefined) for (const id of operationNamed) scores.set(id, (scores.get(id) ?? 0) + weights.nameCoverage);
      if (verbConflicts !== undefined) {
        // a tool whose name says another action than the query's verb (`write` for `get the reviews`) loses a share of name coverage's weight
        const penalty = verbConflictWeight * weights.nameCoverage;
        for (const id of verbConflicts.conflicting(writtenTerms(termWeights, synonyms), scores.keys())) scores.set(id, scores.get(id)! - penalty);
      }
    }
    if (quality !== undefined && coverage.total > 0) {
      let top = -1;
      for (const [id, score] of scores) if (top < 0 || score > scores.get(top)! || (score === scores.get(top)! && names[id]! < names[top]!)) top = id;
      quality.topCoverage = (coverage.byDocument.get(top) ?? 0) / coverage.total;
    }
    return scores;
  }
}

/** What {@link createHybridRanker}'s query side hands its scoring: term weights, the terms matched exactly, the thesaurus neighbours among them. */
interface WeightedTerms {
  readonly termWeights: Map<string, number>;
  readonly synonyms: Set<string>;
  readonly neighbours: Set<string>;
  /** The query's own terms as `queryTerms` gives them (no synonyms or neighbours), which each match's `nameCoverage` counts. */
  readonly terms: readonly string[];
}

/** Weight of a quoted single word of the query that is no name word of the catalog (`the 'Priority' column`), against 1 for the others. */
const QUOTED_VALUE_WEIGHT = 0.2;
