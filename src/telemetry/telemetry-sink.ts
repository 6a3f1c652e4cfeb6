import type { TelemetryRecord } from './telemetry-record.js';

/**
 * Where telemetry records go. `record` is called synchronously as things happen and is never
 * awaited: a sink that throws, rejects or is slow never breaks or delays a turn (STYLE 11).
 */
export interface TelemetrySink {
  /** Receives one record. May return a promise; its rejection is reported, not awaited. */
  record(record: TelemetryRecord): void | Promise<void>;
  /** When true, the runtime also sends `machine.transition` records from xstate inspection. Default false. */
  readonly includeInspection?: boolean;
}
