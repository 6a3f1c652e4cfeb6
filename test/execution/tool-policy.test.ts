import { tool, type Tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TurnToolCall } from '../../machines/turn-types.js';
import { createMemoryArtifactStore } from '../../src/execution/create-memory-artifact-store.js';
import { createMemoryJournal } from '../../src/execution/create-memory-journal.js';
import { executeToolCall } from '../../src/execution/execute-tool-call.js';
import { resolvePipelineSettings } from '../../src/execution/execution-pipeline-settings.js';
import type { StepExecutionContext } from '../../src/execution/step-execution-context.js';
import { DEFAULT_TOOL_POLICY, type ToolPolicy } from '../../src/execution/tool-policy.js';

// The pipeline reads what to do with a call from the step's tool table, never from the tool's
// name: an ordinary user tool named `fetch_page` given another policy is treated by it.

const NAME = 'fetch_page';
const call: TurnToolCall = { toolCallId: 'call_0', toolName: NAME, input: { url: 'https://example.com/a' } };
const inputSchema = z.object({ url: z.string() });

/** One step's context whose table holds `NAME` → `{ tool, policy }`; the journal and store are shared across steps. */
function stepContext(options: {
  readonly tool: Tool;
  readonly policy: ToolPolicy;
  readonly journal: ReturnType<typeof createMemoryJournal>;
  readonly timeoutMs?: number;
}): StepExecutionContext {
  const pipeline = resolvePipelineSettings(
    {
      journal: options.journal,
      artifactStore: createMemoryArtifactStore(),
      outputLimit: { maxLines: 10, maxBytes: 10_000 },
      timeout: { toolMs: options.timeoutMs ?? 0, perToolMs: {}, approvalMs: 0 },
    },
    [NAME],
    [],
  );
  return {
    turnId: 'turn-1',
    stepIndex: 0,
    visible: new Set([NAME]),
    resolveTool: (name) => (name === NAME ? { tool: options.tool, policy: options.policy } : undefined),
    bound: [NAME],
    offersToolSearch: false,
    originOf: () => 'direct',
    isPendingActivation: () => false,
    permission: undefined,
    pipeline,
    messages: [],
    abortSignal: new AbortController().signal,
    now: () => 1_000,
  };
}

/** A tool that counts its runs and returns `output`. */
function countingTool(output: string): { tool: Tool; runs: () => number } {
  let runs = 0;
  return {
    tool: tool({ description: 'Fetch a page.', inputSchema, execute: async () => ((runs += 1), output) }),
    runs: () => runs,
  };
}

const page = Array.from({ length: 500 }, (_, index) => `line ${index + 1} of the page`).join('\n');

describe('executeToolCall honours the tool policy of the step table', () => {
  it('a tool whose policy is replayable: false runs again although the journal holds its completed call, and is still recorded', async () => {
    const journal = createMemoryJournal();
    const counted = countingTool('page A');
    const policy = { ...DEFAULT_TOOL_POLICY, replayable: false };
    const first = await executeToolCall({ call, context: stepContext({ tool: counted.tool, policy, journal }) });
    const again = await executeToolCall({ call, context: stepContext({ tool: counted.tool, policy, journal }) });
    expect([first.replayed, again.replayed, counted.runs()]).toEqual([false, false, 2]);
    expect(again).toMatchObject({ outcome: 'ok', output: 'page A', operationId: 'turn-1:0:call_0' });
    expect(journal.read('turn-1:0:call_0')).toMatchObject({ status: 'completed', toolName: NAME, result: { outcome: 'ok', output: 'page A' } });
  });

  it('the same tool with the default policy is replayed from the journal and does not run again', async () => {
    const journal = createMemoryJournal();
    const counted = countingTool('page A');
    await executeToolCall({ call, context: stepContext({ tool: counted.tool, policy: DEFAULT_TOOL_POLICY, journal }) });
    const again = await executeToolCall({ call, context: stepContext({ tool: counted.tool, policy: DEFAULT_TOOL_POLICY, journal }) });
    expect([again.replayed, again.output, counted.runs()]).toEqual([true, 'page A', 1]);
  });

  it('a tool whose policy is truncateOutput: false gives the model its 500-line output whole, past a 10-line limit', async () => {
    const context = stepContext({ tool: countingTool(page).tool, policy: { ...DEFAULT_TOOL_POLICY, truncateOutput: false }, journal: createMemoryJournal() });
    const result = await executeToolCall({ call, context });
    expect(result.modelOutput).toEqual({ type: 'text', value: page });
    expect(result.truncated).toBeUndefined();
    expect(result.artifact).toBeUndefined();
  });

  it('with the default policy the same output is cut to the 10-line limit and stored as an artifact', async () => {
    const context = stepContext({ tool: countingTool(page).tool, policy: DEFAULT_TOOL_POLICY, journal: createMemoryJournal() });
    const result = await executeToolCall({ call, context });
    expect(result.truncated).toEqual({ totalBytes: Buffer.byteLength(page), totalLines: 500, omittedBytes: expect.any(Number), omittedLines: 490 });
    expect(result.artifact?.id).toMatch(/^art_[0-9a-f]{24}$/);
    expect(result.output).toBe(page);
  });

  it("thrownText decides the message of what execute throws: 'verbatim' keeps it as written, 'prefixed' names the tool", async () => {
    const fail = async (): Promise<string> => {
      throw new Error('example.com answered 503: try again in a minute.');
    };
    const throwing = tool({ description: 'Fetch a page.', inputSchema, execute: fail });
    const verbatim = await executeToolCall({ call, context: stepContext({ tool: throwing, policy: { ...DEFAULT_TOOL_POLICY, thrownText: 'verbatim' }, journal: createMemoryJournal() }) });
    const prefixed = await executeToolCall({ call, context: stepContext({ tool: throwing, policy: DEFAULT_TOOL_POLICY, journal: createMemoryJournal() }) });
    expect(verbatim).toMatchObject({ outcome: 'error', output: 'example.com answered 503: try again in a minute.' });
    expect(prefixed).toMatchObject({ outcome: 'error', output: 'fetch_page failed: example.com answered 503: try again in a minute.' });
  });

  it("timeoutNote ends a timed-out call's message, after the tool's name and its timeout", async () => {
    const hanging = tool({ description: 'Fetch a page.', inputSchema, execute: () => new Promise<string>(() => undefined) });
    const policy = { ...DEFAULT_TOOL_POLICY, timeoutNote: 'and was stopped; nothing was fetched.' };
    const noted = await executeToolCall({ call, context: stepContext({ tool: hanging, policy, journal: createMemoryJournal(), timeoutMs: 20 }) });
    const ordinary = await executeToolCall({ call, context: stepContext({ tool: hanging, policy: DEFAULT_TOOL_POLICY, journal: createMemoryJournal(), timeoutMs: 20 }) });
    expect(noted).toMatchObject({ outcome: 'error', timedOut: true, output: 'fetch_page timed out after 20 ms and was stopped; nothing was fetched.' });
    expect(ordinary).toMatchObject({ outcome: 'error', timedOut: true, output: 'fetch_page timed out after 20 ms and was aborted; it may have partly taken effect.' });
  });
});
