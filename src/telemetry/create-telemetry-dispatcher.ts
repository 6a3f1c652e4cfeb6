import type { TelemetryRecord } from './telemetry-record.js';
import type { TelemetrySink } from './telemetry-sink.js';
import { describeThrown } from '../errors/describe-thrown.js';

/** Sends records to every sink, safely. Built once per runtime. */
export interface TelemetryDispatcher {
  /** False when no sink is configured: callers may skip building records. */
  readonly enabled: boolean;
  /** True when some sink wants `machine.transition` records. */
  readonly wantsInspection: boolean;
  emit(record: TelemetryRecord): void;
}

/**
 * Dispatches each record to every sink without awaiting it. A sink that throws or rejects is
 * reported once (per sink) through `onSinkError`, then keeps receiving records; the turn never
 * sees the error (STYLE 11).
 *
 * @param options.onSinkError default: one `console.warn` per failing sink.
 */
export function createTelemetryDispatcher(options: {
  readonly sinks: readonly TelemetrySink[];
  readonly onSinkError?: (error: unknown, sink: TelemetrySink) => void;
}): TelemetryDispatcher {
  const reported = new Set<TelemetrySink>();
  const onSinkError =
    options.onSinkError ??
    ((error: unknown) => console.warn(`turnscope: a telemetry sink failed and is ignored: ${describeThrown(error)}`));
  const report = (sink: TelemetrySink, error: unknown) => {
    if (reported.has(sink)) return;
    reported.add(sink);
    try {
      onSinkError(error, sink);
    } catch {
      // an error handler that throws must not break the turn either
    }
  };
  return {
    enabled: options.sinks.length > 0,
    wantsInspection: options.sinks.some((sink) => sink.includeInspection === true),
    emit(record) {
      for (const sink of options.sinks) {
        if (record.type === 'machine.transition' && sink.includeInspection !== true) continue;
        try {
          const pending = sink.record(record);
          if (pending !== undefined && typeof (pending as Promise<void>).then === 'function') {
            (pending as Promise<void>).then(undefined, (error: unknown) => report(sink, error));
          }
        } catch (error) {
          report(sink, error);
        }
      }
    },
  };
}
