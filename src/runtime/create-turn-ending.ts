import { activationsOf, closeRunningStepOf, type TurnMachineOutput } from '../../machines/turn-machine.js';
import type { TurnError } from '../../machines/turn-types.js';
import type { TurnActor } from './create-turn-actor.js';
import type { TurnRecorder } from './create-turn-recorder.js';
import type { TurnEventRecords } from './record-turn-events.js';
import type { TurnResult } from './runtime-options.js';
import { turnResultOf } from './turn-result-of.js';

/** How a turn ends: from the machine's output, or failed from outside the machine. */
export interface TurnEnding {
  /** The turn's `result`; never rejects. */
  readonly result: Promise<TurnResult>;
  /** True once the turn ended (every later ending is a no-op). */
  ended(): boolean;
  /** Ends the turn with the machine's output: records `turn.end`, resolves `result`. */
  end(output: TurnMachineOutput): void;
  /**
   * Ends the turn `failed` (`execution-error`) from outside the machine: a requiredTools failure
   * at step 0, a throwing `inspect` observer, a throwing machine action. A running actor is
   * stopped, which aborts its model call and its tools like a cancel; the result is built from
   * its context as the machine would build it (closeRunningStepOf).
   */
  fail(error: TurnError, text?: string): void;
  /**
   * Ends a turn whose actor was never started `cancelled` (reason `cancelled`, a `TurnCancelled`
   * error with `reason` as its message): a cancel while its prefetch ranked (C25). No step ran.
   */
  cancelUnstarted(reason: string): void;
}

/**
 * The ending of one turn. `onEnd` runs once, before `result` resolves (the turn's wiring stops
 * listening to the caller's signal and to the actor there); `closedAt` reads the clock for the
 * results of calls a failure closes (`undefined` when the clock itself broke).
 */
export function createTurnEnding(options: {
  readonly actor: TurnActor;
  readonly recorder: TurnRecorder;
  readonly events: TurnEventRecords;
  readonly closedAt: () => number | undefined;
  readonly onEnd: () => void;
}): TurnEnding {
  const { actor, recorder } = options;
  let resolveResult!: (result: TurnResult) => void;
  const result = new Promise<TurnResult>((resolve) => {
    resolveResult = resolve;
  });
  let ended = false;
  const end = (output: TurnMachineOutput) => {
    if (ended) return;
    ended = true;
    options.onEnd();
    const turnResult = turnResultOf(output);
    recorder.turnEnd({ stepIndex: output.stepIndex, status: output.status, reason: output.finishReason, steps: output.stepRecords.length, usage: turnResult.usage, error: output.error });
    resolveResult(turnResult);
  };
  const fail = (error: TurnError, text = '') => {
    if (ended) return;
    const wasRunning = actor.getSnapshot().status === 'active';
    if (wasRunning) actor.stop();
    const context = actor.getSnapshot().context;
    const closing = wasRunning ? closeRunningStepOf(context, options.closedAt() ?? 0) : undefined;
    if (closing !== undefined) {
      options.events.recordClosed(context.stepIndex, closing.closed);
      recorder.stepEnd(context.stepIndex, context.stepFinishReason, closing.closingResults.length, undefined);
    }
    end({
      status: 'failed',
      finishReason: 'execution-error',
      error,
      steps: context.stepIndex + 1,
      messages: context.messages,
      text,
      turnId: context.turnId,
      stepIndex: context.stepIndex,
      stepRecords: closing?.stepRecords ?? context.stepRecords,
      usage: context.usage,
      activated: [...new Set([...context.activated, ...activationsOf(context)])],
      closingResults: closing?.closingResults ?? context.closingResults,
    });
  };
  const cancelUnstarted = (reason: string) => {
    const context = actor.getSnapshot().context;
    end({
      status: 'cancelled',
      finishReason: 'cancelled',
      error: { name: 'TurnCancelled', message: reason, isRetryable: false },
      steps: 0,
      messages: context.messages,
      text: '',
      turnId: context.turnId,
      stepIndex: context.stepIndex,
      stepRecords: [],
      usage: context.usage,
      activated: [],
      closingResults: [],
    });
  };
  return { result, ended: () => ended, end, fail, cancelUnstarted };
}
