import type { ExecutionJournal, ExecutionJournalEntry, JournaledCall, JournaledResult } from './execution-journal.js';

/** What the journal stage hands on: the result, whether it was replayed, and a recording failure. */
export interface JournalStageResult {
  readonly result: JournaledResult;
  readonly replayed: boolean;
  /** Set when the completed call could not be recorded (it ran; a retry may run it again). */
  readonly journalError?: string;
}

/**
 * The durable execution stage (C4): a completed entry for the same operation, tool and input
 * is replayed without running `run` (when `replayable`); otherwise a `started` entry is
 * written, `run` runs, and a `completed` entry with its result is written — unless `aborted()`
 * says the turn ended meanwhile (the call did not finish, so a retry must run it again).
 * A journal that cannot be read, or cannot record the start, stops the call before it runs
 * (an `error` result), so nothing runs unrecorded. Never throws.
 */
export async function journalStage(options: {
  readonly journal: ExecutionJournal;
  readonly call: JournaledCall;
  /** False for `tool_search`: its effect (activation) lives in the turn and must be rebuilt, so it always runs. */
  readonly replayable: boolean;
  readonly now: () => number;
  readonly aborted: () => boolean;
  readonly run: () => Promise<JournaledResult>;
}): Promise<JournalStageResult> {
  const { journal, call } = options;
  const refused = (what: string, error: unknown): JournalStageResult => {
    const message = `The execution journal could not ${what} (${messageOf(error)}), so ${call.toolName} did not run. It is safe to call it again.`;
    return { result: { outcome: 'error', output: message, modelOutput: { type: 'error-text', value: message } }, replayed: false };
  };
  let existing: ExecutionJournalEntry | undefined;
  try {
    existing = await journal.read(call.operationId);
  } catch (error) {
    return refused(`be read`, error);
  }
  if (
    options.replayable &&
    existing?.status === 'completed' &&
    existing.toolName === call.toolName &&
    existing.inputDigest === call.inputDigest
  ) {
    return { result: existing.result, replayed: true };
  }
  try {
    await journal.write({ ...call, status: 'started' });
  } catch (error) {
    return refused(`record the start of ${call.operationId}`, error);
  }
  const result = await options.run();
  if (options.aborted()) return { result, replayed: false };
  const completedAt = options.now();
  try {
    await journal.write({ ...call, status: 'completed', completedAt, result });
    return { result, replayed: false };
  } catch (error) {
    return { result, replayed: false, journalError: `the journal could not record the completed call: ${messageOf(error)}` };
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
