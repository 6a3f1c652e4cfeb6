import { describe, expect, it, vi } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { callbackSink } from '../../src/telemetry/callback-sink.js';
import type { TelemetryRecord } from '../../src/telemetry/telemetry-record.js';
import type { TelemetrySink } from '../../src/telemetry/telemetry-sink.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

const script = () =>
  createScriptedModel({
    steps: [
      {
        toolCalls: [
          { toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } },
          { toolName: 'github_create_issue', input: { repo: 'a/b', title: 'early' } },
        ],
      },
      { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'ok' } }] },
      { text: 'done' },
    ],
  });

function clock(start = 1_000, stepMs = 10) {
  let time = start;
  return () => (time += stepMs);
}

describe('options.telemetry: the records of a turn (C21)', () => {
  it('emits turn.start, step.start, search.end, tool.execution.start/end, step.end and turn.end with their fields', async () => {
    const records: TelemetryRecord[] = [];
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, now: clock(), generateId: () => 'turn-1', telemetry: callbackSink((record) => void records.push(record)) });
    await runtime.send({ model: script().model, prompt: 'go' }).result;

    expect(records.map((record) => `${record.type}@${record.stepIndex}`)).toEqual([
      'turn.start@0',
      'step.start@0',
      'tool.execution.start@0',
      'tool.execution.start@0',
      'search.end@0',
      'tool.execution.end@0',
      'tool.execution.end@0',
      'step.end@0',
      'step.start@1',
      'tool.execution.start@1',
      'tool.execution.end@1',
      'step.end@1',
      'step.start@2',
      'step.end@2',
      'turn.end@2',
    ]);
    expect(records.every((record) => record.turnId === 'turn-1')).toBe(true);
    const timestamps = records.map((record) => record.timestamp);
    expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));

    const search = records.find((record) => record.type === 'search.end');
    expect(search).toMatchObject({ query: 'github_create_issue', requestedLimit: 1, effectiveLimit: 1, activated: ['github_create_issue'], skipped: [] });
    expect(search?.type === 'search.end' && search.ranked[0]?.name).toBe('github_create_issue');
    expect(search?.type === 'search.end' && search.schemaCharsActivated).toBe(runtime.catalog.get('github_create_issue')!.schemaChars);

    const ends = records.filter((record) => record.type === 'tool.execution.end');
    expect(ends.map((record) => record.type === 'tool.execution.end' && [record.toolName, record.origin, record.outcome, record.stepIndex])).toEqual([
      ['tool_search', 'search', 'ok', 0],
      ['github_create_issue', 'hidden', 'rejected-hidden', 0],
      ['github_create_issue', 'discovered', 'ok', 1],
    ]);

    const stepOne = records.find((record) => record.type === 'step.start' && record.stepIndex === 1);
    expect(stepOne).toMatchObject({ attempt: 1, visible: ['Bash', 'Read', 'tool_search', 'github_create_issue'] });
    if (stepOne?.type === 'step.start') {
      expect(stepOne.totalSchemaChars).toBe(Object.values(stepOne.schemaChars).reduce((sum, chars) => sum + chars, 0));
      expect(stepOne.schemaChars.github_create_issue).toBe(runtime.catalog.get('github_create_issue')!.schemaChars);
    }
    expect(records.at(-1)).toMatchObject({ type: 'turn.end', status: 'completed', reason: 'stop', steps: 3, usage: { inputTokens: 30, outputTokens: 15 } });
    expect(records[0]).toMatchObject({ type: 'turn.start', boundTools: 7, boundSchemaChars: runtime.catalog.totalSchemaChars, directTools: ['Bash', 'Read'], deferredTools: 5 });
  });

  it('machine.transition records go only to sinks that ask for inspection, and end with the final state before turn.end', async () => {
    const plain: TelemetryRecord[] = [];
    const inspected: TelemetryRecord[] = [];
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({
      tools,
      groups,
      telemetry: [callbackSink((record) => void plain.push(record)), callbackSink((record) => void inspected.push(record), { includeInspection: true })],
    });
    await runtime.send({ model: script().model, prompt: 'go' }).result;

    expect(plain.some((record) => record.type === 'machine.transition')).toBe(false);
    const states = inspected.flatMap((record) => (record.type === 'machine.transition' ? [`${record.state}<-${record.event}`] : []));
    expect(states[0]).toBe('awaitingStep.requesting<-xstate.init');
    expect(states).toContain('executingStep<-ACTIVATE');
    expect(states.at(-1)).toMatch(/^completed<-/);
    expect(inspected.at(-1)?.type).toBe('turn.end');
    expect(inspected.at(-2)?.type).toBe('machine.transition');
  });
});

describe('a sink cannot break or delay a turn (STYLE 11)', () => {
  it('a throwing sink and a rejecting sink: the turn completes and onSinkError is told once per sink', async () => {
    const { tools, groups } = sampleTools();
    const throwing: TelemetrySink = { record: () => { throw new Error('disk full'); } };
    const rejecting: TelemetrySink = { record: async () => { throw new Error('collector down'); } };
    const errors: string[] = [];
    const runtime = createToolSearchRuntime({
      tools,
      groups,
      telemetry: [throwing, rejecting],
      onSinkError: (error) => errors.push((error as Error).message),
    });
    const result = await runtime.send({ model: script().model, prompt: 'go' }).result;
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(result.status).toBe('completed');
    expect(errors.sort()).toEqual(['collector down', 'disk full']);
  });

  it('a sink that never settles does not hold the turn', async () => {
    const { tools, groups } = sampleTools();
    const record = vi.fn(() => new Promise<void>(() => {}));
    const runtime = createToolSearchRuntime({ tools, groups, telemetry: { record } });
    const result = await runtime.send({ model: script().model, prompt: 'go' }).result;

    expect(result.status).toBe('completed');
    expect(record).toHaveBeenCalledTimes(15);
  });

  it('without onSinkError a failing sink is reported once with console.warn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, telemetry: { record: () => { throw new Error('nope'); } } });
    await runtime.send({ model: script().model, prompt: 'go' }).result;

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('nope');
    warn.mockRestore();
  });
});
