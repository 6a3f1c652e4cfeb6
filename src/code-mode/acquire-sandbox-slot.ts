import type { CodeModeOptions } from './code-mode-options.js';

interface SlotGate {
  running: number;
  readonly waiting: (() => void)[];
}

/** One gate per runtime: the runtime's resolved (frozen) `codeMode` options are its key. */
const gates = new WeakMap<CodeModeOptions, SlotGate>();

/**
 * Waits for one of the `limits.maxConcurrent` sandbox slots of a runtime (its `codeMode`
 * options object): at most that many `exec` calls hold a worker at once, across every turn of
 * the runtime; the others wait in call order. Resolves with the function that gives the slot
 * back (call it once, when the run ends), or with `undefined` when `abortSignal` fires first
 * (the call then never held a slot).
 */
export function acquireSandboxSlot(limits: CodeModeOptions, abortSignal: AbortSignal): Promise<(() => void) | undefined> {
  let gate = gates.get(limits);
  if (gate === undefined) {
    gate = { running: 0, waiting: [] };
    gates.set(limits, gate);
  }
  const held = gate;
  const release = () => {
    const next = held.waiting.shift();
    if (next === undefined) held.running -= 1;
    else next(); // the slot passes straight to the next waiting call
  };
  if (abortSignal.aborted) return Promise.resolve(undefined);
  if (held.running < limits.maxConcurrent) {
    held.running += 1;
    return Promise.resolve(once(release));
  }
  return new Promise((resolve) => {
    const take = () => {
      abortSignal.removeEventListener('abort', onAbort);
      resolve(once(release));
    };
    const onAbort = () => {
      const index = held.waiting.indexOf(take);
      if (index !== -1) held.waiting.splice(index, 1);
      resolve(undefined);
    };
    held.waiting.push(take);
    abortSignal.addEventListener('abort', onAbort, { once: true });
  });
}

function once(release: () => void): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}
