import { type Bm25Index, createBm25Index } from './create-bm25-index.js';
import { createNameTypoCorrector } from './create-name-typo-corrector.js';
import { findNamedTools } from './find-named-tools.js';
import { identifierTerms, MAX_QUERY_SCAN_CHARS, queryTerms } from './query-terms.js';
import { stemWord, tokenizeText } from './tokenize-text.js';
import type { RankedTool, RankerDocument, ToolRanker } from './tool-ranker.js';
import { TOOL_VERB_SYNONYMS } from './tool-verb-synonyms.js';
import { expandWithThesaurus } from './expand-with-thesaurus.js';
import { resolveThesaurusExpansion } from './resolve-thesaurus-expansion.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { DEFAULT_FIELD_BOOSTS, DEFAULT_FUSION_WEIGHTS, DEFAULT_HYBRID_SETTINGS, type FieldBoosts, type HybridRankerOptions } from './hybrid-ranker-options.js';
import { topMatches } from './top-matches.js';

export { DEFAULT_FIELD_BOOSTS, DEFAULT_FUSION_WEIGHTS, DEFAULT_HYBRID_SETTINGS } from './hybrid-ranker-options.js';
export type { FieldBoosts, FusionWeights, HybridRankerOptions } from './hybrid-ranker-options.js';

/** Queries of at most this many terms have every unknown term typo-corrected. */
const SHORT_QUERY_TERMS = 3;

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
 *    puts it at rank 1.
 * 2. The query is cut to its first 64 distinct terms (of its first 4,000 characters), tokenized
 *    like the documents (camelCase, `_`, `-`, `.` split; stop words dropped; light stemming);
 *    the filler words of a request ("I would like", "can you kindly": `QUERY_FILLER_WORDS` of query-terms.ts)
 *    are dropped unless nothing else is left.
 * 3. A term found nowhere in the index is looked up among the name words with fuse.js
 *    (`broswer` → `browser`); the correction joins the query, weighted by its similarity. A
 *    common tool verb brings its synonyms at `synonymWeight` ({@link TOOL_VERB_SYNONYMS}:
 *    `fetch` → `get`, `retrieve`, …). A term no tool has (not in a word written like a name) brings its nearest words in the
 *    shipped GloVe thesaurus that the catalog has (`sushi` → `restaurant`; `thesaurus` option,
 *    {@link expandWithThesaurus}; `thesaurus: false` turns it off).
 * 4. BM25F ({@link createBm25Index} with `combine: 'bm25f'`) over name words, description,
 *    parameter names, parameter descriptions and group, with field boosts and prefix matching
 *    (each distinct text tokenized once per build), is normalised by the best score and fused
 *    linearly with name coverage (the IDF-weighted share of a tool's name words in the query)
 *    and query coverage (the IDF-weighted share of the query's terms the tool matches). Ties
 *    break by canonical name.
 *
 * @throws {InvalidOptionError} `documents` is not an array, or a `thesaurus` field is out of range.
 */
export function createHybridRanker(documents: readonly RankerDocument[], options: HybridRankerOptions = {}): ToolRanker {
  if (!Array.isArray(documents)) {
    throw new InvalidOptionError({ option: 'documents', value: documents, expected: 'an array of ranker documents, as the runtime passes them: createHybridRanker(documents, options)' });
  }
  const boosts = { ...DEFAULT_FIELD_BOOSTS, ...options.boosts };
  const weights = { ...DEFAULT_FUSION_WEIGHTS, ...options.weights };
  const maxQueryTerms = options.maxQueryTerms ?? DEFAULT_HYBRID_SETTINGS.maxQueryTerms;
  const minPrefixChars = options.minPrefixChars ?? DEFAULT_HYBRID_SETTINGS.minPrefixChars;
  const maxTypoTerms = options.maxTypoTerms ?? DEFAULT_HYBRID_SETTINGS.maxTypoTerms;
  const typoWeight = options.typoWeight ?? DEFAULT_HYBRID_SETTINGS.typoWeight;
  const bm25Parameters = options.bm25 ?? DEFAULT_HYBRID_SETTINGS.bm25;
  const combine = options.combine ?? DEFAULT_HYBRID_SETTINGS.combine;
  const synonymWeight = options.synonymWeight ?? DEFAULT_HYBRID_SETTINGS.synonymWeight;
  const thesaurus = resolveThesaurusExpansion(options.thesaurus);

  // The build runs once, much of it before the JIT has optimized it, and the interpreter is far
  // slower at for-of and Map destructuring than at an index: hence the indexed loops below.
  const documentCount = documents.length;
  const names: string[] = [];
  const nameSet = new Set<string>();
  const byLowerName = new Map<string, string>();
  // name word as written → its term; names share their words, so each distinct word is stemmed
  // and kept once (10,000 names hold ~37,000 words, ~8,000 distinct)
  const termOfNameWord = new Map<string, string>();
  const nameTermsOf: string[][] = [];
  const nameTermsById: string[][] = [];
  const compoundNames = new Set<string>();
  for (let id = 0; id < documentCount; id += 1) {
    const name = documents[id]!.name;
    names.push(name);
    nameSet.add(name);
    // of names equal but for case, the first in sort order (no sort: 10,000 names cost ~15 ms to sort)
    const lower = name.toLowerCase();
    const known = byLowerName.get(lower);
    if (known === undefined || name < known) byLowerName.set(lower, name);
    const words = tokenizeText(name, { stem: false });
    const nameTerms: string[] = [];
    for (let index = 0; index < words.length; index += 1) {
      const word = words[index]!;
      let term = termOfNameWord.get(word);
      if (term === undefined) termOfNameWord.set(word, (term = stemWord(word)));
      nameTerms.push(term);
    }
    nameTermsOf.push(nameTerms);
    nameTermsById.push(hasDuplicate(nameTerms) ? [...new Set(nameTerms)] : nameTerms);
    if (nameTerms.length >= 2) compoundNames.add(name);
  }

  // a field boosted 0 is not indexed at all: it could only cost build time and memory
  const fieldNames = (Object.keys(boosts) as (keyof FieldBoosts)[]).filter((field) => boosts[field] > 0);
  const fieldBoosts = fieldNames.map((field) => boosts[field]);
  const bm25 = indexFields(documents, fieldNames, nameTermsOf);

  // name coverage: name word → ids, each word weighted by its IDF among the names
  const idsByNameTerm = new Map<string, number[]>();
  for (let id = 0; id < documentCount; id += 1) {
    const terms = nameTermsById[id]!;
    for (let index = 0; index < terms.length; index += 1) {
      const ids = idsByNameTerm.get(terms[index]!);
      if (ids === undefined) idsByNameTerm.set(terms[index]!, [id]);
      else ids.push(id);
    }
  }
  const nameTermIdf = new Map<string, number>();
  idsByNameTerm.forEach((ids, term) => nameTermIdf.set(term, Math.log(1 + documentCount / ids.length)));
  const nameIdfTotal = new Float64Array(documentCount);
  for (let id = 0; id < documentCount; id += 1) {
    const terms = nameTermsById[id]!;
    let total = 0;
    for (let index = 0; index < terms.length; index += 1) total += nameTermIdf.get(terms[index]!) ?? 0;
    nameIdfTotal[id] = total;
  }
  // aliases name their tool like its canonical name does, unless the alias is another tool's name
  for (let id = 0; id < documentCount; id += 1) {
    const aliases = documents[id]!.aliases;
    if (aliases === undefined) continue;
    for (const alias of aliases) {
      if (!byLowerName.has(alias.toLowerCase())) byLowerName.set(alias.toLowerCase(), names[id]!);
    }
  }
  const corrector = createNameTypoCorrector(termOfNameWord.keys(), stemWord);
  const acronyms = nameAcronyms(nameTermsOf, nameTermIdf);
  const isCompound = (name: string) => compoundNames.has(name);
  const documentCounts = new Map<string, number>();

  return {
    name: 'hybrid',
    rank(query: string, maxResults: number): RankedTool[] {
      if (typeof query !== 'string' || maxResults <= 0) return [];
      const named = findNamedTools({
        query,
        byLowerName,
        names: nameSet,
        isCompound,
        resolveTypo: (entry) => resolveNameTypo(entry),
        maxScanChars: MAX_QUERY_SCAN_CHARS,
      });
      const ranked: RankedTool[] = named.names.map((name, index) => ({ name, score: NAMED_TOOL_SCORE - index }));
      if (named.select || ranked.length >= maxResults) return ranked.slice(0, maxResults);

      const { termWeights, synonyms } = weightedTerms(query);
      const scores = fuse(termWeights, synonyms);
      const seen = new Set(named.names);
      const rest = topMatches(scores, names, seen, maxResults - ranked.length);
      return [...ranked, ...rest];
    },
  };

  function weightedTerms(query: string): { termWeights: Map<string, number>; synonyms: Set<string> } {
    const termWeights = new Map<string, number>();
    const synonyms = new Set<string>();
    const terms = queryTerms(query, maxQueryTerms);
    // In a sentence an unknown word is usually a real word the catalog lacks, not a typo:
    // correct only short queries and identifier-like words (what a model writes for a name).
    let identifiers: Set<string> | undefined;
    const mayBeTypo = (term: string) => terms.length <= SHORT_QUERY_TERMS || (identifiers ??= identifierTerms(query)).has(term);
    let typos = 0;
    let written: Set<string> | undefined;
    for (const { term, word } of terms) {
      // `PR`, `PRs` written in capitals → the name words they abbreviate (`pull`, `request`)
      const capitals = word.length <= 3 && acronyms.size > 0 ? (written ??= capitalWords(query)) : undefined;
      const expansion =
        capitals === undefined || !capitals.has(word) ? undefined : (acronyms.get(word) ?? (word.length === 3 && word.endsWith('s') ? acronyms.get(word.slice(0, 2)) : undefined));
      if (expansion !== undefined) for (const expanded of expansion) termWeights.set(expanded, 1);
      if (bm25.has(term)) {
        termWeights.set(term, Math.max(termWeights.get(term) ?? 0, 1));
      } else if (expansion === undefined && typos < maxTypoTerms && mayBeTypo(term)) {
        const correction = corrector.correct(word);
        if (correction === undefined) continue;
        typos += 1;
        termWeights.set(correction.term, Math.max(termWeights.get(correction.term) ?? 0, typoWeight * correction.similarity));
      }
    }
    if (synonymWeight > 0) {
      // a synonym joins at a fraction of the weight of the verb the query wrote (whether or not
      // the catalog has that verb), never replacing a term the query wrote
      for (const { term } of terms) {
        const weight = termWeights.get(term) ?? 1;
        for (const synonym of TOOL_VERB_SYNONYMS.get(term) ?? []) {
          if (bm25.has(synonym) && !termWeights.has(synonym)) {
            termWeights.set(synonym, weight * synonymWeight);
            synonyms.add(synonym);
          }
        }
      }
    }
    if (thesaurus !== undefined) {
      // a word written like an identifier (`widget_beta`, `write_file`) names a tool: its pieces'
      // neighbours would find other tools, not that one
      const named = terms.some(({ term }) => (identifiers ??= identifierTerms(query)).has(term));
      const words = named ? terms.filter(({ term }) => !identifiers!.has(term)) : terms;
      expandWithThesaurus(words, termWeights, synonyms, bm25.has, documentsWith, thesaurus);
    }
    return { termWeights, synonyms };
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

  function fuse(termWeights: ReadonlyMap<string, number>, synonyms: ReadonlySet<string>): Map<number, number> {
    const scores = new Map<number, number>();
    if (termWeights.size === 0) return scores;
    const coverage = { byDocument: new Map<number, number>(), total: 0 };
    const hits = bm25.search(termWeights, { fieldBoosts, minPrefixChars, bm25: bm25Parameters, combine, exactTerms: synonyms }, weights.queryCoverage > 0 ? coverage : undefined);
    let best = 0;
    for (const score of hits.values()) if (score > best) best = score;
    if (best > 0) for (const [id, score] of hits) scores.set(id, (weights.bm25 * score) / best);
    if (coverage.total > 0) {
      for (const [id, covered] of coverage.byDocument) scores.set(id, (scores.get(id) ?? 0) + (weights.queryCoverage * covered) / coverage.total);
    }
    if (weights.nameCoverage > 0) {
      const covered = new Map<number, number>();
      for (const [term, weight] of termWeights) {
        const idf = nameTermIdf.get(term);
        if (idf === undefined) continue;
        for (const id of idsByNameTerm.get(term)!) covered.set(id, (covered.get(id) ?? 0) + weight * idf);
      }
      for (const [id, idf] of covered) {
        scores.set(id, (scores.get(id) ?? 0) + (weights.nameCoverage * idf) / nameIdfTotal[id]!);
      }
    }
    return scores;
  }

  function resolveNameTypo(entry: string): string | undefined {
    const wanted = tokenizeText(entry, { stem: false }).map((word) =>
      nameTermIdf.has(stemWord(word)) ? stemWord(word) : (corrector.correct(word)?.term ?? stemWord(word)),
    );
    if (wanted.length === 0) return undefined;
    let bestId: number | undefined;
    for (const id of idsByNameTerm.get(wanted[0]!) ?? []) {
      const terms = nameTermsById[id]!;
      if (terms.length === wanted.length && wanted.every((term) => terms.includes(term))) {
        if (bestId === undefined || names[id]! < names[bestId]!) bestId = id;
      }
    }
    return bestId === undefined ? undefined : names[bestId];
  }
}

/** The words of the query written as a two-capital acronym, lowercased (`PR`, `PRs` → `pr`, `prs`). */
function capitalWords(query: string): Set<string> {
  return new Set((query.slice(0, MAX_QUERY_SCAN_CHARS).match(/\b[A-Z]{2}s?\b/g) ?? []).map((word) => word.toLowerCase()));
}

/**
 * Acronyms of the word pairs in the catalog's names (`pull_request` → `pr`, `merge_request` →
 * `mr`): two-letter acronym → the two name terms, for the pairs that occur in at least two names
 * and, of the pairs sharing an acronym, occur most (ties: none). An acronym that is itself a
 * name word is left out (`id` in `get_by_id` keeps its meaning).
 */
function nameAcronyms(nameTermsOf: readonly string[][], nameTerms: ReadonlyMap<string, number>): Map<string, readonly [string, string]> {
  const pairCounts = new Map<string, Map<string, number>>();
  // indexed loops and character codes: this runs over every name word of the build
  for (let name = 0; name < nameTermsOf.length; name += 1) {
    const terms = nameTermsOf[name]!;
    for (let index = 0; index + 1 < terms.length; index += 1) {
      const first = terms[index]!;
      const second = terms[index + 1]!;
      if (first.length < 3 || second.length < 3 || !startsLowercase(first) || !startsLowercase(second)) continue;
      const acronym = first[0]! + second[0]!;
      const pairs = pairCounts.get(acronym) ?? new Map<string, number>();
      const pair = `${first} ${second}`;
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
      pairCounts.set(acronym, pairs);
    }
  }
  const acronyms = new Map<string, readonly [string, string]>();
  for (const [acronym, pairs] of pairCounts) {
    if (nameTerms.has(acronym)) continue;
    const ranked = [...pairs].sort((a, b) => b[1] - a[1]);
    const [best, second] = ranked;
    if (best === undefined || best[1] < 2 || (second !== undefined && second[1] === best[1])) continue;
    const [first, last] = best[0].split(' ') as [string, string];
    acronyms.set(acronym, [first, last]);
  }
  return acronyms;
}

/** True when `term` starts with an ASCII lower-case letter. */
function startsLowercase(term: string): boolean {
  const code = term.charCodeAt(0);
  return code >= 97 && code <= 122;
}

/** True when a term occurs twice in `terms` (a name's few terms: a nested loop allocates nothing). */
function hasDuplicate(terms: readonly string[]): boolean {
  if (terms.length > 16) return new Set(terms).size < terms.length;
  for (let index = 1; index < terms.length; index += 1) if (terms.lastIndexOf(terms[index]!, index - 1) !== -1) return true;
  return false;
}

/**
 * The BM25 index of the documents' fields. A function of its own so that the build's memo,
 * documents and name terms are not in the scope `rank` closes over: they are garbage once built.
 */
function indexFields(documents: readonly RankerDocument[], fieldNames: readonly (keyof FieldBoosts)[], nameTermsOf: readonly string[][]): Bm25Index {
  const tokenize = memoizedTokenizer();
  return createBm25Index({
    documentCount: documents.length,
    fieldCount: fieldNames.length,
    piecesOf: (id, field) => {
      const fieldName = fieldNames[field]!;
      return fieldName === 'name' ? [nameTermsOf[id]!] : fieldPiecesOf(documents[id]!, fieldName, tokenize);
    },
  });
}

/**
 * The index terms of one field of a document other than its name, as pieces: one per text
 * (the description, the group, each parameter's name or description), each the array the
 * memoized tokenizer keeps for that text, so the index finds a repeated text's term ids once.
 */
function fieldPiecesOf(document: RankerDocument, field: Exclude<keyof FieldBoosts, 'name'>, tokenize: (text: string) => readonly string[]): readonly (readonly string[])[] {
  const parameters = document.parameters ?? [];
  switch (field) {
    case 'description':
      return [tokenize(document.description)];
    case 'group':
      return [tokenize(document.group)];
    case 'parameterNames': {
      const pieces = new Array<readonly string[]>(parameters.length);
      for (let index = 0; index < parameters.length; index += 1) pieces[index] = tokenize(parameters[index]!.name);
      return pieces;
    }
    case 'parameterDescriptions': {
      const pieces = new Array<readonly string[]>(parameters.length);
      for (let index = 0; index < parameters.length; index += 1) pieces[index] = tokenize(parameters[index]!.description);
      return pieces;
    }
  }
}

/**
 * {@link tokenizeText} remembering the terms of every text it has seen, for one index build:
 * catalogs repeat text (every tool of a server shares its group label, and parameter names such
 * as `path` or `owner` recur across tools), so each distinct text is tokenized once, and its
 * one array lets the index reuse the text's term ids.
 */
function memoizedTokenizer(): (text: string) => readonly string[] {
  const termsByText = new Map<string, readonly string[]>();
  return (text) => {
    let terms = termsByText.get(text);
    if (terms === undefined) termsByText.set(text, (terms = tokenizeText(text)));
    return terms;
  };
}
