import { TurnscopeError } from './turnscope-error.js';

/**
 * `runtime.resume()` was given something that is not a turn snapshot it can continue: not an
 * object of format `turnscope.turn-snapshot` version 1, a machine state that is not a step
 * boundary, or the snapshot of a turn that already ended. Code `invalid-snapshot`. Fix: pass
 * a `snapshot` from a `step-end` part or `turn.snapshot()` of a turn that was still running,
 * as it was (or through `JSON.parse(JSON.stringify(…))`).
 */
export class InvalidSnapshotError extends TurnscopeError {
  constructor(problem: string) {
    super({ code: 'invalid-snapshot', message: `Cannot resume this turn snapshot: ${problem}` });
  }
}
