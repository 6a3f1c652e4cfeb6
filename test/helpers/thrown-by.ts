/** What `run` throws (any value, an `Error` or not), or `undefined` when it returns. */
export function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}
