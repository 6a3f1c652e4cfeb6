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
  /**
   * Resolves once every call the turn started has started its journaled step or has a result,
   * and every call started before `toolCallId` has its result (the turn's `TOOL_RESULT`): the
   * moment `toolCallId`'s recorded result may reach the turn. Resolves at once for a call the
   * turn did not start. Rejects when `signal` aborts.
   */
  resultTurnOf(toolCallId: string, signal?: AbortSignal): Promise<void>;
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
  const calls: { readonly toolCallId: string; passed: boolean; resulted: boolean }[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...waiters]) wake();
  };
  const pass = (toolCallId: string) => {
    const call = calls.find((each) => each.toolCallId === toolCallId && !each.resulted);
    if (call === undefined) return;
    call.passed = true;
    call.resulted = true;
    wakeAll();
  };
  /** Resolves once `ready()` holds, checked now and after every change, then calls `then`; rejects when `signal` aborts. */
  const waitUntil = (ready: () => boolean, signal: AbortSignal | undefined, then: () => void = () => {}) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (signal?.aborted === true) {
          waiters.delete(check);
          return reject(signal.reason);
        }
        if (!ready()) return;
        waiters.delete(check);
        resolve();
        then();
      };
      waiters.add(check);
      signal?.addEventListener('abort', check, { once: true });
      check();
    });
  return {
    observe(event) {
      if (event.type !== '@xstate.event' || event.actorRef.sessionId !== event.rootId) return;
      const inner = event.event as { type: string; toolCallId?: string; result?: { toolCallId?: string } };
      if (inner.type === 'TOOL_CALL_STARTED' && typeof inner.toolCallId === 'string') calls.push({ toolCallId: inner.toolCallId, passed: false, resulted: false });
      if (inner.type === 'TOOL_RESULT' && typeof inner.result?.toolCallId === 'string') pass(inner.result.toolCallId);
    },
    turnOf(toolCallId, signal) {
      const mine = calls.find((each) => each.toolCallId === toolCallId && !each.passed);
      if (mine === undefined) return Promise.resolve();
      const before = () => calls.slice(0, calls.indexOf(mine));
      return waitUntil(
        () => before().every((each) => each.passed),
        signal,
        () => {
          mine.passed = true;
          // the next one is woken after this one's await went on (its step is started first)
          queueMicrotask(wakeAll);
        },
      );
    },
    resultTurnOf(toolCallId, signal) {
      const mine = calls.find((each) => each.toolCallId === toolCallId && !each.resulted);
      if (mine === undefined) return Promise.resolve();
      return waitUntil(() => calls.every((each) => each.passed) && calls.slice(0, calls.indexOf(mine)).every((each) => each.resulted), signal);
    },
  };
}
