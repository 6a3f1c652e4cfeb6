import { appendFile } from 'node:fs/promises';
import type { TelemetryRecord } from './telemetry-record.js';
import type { TelemetrySink } from './telemetry-sink.js';

/** A {@link TelemetrySink} that appends JSON lines to a file. */
export interface JsonlFileSink extends TelemetrySink {
  /** The file written to. */
  readonly path: string;
  /**
   * Resolves when every record received so far is on disk, including those of turns that have
   * not ended (written as they are). Rejects with the first write error, if any.
   */
  close(): Promise<void>;
}

/**
 * Appends one JSON record per line to `path` (created if missing, never truncated). Each
 * turn's records are buffered and written together, in order, when its `turn.end` arrives:
 * one `appendFile` call per turn, and calls are chained, so lines of overlapping turns never
 * interleave mid-line. A write error rejects that turn's `record` call (reported once through
 * the runtime's `onSinkError`) and `close()`; later turns still try to write.
 *
 * @param options.includeInspection also write `machine.transition` records (for the
 *   visualizer's replay). Default false.
 */
export function jsonlFileSink(options: { readonly path: string; readonly includeInspection?: boolean }): JsonlFileSink {
  const buffers = new Map<string, string[]>();
  let writes: Promise<void> = Promise.resolve();
  let firstError: unknown;
  const write = (lines: readonly string[]) => {
    if (lines.length === 0) return writes;
    writes = writes.then(() =>
      appendFile(options.path, `${lines.join('\n')}\n`, 'utf8').catch((error: unknown) => {
        firstError ??= error;
        throw error;
      }),
    ).catch(() => undefined);
    return writes;
  };
  return {
    path: options.path,
    includeInspection: options.includeInspection ?? false,
    record(record: TelemetryRecord) {
      const lines = buffers.get(record.turnId) ?? [];
      lines.push(JSON.stringify(record));
      buffers.set(record.turnId, lines);
      if (record.type !== 'turn.end') return;
      buffers.delete(record.turnId);
      return write(lines).then(() => {
        if (firstError !== undefined) throw firstError;
      });
    },
    async close() {
      const rest = [...buffers.values()].flat();
      buffers.clear();
      await write(rest);
      if (firstError !== undefined) throw firstError;
    },
  };
}
