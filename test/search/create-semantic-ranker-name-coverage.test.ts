import { describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { createSemanticRanker } from '../../src/search/create-semantic-ranker.js';
import { createEmbeddingCache } from '../../src/search/embedding-cache.js';
import { relevanceFloorsOf, sizedRelevanceFloor } from '../../src/search/relevance-floor-of.js';
import type { AnyToolRanker, RankerDocument } from '../../src/search/tool-ranker.js';
import { createConceptEmbeddingModel } from '../helpers/concept-embedding.js';
import { CONCEPT_DOCUMENTS } from '../helpers/concept-documents.js';

// the concept catalog and a mail tool whose name the lexical side cannot read as mail (`inbox`)
const DOCUMENTS: RankerDocument[] = [...CONCEPT_DOCUMENTS, { name: 'inbox_cleaner', description: 'Archive old mail.', group: 'mail' }];

const semantic = (lexical?: AnyToolRanker) =>
  createSemanticRanker({ documents: DOCUMENTS, model: createConceptEmbeddingModel(), cache: createEmbeddingCache(), ...(lexical === undefined ? {} : { lexical }) });

describe('C24 createSemanticRanker carries each fused match’s nameCoverage (the relevance floor’s name gain)', () => {
  it('gives a match the lexical ranker found the lexical nameCoverage', async () => {
    const query = 'take a screenshot of the browser page';
    const lexical = new Map(createHybridRanker(DOCUMENTS).rank(query, 50).map((match) => [match.name, match.nameCoverage]));
    const fused = await (await semantic()).rank(query, 3);
    expect(fused.map((match) => match.name)).toEqual(['browser_take_screenshot', 'browser_navigate', 'create_issue']);
    expect(fused[0]!.nameCoverage).toBeGreaterThan(0.5);
    for (const match of fused) expect(match.nameCoverage).toBe(lexical.get(match.name) ?? 0);
  });

  it('counts it the same way for a tool only the embeddings found (its name words are not indexed here), so its floor drops', async () => {
    // the name neither indexed nor fused: the lexical side cannot find `inbox` in `inbox_cleaner`; the embeddings do (inbox ~ mail)
    const lexical = createHybridRanker(DOCUMENTS, { boosts: { name: 0 }, weights: { nameCoverage: 0 }, thesaurus: false });
    expect(lexical.rank('inbox message', 5).map((match) => match.name)).toEqual(['send_email']);
    const fused = await (await semantic(lexical)).rank('inbox message', 2);
    expect(fused.map((match) => match.name)).toEqual(['send_email', 'inbox_cleaner']);
    // `inbox` is half of the query's IDF weight (each term is in one tool's text or none)
    expect(fused[1]!.nameCoverage).toBeCloseTo(0.5, 10);
    expect(fused[0]!.nameCoverage).toBe(0);
    // the stop rule reads it: the floor of `inbox_cleaner` is 0.4 × 0.5 lower than the size-only one
    const minScoreOf = relevanceFloorsOf(fused, { floor: 0.62, slope: 0.175, nameWeight: 0.4, charsOf: () => 200 })!;
    expect(minScoreOf('inbox_cleaner')).toBeCloseTo((sizedRelevanceFloor(0.62, 0.175, 200) - 0.4 * 0.5) * fused[0]!.score, 10);
  });

  it('a tool named outright keeps its lexical entry; a lexical ranker of your own without nameCoverage gives none to the tools only it found', async () => {
    const named = await (await semantic()).rank('send_email with a picture', 3);
    expect(named[0]).toEqual({ name: 'send_email', score: 1_000_000 });
    const plain: AnyToolRanker = { name: 'plain', rank: () => [{ name: 'write_file', score: 3 }] };
    const fused = await (await semantic(plain)).rank('a file on disk', 2);
    expect(fused.map((match) => match.name)).toEqual(['write_file', 'browser_navigate']);
    expect(fused.every((match) => match.nameCoverage === undefined)).toBe(true);
  });
});
