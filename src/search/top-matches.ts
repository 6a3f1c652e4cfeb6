import type { RankedTool } from './tool-ranker.js';

/** Better first: higher score, then canonical name. */
function isBetter(a: RankedTool, b: RankedTool): boolean {
  return a.score > b.score || (a.score === b.score && a.name < b.name);
}

/** A heap entry: a match and its tool's number. */
interface Entry extends RankedTool {
  readonly id: number;
}

/**
 * The `count` best of `scores` (scores rounded to 6 decimals), best first, leaving out `seen`
 * names: a min-heap of `count` entries, so a query matching thousands of tools costs
 * `n · log(count)` rather than a sort of all of them. `nameCoverageOf`, when given, gives each
 * returned match its `nameCoverage` (asked of those only).
 */
export function topMatches(
  scores: ReadonlyMap<number, number>,
  names: readonly string[],
  seen: ReadonlySet<string>,
  count: number,
  nameCoverageOf?: (id: number) => number,
): RankedTool[] {
  const heap: Entry[] = [];
  if (count <= 0) return heap;
  for (const [id, raw] of scores) {
    const name = names[id]!;
    if (seen.size > 0 && seen.has(name)) continue;
    const match = { name, score: Math.round(raw * 1e6) / 1e6, id };
    if (heap.length < count) {
      heap.push(match);
      for (let child = heap.length - 1; child > 0; ) {
        const parent = (child - 1) >> 1;
        if (!isBetter(heap[parent]!, heap[child]!)) break;
        [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
        child = parent;
      }
    } else if (isBetter(match, heap[0]!)) {
      heap[0] = match;
      for (let parent = 0; ; ) {
        const left = 2 * parent + 1;
        const right = left + 1;
        let worst = parent;
        if (left < heap.length && isBetter(heap[worst]!, heap[left]!)) worst = left;
        if (right < heap.length && isBetter(heap[worst]!, heap[right]!)) worst = right;
        if (worst === parent) break;
        [heap[parent], heap[worst]] = [heap[worst]!, heap[parent]!];
        parent = worst;
      }
    }
  }
  heap.sort((a, b) => (isBetter(a, b) ? -1 : isBetter(b, a) ? 1 : 0));
  return heap.map(({ name, score, id }) => (nameCoverageOf === undefined ? { name, score } : { name, score, nameCoverage: nameCoverageOf(id) }));
}

