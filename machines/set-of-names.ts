/** Sets already built, by the frozen name list they were built from. */
const builtSets = new WeakMap<readonly string[], ReadonlySet<string>>();

/**
 * `new Set(names)`, built once per frozen list: a turn's B is frozen for the turn's life and
 * checked on every step and every activation, and with thousands of bound tools rebuilding its
 * Set each time cost more than the rest of the step. A list that is not frozen may still change,
 * so it gets a new Set on every call.
 */
export function setOfNames(names: readonly string[]): ReadonlySet<string> {
  if (!Object.isFrozen(names)) return new Set(names);
  let set = builtSets.get(names);
  if (set === undefined) {
    set = new Set(names);
    builtSets.set(names, set);
  }
  return set;
}
