import { createRequire } from 'node:module';
import type { Attributes, Span, Tracer } from '@opentelemetry/api';
import { MissingPeerDependencyError } from '../errors/missing-peer-dependency-error.js';
import type { TelemetryRecord } from './telemetry-record.js';
import type { TelemetrySink } from './telemetry-sink.js';

const ATTRIBUTE_PREFIX = 'turnscope.';

/**
 * A sink that turns records into OpenTelemetry spans through `@opentelemetry/api`:
 * `turnscope.turn` per turn (from `turn.start` to `turn.end`), `turnscope.step` per provider
 * request (a child of the turn; a retried step gets one span per attempt) and
 * `turnscope.tool.execution` per tool call (a child of its step). Every record's fields become
 * attributes prefixed `turnscope.` (arrays of strings and numbers as arrays, objects as JSON);
 * a `search.end` record adds `turnscope.search.*` attributes to its `tool_search` span, and the
 * prefetch's (C25: origin `prefetch`, made by no call) is a `turnscope.search` span of its own, a
 * child of the turn, ending at the record's timestamp and lasting its `durationMs`. Span
 * times come from the records' timestamps (the runtime's `now`). A failed or cancelled turn and a
 * tool call whose outcome is not `ok` get status ERROR.
 *
 * `@opentelemetry/api` is an optional peer dependency of turnscope: it is loaded when this
 * function is called (the same module instance your code imports, so the global tracer provider
 * and context are shared), and importing `turnscope/telemetry` works without it.
 *
 * @param options.tracer default: `trace.getTracer('turnscope')` from the global provider.
 * @throws {MissingPeerDependencyError} `@opentelemetry/api` is not installed.
 */
export function openTelemetrySink(options: { readonly tracer?: Tracer } = {}): TelemetrySink {
  const { context, SpanStatusCode, trace } = loadOpenTelemetryApi();
  const tracer = options.tracer ?? trace.getTracer('turnscope');
  const turns = new Map<string, Span>();
  const steps = new Map<string, Span>();
  const tools = new Map<string, Span>();
  const stepKey = (turnId: string, stepIndex: number) => `${turnId}#${stepIndex}`;
  // a call is its turn, step and call id: a provider may reuse a call id in another step (C29)
  const toolKey = (turnId: string, stepIndex: number, toolCallId: string) => `${turnId}#${stepIndex}#${toolCallId}`;
  const parentContext = (span: Span | undefined) => (span === undefined ? context.active() : trace.setSpan(context.active(), span));

  return {
    record(record: TelemetryRecord) {
      switch (record.type) {
        case 'turn.start': {
          turns.set(record.turnId, tracer.startSpan('turnscope.turn', { startTime: record.timestamp, attributes: attributesOf(record) }));
          return;
        }
        case 'step.start': {
          const key = stepKey(record.turnId, record.stepIndex);
          steps.get(key)?.end(record.timestamp);
          const span = tracer.startSpan(
            'turnscope.step',
            { startTime: record.timestamp, attributes: attributesOf(record) },
            parentContext(turns.get(record.turnId)),
          );
          steps.set(key, span);
          return;
        }
        case 'tool.execution.start': {
          const span = tracer.startSpan(
            'turnscope.tool.execution',
            { startTime: record.timestamp, attributes: attributesOf(record) },
            parentContext(steps.get(stepKey(record.turnId, record.stepIndex)) ?? turns.get(record.turnId)),
          );
          tools.set(toolKey(record.turnId, record.stepIndex, record.toolCallId), span);
          return;
        }
        case 'search.end': {
          const attributes = attributesOf(record, `${ATTRIBUTE_PREFIX}search.`);
          const call = tools.get(toolKey(record.turnId, record.stepIndex, record.toolCallId));
          if (call !== undefined) {
            call.setAttributes(attributes);
            return;
          }
          // the prefetch's search (C25) ran before step 0 with no tool_search call: a span of its own
          if (record.origin !== 'prefetch') return;
          const durationMs = typeof record.durationMs === 'number' && Number.isFinite(record.durationMs) && record.durationMs > 0 ? record.durationMs : 0;
          tracer.startSpan('turnscope.search', { startTime: record.timestamp - durationMs, attributes }, parentContext(turns.get(record.turnId))).end(record.timestamp);
          return;
        }
        case 'tool.execution.end': {
          const key = toolKey(record.turnId, record.stepIndex, record.toolCallId);
          const span = tools.get(key);
          if (span === undefined) return;
          span.setAttributes(attributesOf(record));
          if (record.outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: record.outcome });
          span.end(record.timestamp);
          tools.delete(key);
          return;
        }
        case 'step.end': {
          const key = stepKey(record.turnId, record.stepIndex);
          const span = steps.get(key);
          span?.setAttributes(attributesOf(record));
          span?.end(record.timestamp);
          steps.delete(key);
          return;
        }
        case 'turn.end': {
          for (const [key, span] of [...tools, ...steps]) {
            if (!key.startsWith(`${record.turnId}#`)) continue;
            span.end(record.timestamp);
            tools.delete(key);
            steps.delete(key);
          }
          const span = turns.get(record.turnId);
          if (span === undefined) return;
          span.setAttributes(attributesOf(record));
          if (record.status !== 'completed') span.setStatus({ code: SpanStatusCode.ERROR, message: record.error ?? record.reason });
          span.end(record.timestamp);
          turns.delete(record.turnId);
          return;
        }
        default:
          return;
      }
    },
  };
}

function attributesOf(record: TelemetryRecord, prefix = ATTRIBUTE_PREFIX): Attributes {
  const attributes: Attributes = {};
  for (const [key, value] of Object.entries(record)) {
    if (key === 'type' || key === 'timestamp' || value === undefined || value === null) continue;
    const name = `${prefix}${snakeCase(key)}`;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') attributes[name] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) attributes[name] = value as string[];
    else if (Array.isArray(value) && value.every((item) => typeof item === 'number')) attributes[name] = value as number[];
    else attributes[name] = JSON.stringify(value);
  }
  return attributes;
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

type OpenTelemetryApi = typeof import('@opentelemetry/api');

/** `@opentelemetry/api`, or MissingPeerDependencyError when it is not installed. */
function loadOpenTelemetryApi(): OpenTelemetryApi {
  try {
    return createRequire(import.meta.url)('@opentelemetry/api') as OpenTelemetryApi;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'MODULE_NOT_FOUND' && String((error as Error).message).includes("'@opentelemetry/api'")) {
      throw new MissingPeerDependencyError({ packages: ['@opentelemetry/api'], neededBy: 'openTelemetrySink()', cause: error });
    }
    throw error;
  }
}
