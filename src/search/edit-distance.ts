/**
 * The optimal-string-alignment distance between two words (Damerau–Levenshtein without
 * repeated edits of one substring): insertions, deletions, substitutions and swaps of two
 * neighbouring characters, each one edit, counted in UTF-16 code units over the whole of
 * both words (`isue` → `issue` 1, `lsit` → `list` 1, `read` → `create` 3).
 *
 * @param max a bound: once every alignment costs more, the answer is `max + 1` (no more work).
 * @returns the distance, or `max + 1` when it is over `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, index) => index);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}
