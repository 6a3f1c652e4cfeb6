/**
 * What a tool's `execute` resolved to: its value, or, for a streaming tool (an `AsyncIterable`
 * of preliminary results, as the AI SDK allows), the last value it yielded (`undefined` when it
 * yielded none). Rejects with what `execute` or the iteration threw.
 */
export async function lastOutputOf(value: unknown): Promise<unknown> {
  const resolved = await value;
  if (resolved !== null && typeof resolved === 'object' && Symbol.asyncIterator in resolved) {
    let last: unknown;
    for await (const item of resolved as AsyncIterable<unknown>) last = item;
    return last;
  }
  return resolved;
}
