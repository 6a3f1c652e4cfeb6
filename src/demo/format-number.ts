/** `1234567` → `1,234,567`: grouped with commas, the same on every machine and locale. */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}
