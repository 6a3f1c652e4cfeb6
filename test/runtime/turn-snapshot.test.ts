import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createToolSearchRuntime,
  InvalidOptionError,
  InvalidSnapshotError,
  SnapshotCatalogMismatchError,
  type ToolSearchRuntime,
  type TurnSnapshot,
} from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/index.js';
import { collect, sampleTools } from '../helpers/sample-tools.js';

// C28: a turn's snapshot at a step boundary is plain JSON, continues only over the same catalog,
// and never widens what the turn may see.

const SCRIPT: ScriptedStep[] = [
  { toolCalls: [{ toolCallId: 'c0', toolName: 'tool_search', input: { query: 'click browser page element' } }] },
  { toolCalls: [{ toolCallId: 'c1', toolName: 'browser_click', input: { ref: 'login' } }] },
  { text: 'Clicked the login button.' },
];

function runtimeOf(options: { now?: () => number; tools?: ReturnType<typeof sampleTools>['tools'] } = {}): ToolSearchRuntime {
  const { tools, groups } = sampleTools();
  const bound = options.tools ?? tools;
  const boundGroups = Object.fromEntries(Object.entries(groups).map(([group, names]) => [group, names.filter((name) => Object.hasOwn(bound, name))]));
  return createToolSearchRuntime({ tools: bound, groups: boundGroups, now: options.now ?? (() => 0) });
}

/** Runs the script to the end and returns the turn, its parts and the snapshot of each boundary. */
async function uninterrupted(runtime = runtimeOf()) {
  const scripted = createScriptedModel({ steps: SCRIPT });
  const turn = runtime.send({ model: scripted.model, prompt: 'click login' });
  const beforeAnything = turn.snapshot();
  const parts = await collect(turn.stream);
  const snapshots = parts.flatMap((part) => (part.type === 'step-end' && part.snapshot !== undefined ? [part.snapshot] : []));
  return { turn, parts, snapshots, beforeAnything, result: await turn.result, requests: scripted.requests };
}

describe('turn snapshots (C28)', () => {
  it('a step-end part carries the boundary snapshot, turn.snapshot() the latest one, and both are plain JSON', async () => {
    const { turn, snapshots, beforeAnything, parts } = await uninterrupted();
    expect(beforeAnything).toBeUndefined();
    expect(snapshots.map((snapshot) => snapshot.stepIndex)).toEqual([1, 2]);
    // the last step ended the turn: nothing to continue from it
    expect(parts.filter((part) => part.type === 'step-end').at(-1)).not.toHaveProperty('snapshot');
    expect(turn.snapshot()).toEqual(snapshots.at(-1));
    for (const snapshot of snapshots) {
      expect(JSON.parse(JSON.stringify(snapshot))).toEqual(snapshot);
      expect(snapshot).toMatchObject({ format: 'turnscope.turn-snapshot', version: 1, turnId: turn.turnId });
    }
    const machine = snapshots[0]!.machine as { context: { active: string[]; visible: string[]; stepIndex: number } };
    expect(machine.context.active).toContain('browser_click');
    expect(machine.context.visible).toContain('browser_click');
  });

  it('resumes in another process with the same requests and result as the uninterrupted turn', async () => {
    const { snapshots, result, requests } = await uninterrupted();
    const child = await new Promise<string>((resolve, reject) => {
      const process_ = execFile(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(new URL('../fixtures/processes/resume-turn.ts', import.meta.url))],
        { cwd: fileURLToPath(new URL('../..', import.meta.url)), timeout: 60_000 },
        (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
      );
      process_.stdin!.end(JSON.stringify({ snapshot: snapshots[0], script: SCRIPT.slice(1) }));
    });
    const resumed = JSON.parse(child) as { result: unknown; requests: { toolNames: string[]; prompt: unknown }[] };
    expect(resumed.requests).toEqual(JSON.parse(JSON.stringify(requests.slice(1).map((request) => ({ toolNames: request.toolNames, prompt: request.prompt })))));
    expect(resumed.result).toEqual(JSON.parse(JSON.stringify(result)));
  }, 90_000);

  it('refuses a snapshot taken over another catalog, naming the tool that differs', async () => {
    const { snapshots } = await uninterrupted();
    const { tools } = sampleTools();
    const changed = runtimeOf({ tools: { ...tools, browser_click: tool({ description: 'Click anywhere.', inputSchema: z.object({ ref: z.string() }) }) } });
    const model = createScriptedModel({ steps: [] }).model;
    expect(() => changed.resume({ snapshot: snapshots[0]!, model })).toThrow(SnapshotCatalogMismatchError);
    expect(() => changed.resume({ snapshot: snapshots[0]!, model })).toThrow(/another definition here: "browser_click"/);
    const { browser_click: _gone, ...fewer } = tools;
    const missing = runtimeOf({ tools: fewer });
    expect(() => missing.resume({ snapshot: snapshots[0]!, model })).toThrow(/not bound here: "browser_click"/);
    // a tool the turn never touched still changes the catalog: refused, with the counts
    const more = runtimeOf({ tools: { ...tools, weather_get: tool({ description: 'Weather.', inputSchema: z.object({}) }) } });
    const count = Object.keys(tools).length;
    expect(() => more.resume({ snapshot: snapshots[0]!, model })).toThrow(`${count} tools were bound when it was taken, ${count + 1} are bound here`);
  });

  it('re-derives visibility from the catalog: an edited snapshot never widens what the turn sees or runs', async () => {
    const { snapshots } = await uninterrupted();
    const honest = (snapshots[0]!.machine as { context: { visible: string[] } }).context.visible;
    expect(honest).not.toContain('slack_post_message');
    const edited = JSON.parse(JSON.stringify(snapshots[0])) as { machine: { context: Record<string, unknown>; children: Record<string, { snapshot: { input?: Record<string, unknown> } }> } };
    const never = ['slack_post_message', 'github_create_issue', 'teleport'];
    const context = edited.machine.context;
    context.visible = [...(context.visible as string[]), ...never];
    context.active = [...(context.active as string[]), 'teleport', 'slack_post_message'].filter((name) => name !== 'slack_post_message');
    context.bound = [...(context.bound as string[]), 'teleport'];
    context.required = ['github_create_issue'];
    // the model call's own state carries no input (a resume rebuilds it); an edited one gets a widened input all the same
    for (const child of Object.values(edited.machine.children)) child.snapshot.input = { turnId: 'x', stepIndex: 1, attempt: 1, visible: [...honest, ...never], messages: [] };
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolCallId: 'x', toolName: 'github_create_issue', input: { repo: 'a/b', title: 't' } }] }, { text: 'done' }] });
    const resumed = runtimeOf().resume({ snapshot: edited as unknown as TurnSnapshot, model: scripted.model });
    const result = await resumed.result;
    expect(scripted.requests[0]!.toolNames).toEqual(honest);
    expect(result.steps.find((step) => step.stepIndex === 1)!.toolResults[0]).toMatchObject({ toolName: 'github_create_issue', outcome: 'rejected-hidden' });
  });

  it('refuses what is not a snapshot of a running turn at a step boundary', async () => {
    const runtime = runtimeOf();
    const model = createScriptedModel({ steps: [] }).model;
    const { snapshots } = await uninterrupted();
    const ended = JSON.parse(JSON.stringify(snapshots[0])) as { machine: { status: string } };
    ended.machine.status = 'done';
    const midStep = JSON.parse(JSON.stringify(snapshots[0])) as { machine: { value: unknown } };
    midStep.machine.value = 'executingStep';
    for (const [snapshot, message] of [
      [{}, /not a turn snapshot/],
      [null, /not a turn snapshot/],
      [{ ...snapshots[0]!, version: 2 }, /version 2 is not supported/],
      [ended, /already ended/],
      [midStep, /not taken at a step boundary/],
      [{ ...snapshots[0]!, catalog: undefined }, /no catalog fingerprint/],
    ] as const) {
      expect(() => runtime.resume({ snapshot: snapshot as unknown as TurnSnapshot, model })).toThrow(InvalidSnapshotError);
      expect(() => runtime.resume({ snapshot: snapshot as unknown as TurnSnapshot, model })).toThrow(message);
    }
    expect(() => runtime.resume({ snapshot: snapshots[0]!, model, prompt: 'again' } as never)).toThrow(InvalidOptionError);
  });

  it('a resumed turn is telemetered as resumed and can be cancelled', async () => {
    const { snapshots, turn: original, result: uninterruptedResult } = await uninterrupted();
    const records: TelemetryRecord[] = [];
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, telemetry: callbackSink((record) => {
      records.push(record);
    }) });
    const scripted = createScriptedModel({ steps: [{ text: 'slow', delayMs: 60_000 }] });
    const resumed = runtime.resume({ snapshot: snapshots[0]!, model: scripted.model });
    while (scripted.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    resumed.cancel('stop');
    const result = await resumed.result;
    expect(result).toMatchObject({ turnId: original.turnId, status: 'cancelled', reason: 'cancelled' });
    expect(result.steps.map((step) => step.stepIndex)).toEqual([0]);
    expect(result.activated).toEqual(uninterruptedResult.activated);
    expect(result.activated).toContain('browser_click');
    expect(records.find((record) => record.type === 'turn.start')).toMatchObject({ turnId: original.turnId, resumedAtStep: 1 });
    expect(records.find((record) => record.type === 'step.start')).toMatchObject({ stepIndex: 1 });
  });
});
