import { tool, type Tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryArtifactStore, createMemoryJournal, createToolSearchRuntime, type ToolSearchRuntimeOptions } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { numberedLines, toolResultText } from '../helpers/pipeline-probe.js';

// C4: timeout.toolMs bounds the whole call — input validation, the permission check, the journal,
// execute, toModelOutput, the artifact store — so a stage that never settles ends its call
// timed out, naming the stage, and the turn goes on; the approver's wait is not counted.

const never = <T,>(): Promise<T> => new Promise<T>(() => undefined);
// generous, so the calls that must not time out have room on a loaded machine
const TOOL_MS = 250;

/** A tool that records its runs and returns 3,000 lines (over the output limit: artifacts run). */
function lister(runs: string[], extra: Partial<Tool> = {}) {
  return tool({
    description: 'Lists many lines.',
    inputSchema: z.object({}),
    execute: async (): Promise<string> => {
      runs.push('execute');
      return numberedLines(3_000);
    },
    ...extra,
  } as Tool<Record<string, never>, string>);
}

async function runTurn(options: Omit<ToolSearchRuntimeOptions, 'tools'> & { tool?: Partial<Tool> }) {
  const runs: string[] = [];
  const { tool: extra, ...runtimeOptions } = options;
  const runtime = createToolSearchRuntime({ timeout: { toolMs: TOOL_MS }, ...runtimeOptions, tools: { list: lister(runs, extra) }, direct: ['list'] });
  const scripted = createScriptedModel({
    steps: [{ toolCalls: [{ toolCallId: 'c1', toolName: 'list', input: {} }] }, { text: 'went on' }],
  });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { result, runs, call: result.steps[0]!.toolResults[0]!, seen: () => toolResultText(scripted.requests[1]!.prompt, 'c1') };
}

describe('options.timeout.toolMs bounds every stage of the call', () => {
  const beforeExecute: [string, Omit<ToolSearchRuntimeOptions, 'tools'> & { tool?: Partial<Tool> }, string][] = [
    ['the permission check', { permission: () => never() }, 'the permission check'],
    ['journal.read', { journal: { read: () => never(), write: () => undefined } }, 'the execution journal (journal.read)'],
    ['journal.write of the start', { journal: { read: () => undefined, write: () => never() } }, 'the execution journal to record its start (journal.write)'],
    [
      'input validation (an async refinement that never settles)',
      { tool: { inputSchema: z.object({}).refine(async () => never<boolean>()) } },
      'its input validation',
    ],
  ];
  it.each(beforeExecute)('%s that never settles ends the call timed out, naming the stage; the tool does not run and the turn goes on', async (_name, options, stage) => {
    const { result, runs, call, seen } = await runTurn(options);
    expect(result).toMatchObject({ status: 'completed', text: 'went on' });
    expect(runs).toEqual([]);
    expect(call).toMatchObject({
      outcome: 'error',
      timedOut: true,
      output: `list timed out after ${TOOL_MS} ms waiting for ${stage} and did not run. It is safe to call it again.`,
    });
    expect(seen()).toBe(call.output);
  });

  it('a toModelOutput that never settles ends the call timed out, naming toModelOutput', async () => {
    const { result, runs, call } = await runTurn({ tool: { toModelOutput: () => never() } });
    expect(result.status).toBe('completed');
    expect(runs).toEqual(['execute']);
    expect(call).toMatchObject({
      outcome: 'error',
      timedOut: true,
      output: `list ran, but converting its output (toModelOutput) did not finish within its ${TOOL_MS} ms timeout, so the output is not shown.`,
    });
  });

  it('a journal.write of the completion that never settles keeps the result, with timedOut and a journalError naming it', async () => {
    const inner = createMemoryJournal();
    const { result, call } = await runTurn({
      journal: { read: (id) => inner.read(id), write: (entry) => (entry.status === 'completed' ? never() : inner.write(entry)) },
      artifactStore: false,
    });
    expect(result.status).toBe('completed');
    expect(call).toMatchObject({
      outcome: 'ok',
      timedOut: true,
      journalError: `the journal did not record the completed call within the call's ${TOOL_MS} ms timeout (journal.write)`,
    });
    expect(inner.entries().map((entry) => entry.status)).toEqual(['started']);
  });

  it('an artifactStore.put that never settles keeps the truncated output, and the note says the store did not answer in time', async () => {
    const { result, call, seen } = await runTurn({ artifactStore: { put: () => never(), get: () => undefined } });
    expect(result.status).toBe('completed');
    expect(call).toMatchObject({ outcome: 'ok', timedOut: true });
    expect(call.artifact).toBeUndefined();
    expect(seen()).toContain(`The whole output could not be stored (the artifact store did not answer within the call's ${TOOL_MS} ms timeout), so the cut part is lost.]`);
    expect(seen()).toMatch(/^line 1\n/);
  });

  it('timeout.perToolMs bounds the whole call of that tool too', async () => {
    const { call } = await runTurn({ timeout: { toolMs: 60_000, perToolMs: { list: TOOL_MS } }, permission: () => never() });
    expect(call).toMatchObject({ outcome: 'error', timedOut: true, output: `list timed out after ${TOOL_MS} ms waiting for the permission check and did not run. It is safe to call it again.` });
  });

  it('the approver’s wait is not counted: an approval that takes longer than toolMs still runs the call, within approvalMs', async () => {
    const { call, runs } = await runTurn({
      permission: () => ({ type: 'ask', reason: 'lists' }),
      approver: () => new Promise((resolve) => setTimeout(() => resolve({ type: 'allow' }), TOOL_MS * 4)),
      timeout: { toolMs: TOOL_MS, approvalMs: 60_000 },
      artifactStore: createMemoryArtifactStore(),
    });
    expect(runs).toEqual(['execute']);
    expect(call.outcome).toBe('ok');
    expect(call.timedOut).toBeUndefined();
  });

  it('a stage that never settles does not hold the other calls of the step', async () => {
    const runs: string[] = [];
    const runtime = createToolSearchRuntime({
      tools: { list: lister(runs), quick: tool({ description: 'Quick.', inputSchema: z.object({}), execute: async () => 'quick' }) },
      direct: ['list', 'quick'],
      timeout: { toolMs: TOOL_MS },
      permission: ({ toolName }) => (toolName === 'list' ? never() : { type: 'allow' }),
    });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'list', input: {} }, { toolName: 'quick', input: {} }] }, { text: 'went on' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    expect(result.steps[0]!.toolResults.map((toolResult) => [toolResult.toolName, toolResult.outcome, toolResult.timedOut ?? false])).toEqual([
      ['list', 'error', true],
      ['quick', 'ok', false],
    ]);
    expect(result.text).toBe('went on');
  });
});
