import type { TelemetryRecord } from './telemetry-record.js';
import type { TelemetrySink } from './telemetry-sink.js';

/**
 * A sink that hands every record to `callback`.
 *
 * @param options.includeInspection also pass `machine.transition` records. Default false.
 */
export function callbackSink(
  callback: (record: TelemetryRecord) => void | Promise<void>,
  options: { readonly includeInspection?: boolean } = {},
): TelemetrySink {
  return { record: callback, includeInspection: options.includeInspection ?? false };
}
