// turnscope/telemetry: sinks for the runtime's `telemetry` option and the records they receive (C21).
// openTelemetrySink needs the optional peer dependency `@opentelemetry/api` (loaded when it is called).
export { callbackSink } from './callback-sink.js';
export { jsonlFileSink } from './jsonl-file-sink.js';
export type { JsonlFileSink } from './jsonl-file-sink.js';
export { openTelemetrySink } from './open-telemetry-sink.js';
export type { TelemetrySink } from './telemetry-sink.js';
export { TELEMETRY_RECORD_TYPES } from './telemetry-record.js';
export type {
  MachineTransitionRecord,
  SearchEndRecord,
  StepEndRecord,
  StepStartRecord,
  TelemetryRecord,
  TelemetryToolOrigin,
  ToolExecutionEndRecord,
  ToolExecutionStartRecord,
  TurnEndRecord,
  TurnStartRecord,
} from './telemetry-record.js';
