import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { openTelemetrySink } from '../../src/telemetry/open-telemetry-sink.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

/** A runtime over the sample tools whose telemetry goes to an in-memory OpenTelemetry exporter, with a clock of 10 ms a reading. */
function tracedRuntime(options: { readonly prefetch?: { readonly limit: number }; readonly generateId?: () => string } = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const { tools, groups } = sampleTools();
  let time = 1_700_000_000_000;
  const runtime = createToolSearchRuntime({
    tools,
    groups,
    ...options,
    now: () => (time += 10),
    telemetry: openTelemetrySink({ tracer: provider.getTracer('test') }),
  });
  return { exporter, runtime };
}

describe('openTelemetrySink', () => {
  it('makes a span per turn, per step and per tool execution, nested, with the records as attributes', async () => {
    const { exporter, runtime } = tracedRuntime({ generateId: () => 'turn-otel' });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }, { toolName: 'slack_post_message', input: { channel: '#a', text: 'x' } }] },
        { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 't' } }] },
        { text: 'done' },
      ],
    });
    await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name).sort()).toEqual([
      'turnscope.step',
      'turnscope.step',
      'turnscope.step',
      'turnscope.tool.execution',
      'turnscope.tool.execution',
      'turnscope.tool.execution',
      'turnscope.turn',
    ]);
    const turn = spans.find((span) => span.name === 'turnscope.turn')!;
    const steps = spans.filter((span) => span.name === 'turnscope.step');
    const toolSpans = spans.filter((span) => span.name === 'turnscope.tool.execution');
    const parentOf = (span: (typeof spans)[number]) => span.parentSpanContext?.spanId;

    expect(steps.every((step) => parentOf(step) === turn.spanContext().spanId)).toBe(true);
    const stepByIndex = new Map(steps.map((step) => [step.attributes['turnscope.step_index'], step]));
    for (const toolSpan of toolSpans) {
      expect(parentOf(toolSpan)).toBe(stepByIndex.get(toolSpan.attributes['turnscope.step_index'])!.spanContext().spanId);
    }

    expect(turn.attributes).toMatchObject({
      'turnscope.turn_id': 'turn-otel',
      'turnscope.status': 'completed',
      'turnscope.reason': 'stop',
      'turnscope.bound_tools': 7,
      'turnscope.direct_tools': ['Bash', 'Read'],
    });
    expect(stepByIndex.get(1)!.attributes['turnscope.visible']).toEqual(['Bash', 'Read', 'tool_search', 'github_create_issue']);
    const search = toolSpans.find((span) => span.attributes['turnscope.tool_name'] === 'tool_search')!;
    expect(search.attributes).toMatchObject({
      'turnscope.origin': 'search',
      'turnscope.outcome': 'ok',
      'turnscope.search.query': 'github_create_issue',
      'turnscope.search.activated': ['github_create_issue'],
      'turnscope.search.effective_limit': 1,
    });
    const hidden = toolSpans.find((span) => span.attributes['turnscope.tool_name'] === 'slack_post_message')!;
    expect(hidden.attributes['turnscope.outcome']).toBe('rejected-hidden');
    expect(hidden.status).toMatchObject({ code: 2, message: 'rejected-hidden' });
    expect(turn.startTime[0]).toBe(1_700_000_000);
  });

  it("the prefetch's search, which no tool_search call made, is a turnscope.search span of the turn (C25)", async () => {
    const { exporter, runtime } = tracedRuntime({ prefetch: { limit: 1 } });
    await runtime.send({ model: createScriptedModel({ steps: [{ text: 'I cannot.' }] }).model, prompt: 'Post a message to the Slack channel #ops' }).result;

    const spans = exporter.getFinishedSpans();
    // before: the prefetch's search.end record found no tool_search span and was dropped
    expect(spans.map((span) => span.name).sort()).toEqual(['turnscope.search', 'turnscope.step', 'turnscope.turn']);
    const turn = spans.find((span) => span.name === 'turnscope.turn')!;
    const search = spans.find((span) => span.name === 'turnscope.search')!;
    expect(search.parentSpanContext?.spanId).toBe(turn.spanContext().spanId);
    expect(search.attributes).toMatchObject({
      'turnscope.search.origin': 'prefetch',
      'turnscope.search.tool_call_id': 'prefetch',
      'turnscope.search.query': 'Post a message to the Slack channel #ops',
      'turnscope.search.activated': ['slack_post_message'],
      'turnscope.search.requested_limit': 1,
    });
  });
});
