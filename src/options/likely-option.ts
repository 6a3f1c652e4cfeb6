/**
 * The known option name a misspelled `key` most likely means: the same name in another case, or
 * one within two edits (case aside); `undefined` when none is that close.
 */
export function likelyOption(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  return known.find((name) => name.toLowerCase() === lower) ?? known.find((name) => editDistance(name.toLowerCase(), lower) <= 2);
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
