/**
 * The sentence of a `tool_search` reason for the tools a `select:` query listed that the search
 * did not load (C10, C11), and why: past the count limit — with how to get them (a larger
 * `limit`, up to `maxLimit`, or another `select:`) — or after the schema budget stopped the walk.
 * `undefined` when nothing was left out.
 *
 * @param options.leftOut listed, searchable, not active and not loaded, in the listed order.
 * @param options.stoppedOnBudget the walk stopped on the budget (its own sentence names where).
 */
export function describeSelectLeftOut(options: {
  readonly leftOut: readonly string[];
  readonly limit: number;
  readonly maxLimit: number;
  readonly stoppedOnBudget: boolean;
}): string | undefined {
  const { leftOut, limit, maxLimit } = options;
  if (leftOut.length === 0) return undefined;
  const again = `select:${leftOut.join(',')}`;
  if (options.stoppedOnBudget) return `Also not loaded, after it: ${leftOut.join(', ')}; search again with ${again}.`;
  const how = limit < maxLimit
    ? `pass limit (up to ${maxLimit}) to load more in one search, or search again with ${again}.`
    : `${maxLimit} is the maximum limit: search again with ${again}.`;
  return `Left out ${leftOut.join(', ')}: this search loads at most ${limit} new ${limit === 1 ? 'tool' : 'tools'} (limit); ${how}`;
}
