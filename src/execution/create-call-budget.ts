import { timeoutSignal } from './timeout-signal.js';

/**
 * The time budget of one tool call (C4): every stage of the pipeline — input validation,
 * the permission check, the operation id, the journal, `execute`, `toModelOutput`, the
 * artifact store — runs under {@link CallBudget.signal}, so a stage that never settles ends the
 * call when the budget is spent instead of holding the turn. The approver's wait is not counted
 * ({@link CallBudget.excluding}): it has its own limit, `timeout.approvalMs`.
 */
export interface CallBudget {
  /**
   * Aborts when the turn's signal aborts (with the turn's reason) or when the budget is spent
   * (a `DOMException` named `TimeoutError`, as `AbortSignal.timeout` gives). A new signal after
   * each {@link CallBudget.excluding}: read it when a stage starts.
   */
  readonly signal: AbortSignal;
  /** The call's budget in milliseconds; `0` means none (only the turn's signal stops it). */
  readonly timeoutMs: number;
  /** True once the budget is spent and the turn's signal has not aborted. */
  timedOut(): boolean;
  /**
   * Runs `run` with the budget paused: its time is not counted, and `signal` only follows the
   * turn's signal meanwhile. The budget goes on with what was left when `run` settles.
   */
  excluding<T>(run: () => Promise<T>): Promise<T>;
  /** Lets go of the budget's timer; call it when the call has ended (idempotent). */
  dispose(): void;
}

/**
 * Starts the budget of one call now: `AbortSignal.any([turnSignal, AbortSignal.timeout(ms)])`
 * (STYLE 19, see {@link timeoutSignal}), no timer of its own. Pausing measures the time spent
 * with `performance.now()` and resumes with a fresh `AbortSignal.timeout` for the rest.
 *
 * @param options.timeoutMs milliseconds, `timeout.toolMs` or `timeout.perToolMs[name]`; `0`: none.
 */
export function createCallBudget(options: { readonly turnSignal: AbortSignal; readonly timeoutMs: number }): CallBudget {
  const { turnSignal, timeoutMs } = options;
  let leftMs = timeoutMs;
  let runningSince = performance.now();
  let timed = timeoutMs === 0 ? undefined : timeoutSignal(turnSignal, timeoutMs);
  let signal = timed?.signal ?? turnSignal;
  return {
    get signal() {
      return signal;
    },
    timeoutMs,
    timedOut: () => signal !== turnSignal && signal.aborted && !turnSignal.aborted,
    async excluding<T>(run: () => Promise<T>): Promise<T> {
      if (signal === turnSignal) return run();
      leftMs = signal.aborted ? 0 : Math.max(0, leftMs - (performance.now() - runningSince));
      timed?.dispose();
      timed = undefined;
      signal = turnSignal;
      try {
        return await run();
      } finally {
        runningSince = performance.now();
        // a budget spent before the pause stays spent; otherwise the rest runs from now
        if (leftMs < 1) signal = AbortSignal.any([turnSignal, AbortSignal.abort(budgetSpent())]);
        else {
          timed = timeoutSignal(turnSignal, Math.ceil(leftMs));
          signal = timed.signal;
        }
      }
    },
    dispose: () => timed?.dispose(),
  };
}

function budgetSpent(): DOMException {
  return new DOMException('The operation was aborted due to timeout', 'TimeoutError');
}
