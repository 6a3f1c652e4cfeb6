import type { TurnToolResult } from '../../machines/turn-types.js';
import type { CallStop, PipelineStage } from './call-stop.js';

/** What the pipeline waited for in each stage, as a message names it. */
const WAITED_FOR: Record<PipelineStage, string> = {
  'input validation': 'its input validation',
  'permission check': 'the permission check',
  'journal.read': 'the execution journal (journal.read)',
  'journal.write': 'the execution journal to record its start (journal.write)',
  execute: 'its start',
  toModelOutput: 'its toModelOutput',
  'artifactStore.put': 'the artifact store (artifactStore.put)',
};

/**
 * The result of a call that stopped in `stop.stopped` (C4, C17): `cancelled` when the turn
 * ended — it did not run, or, once `execute` had begun, it may have taken effect — else (the
 * call's budget was spent) an `error` with `timedOut: true` whose message names the stage.
 *
 * @param options.turnEnded true when the turn's signal aborted.
 * @param options.timeoutMs the call's budget in ms.
 */
export function describeCallStop(
  stop: CallStop,
  options: { readonly toolName: string; readonly turnEnded: boolean; readonly timeoutMs: number },
): { readonly outcome: TurnToolResult['outcome']; readonly message: string; readonly timedOut?: true } {
  const { toolName, timeoutMs } = options;
  if (options.turnEnded) {
    return {
      outcome: 'cancelled',
      message: stop.ran
        ? `The turn ended while ${toolName} ran (in ${stop.stopped}); it may have taken effect.`
        : `The turn ended before ${toolName} started; it did not run.`,
    };
  }
  const message = stop.ran
    ? `${toolName} ran, but timed out after ${timeoutMs} ms waiting for ${WAITED_FOR[stop.stopped]}; it may have taken effect.`
    : `${toolName} timed out after ${timeoutMs} ms waiting for ${WAITED_FOR[stop.stopped]} and did not run. It is safe to call it again.`;
  return { outcome: 'error', message, timedOut: true };
}
