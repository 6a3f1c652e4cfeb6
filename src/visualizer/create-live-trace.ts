import type { TelemetryRecord } from '../telemetry/telemetry-record.js';
import type { TelemetrySink } from '../telemetry/telemetry-sink.js';

/** What a live page is told, in order: every record as a JSONL line, then how the run ended. */
export type LiveTraceEvent =
  | { readonly type: 'record'; readonly line: string }
  | { readonly type: 'end'; readonly status: string; readonly error?: string };

/**
 * The trace of a run in progress, kept in memory and fanned out to the pages that follow it
 * (`turnscope visualize --live`, `turnscope demo --visualize`). A page that attaches late gets
 * every earlier event first, so it replays the run so far and then follows it.
 */
export interface LiveTrace {
  /** Give it to the run's runtime (`runDemo({ telemetry })`): receives `machine.transition` records too. */
  readonly sink: TelemetrySink;
  /** Marks the run as over (`completed`, `failed`, `cancelled`, or `error` with a message). */
  end(outcome: { readonly status: string; readonly error?: string }): void;
  /**
   * Calls `listener` with every event so far, then with each new one, until the returned
   * function is called.
   */
  subscribe(listener: (event: LiveTraceEvent) => void): () => void;
  /** Resolves once some page has subscribed (at once if one already did); rejects when `abortSignal` fires. */
  waitForSubscriber(abortSignal?: AbortSignal): Promise<void>;
}

/** Creates an empty {@link LiveTrace}. */
export function createLiveTrace(): LiveTrace {
  const events: LiveTraceEvent[] = [];
  const listeners = new Set<(event: LiveTraceEvent) => void>();
  let subscribed = false;
  const waiters = new Set<() => void>();
  const publish = (event: LiveTraceEvent) => {
    events.push(event);
    for (const listener of listeners) listener(event);
  };
  return {
    sink: {
      includeInspection: true,
      record(record: TelemetryRecord) {
        publish({ type: 'record', line: JSON.stringify(record) });
      },
    },
    end(outcome) {
      if (events.some((event) => event.type === 'end')) return;
      publish({ type: 'end', status: outcome.status, ...(outcome.error === undefined ? {} : { error: outcome.error }) });
    },
    subscribe(listener) {
      for (const event of events) listener(event);
      listeners.add(listener);
      subscribed = true;
      for (const wake of waiters) wake();
      waiters.clear();
      return () => listeners.delete(listener);
    },
    waitForSubscriber(abortSignal) {
      if (subscribed) return Promise.resolve();
      return new Promise((resolve, reject) => {
        if (abortSignal?.aborted === true) return reject(abortSignal.reason);
        const onAbort = () => {
          waiters.delete(wake);
          reject(abortSignal?.reason);
        };
        const wake = () => {
          abortSignal?.removeEventListener('abort', onAbort);
          resolve();
        };
        waiters.add(wake);
        abortSignal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
