/**
 * The sentence of a `tool_search` reason for tools the query named that are callable already
 * on this step (direct, or activated earlier in the turn): nothing needs loading for them.
 * `undefined` when there are none.
 */
export function describeCallableMatches(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const one = names.length === 1;
  return `${names.join(', ')} ${one ? 'is' : 'are'} already callable on this step: call ${one ? 'it' : 'them'} directly, no search needed.`;
}
