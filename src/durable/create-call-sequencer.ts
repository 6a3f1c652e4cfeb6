import type { InspectionEvent } from 'xstate';

/** What {@link createCallSequencer} answers. */
export interface CallSequencer {
  /** The turn actor's inspection events (pass as its `inspect`): the calls' order and their results. */
  observe(event: InspectionEvent): void;
  /**
   * Resolves once every call the turn started before `toolCallId` has started its journaled
   * step or has a result without one; then counts `toolCallId` as started. Resolves at once for
   * a call the turn did not start (a nested call of code mode). Rejects when `signal` aborts.
   */
  turnOf(toolCallId: string, signal?: AbortSignal): Promise<void>;
}

/**
 * Puts the journaled steps of a step's parallel tool calls in call order (C29), so that every
 * execution of a durable turn starts them in the same order. An engine matches a re-execution
 * with its journal by position; the calls of one step reach `execute` after their own
 * validation, permission check and approval, which may take their own time (a permission
 * service, a person), so without this the first execution could journal `b` before `a` and a
 * replay `a` before `b` — Restate then stops the invocation with a journal mismatch (570) and
 * retries it for ever. A call waits only for the calls before it in the turn; none waits for a
 * call after it, so the wait always ends (at the latest when the earlier calls have results).
 *
 * The order comes from the machine's `TOOL_CALL_STARTED` events (one per call, in call order,
 * as a step starts) and `TOOL_RESULT` events (one per call, with or without a run). Tool call
 * ids may repeat across steps; each event counts for the first call of its id still waiting.
 */
export function createCallSequencer(): CallSequencer {
  const calls: { readonly toolCallId: string; passed: boolean }[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };
  const pass = (toolCallId: string) => {
    const call = calls.find((each) => each.toolCallId === toolCallId && !each.passed);
    if (call === undefined) return;
    call.passed = true;
    wakeAll();
  };
  return {
    observe(event) {
      if (event.type !== '@xstate.event' || event.actorRef.sessionId !== event.rootId) return;
      const inner = event.event as { type: string; toolCallId?: string; result?: { toolCallId?: string } };
      if (inner.type === 'TOOL_CALL_STARTED' && typeof inner.toolCallId === 'string') calls.push({ toolCallId: inner.toolCallId, passed: false });
      if (inner.type === 'TOOL_RESULT' && typeof inner.result?.toolCallId === 'string') pass(inner.result.toolCallId);
    },
    turnOf(toolCallId, signal) {
      const mine = calls.find((each) => each.toolCallId === toolCallId && !each.passed);
      if (mine === undefined) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (signal?.aborted === true) {
            waiters.delete(check);
            return reject(signal.reason);
          }
          if (calls.slice(0, calls.indexOf(mine)).some((each) => !each.passed)) return;
          waiters.delete(check);
          mine.passed = true;
          resolve();
          // the next one is woken after this one's await went on (its step is started first)
          queueMicrotask(wakeAll);
        };
        waiters.add(check);
        signal?.addEventListener('abort', check, { once: true });
        check();
      });
    },
  };
}
