import { describeThrown } from '../errors/describe-thrown.js';
import { isCallStop, type CallStop } from './call-stop.js';
import type { ExecutionJournal, ExecutionJournalEntry, JournaledCall, JournaledResult } from './execution-journal.js';
import { runStage } from './run-stage.js';

/** What the journal stage hands on: the result, whether it was replayed, and a recording failure. */
export interface JournaledRun {
  readonly result: JournaledResult;
  readonly replayed: boolean;
  /** Set when the completed call could not be recorded (it ran; a retry may run it again). */
  readonly journalError?: string;
  /** True when the completion could not be recorded because the call's budget ran out. */
  readonly timedOut?: boolean;
}

/**
 * The durable execution stage (C4): a completed entry for the same operation, tool and input
 * is replayed without running `run` (when `replayable`); otherwise a `started` entry is
 * written, `run` runs, and a `completed` entry with its result is written. A journal that
 * cannot be read, or cannot record the start, stops the call before it runs (an `error`
 * result), so nothing runs unrecorded. Never throws, whatever the journal throws or returns.
 *
 * Every journal call awaits under `signal` (the call's budget, C17): once it aborts, no later
 * step begins and the stage returns a {@link CallStop} naming the journal call it waited for.
 * A call stopped after its `started` entry was written but before `run` began gets a `not-run`
 * entry (written once the `started` write settles, not awaited): its tool did not run, so the
 * journal never keeps a lone `started` entry for it. A call whose turn ended while `run` ran
 * keeps its `started` entry (it may have partly run; a retry runs it again). A completed call
 * whose budget is spent by the time it can be recorded (it timed out) is recorded without
 * waiting for the journal.
 */
export async function runJournaled(options: {
  readonly journal: ExecutionJournal;
  readonly call: JournaledCall;
  /** The tool policy's `replayable`: false for a tool whose effect lives in the turn (`tool_search`), which always runs. */
  readonly replayable: boolean;
  readonly now: () => number;
  /** The call's signal: aborts when the turn ends or the call's budget is spent. */
  readonly signal: AbortSignal;
  /** True when `signal` aborted because the budget was spent (not the turn). */
  readonly timedOut: () => boolean;
  /** The call's budget in ms, for messages. */
  readonly timeoutMs: number;
  /** Runs the tool; must call it in its first synchronous run (no await before `execute`). */
  readonly run: () => Promise<JournaledResult | CallStop>;
}): Promise<JournaledRun | CallStop> {
  const { journal, call, signal } = options;
  const refused = (what: string, error: unknown): JournaledRun => {
    const message = `The execution journal could not ${what} (${describeThrown(error)}), so ${call.toolName} did not run. It is safe to call it again.`;
    return { result: { outcome: 'error', output: message, modelOutput: { type: 'error-text', value: message } }, replayed: false };
  };
  const read = await runStage(signal, async () => replayableEntry(await journal.read(call.operationId), call));
  if (read.status === 'stopped') return { stopped: 'journal.read', ran: false };
  if (read.status === 'threw') return refused('be read', read.error);
  if (options.replayable && read.value !== undefined) return { result: read.value, replayed: true };

  let startWrite: Promise<unknown> | undefined;
  const started = await runStage(signal, () => (startWrite = Promise.resolve(journal.write({ ...call, status: 'started' }))));
  if (started.status === 'threw') return refused(`record the start of ${call.operationId}`, started.error);
  // the check right before `run`: nothing starts once the signal aborted
  if (started.status === 'stopped' || signal.aborted) {
    if (startWrite !== undefined) markNotRun(journal, call, startWrite);
    return { stopped: 'journal.write', ran: false };
  }
  const result = await options.run();
  if (isCallStop(result)) {
    if (!result.ran && startWrite !== undefined) markNotRun(journal, call, startWrite);
    return result;
  }
  const completed: ExecutionJournalEntry = { ...call, status: 'completed', completedAt: options.now(), result };
  if (signal.aborted && options.timedOut()) {
    // the call timed out: its error must still replay on a retry (it may have had effects)
    void Promise.resolve()
      .then(() => journal.write(completed))
      .catch(() => undefined);
    return { result, replayed: false };
  }
  const written = await runStage(signal, () => journal.write(completed));
  if (written.status === 'done') return { result, replayed: false };
  if (written.status === 'threw') return { result, replayed: false, journalError: `the journal could not record the completed call: ${describeThrown(written.error)}` };
  if (!options.timedOut()) return { stopped: 'journal.write', ran: true };
  return { result, replayed: false, journalError: `the journal did not record the completed call within the call's ${options.timeoutMs} ms timeout (journal.write)`, timedOut: true };
}

/**
 * The result of a `completed` entry of the same tool and input, copied out of what the journal
 * returned (a store's object is read once, never trusted); `undefined` for anything else.
 *
 * @throws when the entry cannot be read (a getter or Proxy that throws) or a matching completed
 *   entry holds no result: the journal is then unreadable for this call.
 */
function replayableEntry(entry: ExecutionJournalEntry | undefined, call: JournaledCall): JournaledResult | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  if (entry.status !== 'completed' || entry.toolName !== call.toolName || entry.inputDigest !== call.inputDigest) return undefined;
  const result: unknown = entry.result;
  const outcome = (result as JournaledResult | null)?.outcome;
  const modelOutput = (result as JournaledResult | null)?.modelOutput;
  if ((outcome !== 'ok' && outcome !== 'error') || modelOutput === null || typeof modelOutput !== 'object' || typeof (modelOutput as { type?: unknown }).type !== 'string') {
    throw new Error(`its completed entry for ${call.operationId} holds no readable result`);
  }
  const timedOut = (result as JournaledResult).timedOut === true;
  return { outcome, output: (result as JournaledResult).output, modelOutput, ...(timedOut ? { timedOut } : {}) };
}

/** Once the `started` write settles, records that the call did not run after all (errors ignored). */
function markNotRun(journal: ExecutionJournal, call: JournaledCall, startWrite: Promise<unknown>): void {
  void startWrite
    .then(() => journal.write({ ...call, status: 'not-run' }))
    .catch(() => undefined);
}
