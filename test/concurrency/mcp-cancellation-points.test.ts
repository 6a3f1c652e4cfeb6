import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { APICallError } from 'ai';
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { createToolSearchRuntime, type ToolSearchRuntime, type Turn, type TurnResult } from '../../src/index.js';
import { bindMcpTools, type BoundMcpTools } from '../../src/mcp/bind-mcp-tools.js';
import { nodePackageMcpServer } from '../../src/mcp/node-package-mcp-server.js';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/index.js';
import { trackTimers } from '../helpers/track-timers.js';
import { isAlive, resultText, waitForExit } from '../mcp/mcp-test-helpers.js';

// C17 with real MCP servers over stdio. Who owns what: a turn owns its activations and its
// running calls; the MCP connections belong to the binding (`bindMcpTools`), not to a turn nor
// to the runtime (which has no close). So a cancelled turn must abort its in-flight MCP request
// (no pending request left in the client) and leave the connections open for the next turn;
// `BoundMcpTools.close()` closes them, settles any call still in flight, and the server
// processes exit. `everything` is a client created here (so its pending requests and the
// messages on its stdio can be observed) and handed to the binding to own; `memory` is started
// by the binding itself. Both run under record-pid-and-run.mjs, which records the real pid.

const EVERYTHING_ENTRY = '@modelcontextprotocol/server-everything/dist/index.js';
const MEMORY_ENTRY = '@modelcontextprotocol/server-memory/dist/index.js';
const LONG_MS = 60_000;
const LONG_OPERATION = 'mcp__everything__trigger-long-running-operation';
const fixture = (name: string) => fileURLToPath(new URL(`../mcp/fixtures/${name}`, import.meta.url));
const retryable = new APICallError({ message: 'HTTP 503', url: 'https://provider.test/v1', requestBodyValues: {}, statusCode: 503, isRetryable: true });

const searchBoth: ScriptedStep = {
  toolCalls: [
    { toolName: 'tool_search', input: { query: 'mcp__everything__echo', limit: 1 } },
    { toolName: 'tool_search', input: { query: 'mcp__memory__read_graph', limit: 1 } },
  ],
};
const callBoth: ScriptedStep = {
  toolCalls: [
    { toolName: 'mcp__everything__echo', input: { message: 'before the cancel' } },
    { toolName: 'mcp__memory__read_graph', input: {} },
  ],
};
const searchLongOperation: ScriptedStep = { toolCalls: [{ toolName: 'tool_search', input: { query: LONG_OPERATION, limit: 1 } }] };
// one second on the server: long enough that the cancel (sent in this process before any
// answer can be read from the pipe) always comes first, short enough to wait for the late answer
const callLongOperation: ScriptedStep = { toolCalls: [{ toolName: LONG_OPERATION, input: { duration: 1, steps: 1 } }] };

interface Hooks {
  /** Resolves when a `tools/call` of the long operation has been written to the server's stdin. */
  readonly longCallSent: Promise<number>;
  /** Resolves once the cancel was sent from inside the second `settling` (after the MCP calls' step). */
  readonly cancelledInSettling: Promise<void>;
}

interface Point {
  readonly steps: ScriptedStep[];
  cancel(turn: Turn, hooks: Hooks, abort: (reason: Error) => void): Promise<void>;
  /** The point leaves an MCP request in flight at the cancel. */
  readonly inFlight?: boolean;
  /** The cancel is sent synchronously from the inspection event of entering the second `settling`. */
  readonly inSettling?: boolean;
}

async function untilPart(turn: Turn, predicate: (part: { type: string; stepIndex?: number }) => boolean): Promise<void> {
  for await (const part of turn.stream) if (predicate(part)) return;
}

const POINTS: Record<string, Point> = {
  'before the model answers, after both servers answered a call': {
    steps: [searchBoth, callBoth, { delayMs: LONG_MS, text: 'too late' }],
    cancel: (turn) => untilPart(turn, (part) => part.type === 'step-start' && part.stepIndex === 2).then(() => turn.cancel('stop')),
  },
  'during an MCP call in flight': {
    steps: [searchLongOperation, callLongOperation, { text: 'never' }],
    inFlight: true,
    cancel: async (turn, { longCallSent }) => {
      await longCallSent;
      turn.cancel('stop');
    },
  },
  'during an MCP call in flight, through the AbortSignal': {
    steps: [searchLongOperation, callLongOperation, { text: 'never' }],
    inFlight: true,
    cancel: async (_turn, { longCallSent }, abort) => {
      await longCallSent;
      abort(new Error('shutting down'));
    },
  },
  'during a retry delay, after both servers answered a call': {
    steps: [searchBoth, callBoth, { error: retryable }, { text: 'never' }],
    cancel: (turn) => untilPart(turn, (part) => part.type === 'retry').then(() => turn.cancel('stop')),
  },
  'during settling of the step that called both servers (inside the STEP_BOUNDARY macrostep)': {
    steps: [searchBoth, callBoth, { delayMs: LONG_MS, text: 'too late' }],
    inSettling: true,
    cancel: (_turn, { cancelledInSettling }) => cancelledInSettling,
  },
};


describe('cancellation points with real MCP servers over stdio: the turn lets go, the binding keeps its connections (C17)', () => {
  let tempDir: string;
  let client: MCPClient;
  let bound: BoundMcpTools;
  let runtime: ToolSearchRuntime;
  let pids: { everything: number; memory: number };
  /** Listeners of the JSON-RPC requests written to the everything server; the ids of its answers. */
  const answered: number[] = [];
  const onSent = new Set<(request: { id: number; method: string; tool?: string }) => void>();
  const onAnswered = new Set<(id: number) => void>();
  const pendingRequests = () => (client as unknown as { responseHandlers: Map<number, unknown> }).responseHandlers.size;

  beforeAll(async () => {
    tempDir = await realpath(await mkdtemp(join(tmpdir(), 'turnscope-mcp-cancel-')));
    const everything = nodePackageMcpServer({ entry: EVERYTHING_ENTRY, args: ['stdio'] });
    const memory = nodePackageMcpServer({ entry: MEMORY_ENTRY, env: { MEMORY_FILE_PATH: join(tempDir, 'memory.jsonl') } });
    const transport = new StdioMCPTransport({
      command: process.execPath,
      args: [fixture('record-pid-and-run.mjs'), join(tempDir, 'everything.pid'), ...everything.args!],
      stderr: 'ignore',
    });
    const send = transport.send.bind(transport);
    transport.send = (message) => {
      if ('method' in message && 'id' in message) {
        const params = message.params as { name?: unknown } | undefined;
        const request = { id: Number(message.id), method: message.method, ...(typeof params?.name === 'string' ? { tool: params.name } : {}) };
        for (const listener of onSent) listener(request);
      }
      return send(message);
    };
    client = await createMCPClient({ transport });
    const deliver = transport.onmessage!;
    transport.onmessage = (message) => {
      if (!('method' in message) && 'id' in message) {
        answered.push(Number(message.id));
        for (const listener of onAnswered) listener(Number(message.id));
      }
      deliver(message);
    };
    bound = await bindMcpTools({
      servers: {
        everything: { client },
        memory: { command: process.execPath, args: [fixture('record-pid-and-run.mjs'), join(tempDir, 'memory.pid'), ...memory.args!], env: memory.env! },
      },
      startTimeoutMs: 30_000,
    });
    pids = {
      everything: Number(await readFile(join(tempDir, 'everything.pid'), 'utf8')),
      memory: Number(await readFile(join(tempDir, 'memory.pid'), 'utf8')),
    };
    // the pending-request count is the client's map of response handlers: fail loudly if it moves
    expect((client as unknown as { responseHandlers: unknown }).responseHandlers).toBeInstanceOf(Map);
    expect(bound.tools[LONG_OPERATION]).toBeDefined();
    // one runtime for every test: its turns share the binding's connections
    runtime = createToolSearchRuntime({ tools: bound.tools, sources: bound.sources, direct: [], retry: { maxAttempts: 3, initialDelayMs: LONG_MS } });
  }, 40_000);

  afterAll(async () => {
    await bound?.close();
    await rm(tempDir, { recursive: true, force: true });
  });

  /** A following turn on the same runtime calls both servers: the connections are open and answer. */
  async function expectConnectionsServeTheNextTurn(message: string): Promise<void> {
    const scripted = createScriptedModel({
      steps: [
        searchBoth,
        { toolCalls: [{ toolName: 'mcp__everything__echo', input: { message } }, { toolName: 'mcp__memory__read_graph', input: {} }] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'echo and read the graph' }).result;
    expect(result.status).toBe('completed');
    expect(scripted.requests[0]!.toolNames).toEqual(['tool_search']);
    const [echo, graph] = result.steps[1]!.toolResults;
    expect(echo).toMatchObject({ outcome: 'ok' });
    expect(resultText(echo!.output)).toBe(`Echo: ${message}`);
    expect(graph).toMatchObject({ outcome: 'ok' });
    expect(resultText(graph!.output)).toContain('"entities"');
    expect(pendingRequests()).toBe(0);
  }

  it.each(Object.keys(POINTS))('%s: no timer, actor or pending MCP request is left; the servers run on and serve the next turn', async (name) => {
    const point = POINTS[name]!;
    const scripted = createScriptedModel({ steps: point.steps });
    const controller = new AbortController();
    const actors: AnyActorRef[] = [];
    let pendingAtCancel: number | undefined;
    let markLongCallSent!: (id: number) => void;
    const longCallSent = new Promise<number>((resolve) => {
      markLongCallSent = resolve;
    });
    const watchSent = (request: { id: number; tool?: string }) => {
      if (request.tool === 'trigger-long-running-operation') {
        pendingAtCancel = pendingRequests();
        markLongCallSent(request.id);
      }
    };
    onSent.add(watchSent);
    let markCancelledInSettling!: () => void;
    const cancelledInSettling = new Promise<void>((resolve) => {
      markCancelledInSettling = resolve;
    });
    let settlingEntries = 0;
    let previousValue: unknown;

    const timers = trackTimers();
    let turn: Turn;
    let result: TurnResult;
    let longCallId: number | undefined;
    try {
      turn = runtime.send({
        model: scripted.model,
        prompt: 'go',
        abortSignal: controller.signal,
        inspect: (event: InspectionEvent) => {
          if (event.type === '@xstate.actor') actors.push(event.actorRef as AnyActorRef);
          if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return;
          const value = (event.snapshot as { value?: unknown }).value;
          if (value === 'settling' && previousValue !== 'settling' && ++settlingEntries === 2 && point.inSettling) {
            turn.cancel('stop');
            markCancelledInSettling();
          }
          previousValue = value;
        },
      });
      await point.cancel(turn, { longCallSent, cancelledInSettling }, (reason) => controller.abort(reason));
      result = await turn.result;
      if (point.inFlight) longCallId = await longCallSent;
      await new Promise<void>((resolve) => setImmediate(resolve));
    } finally {
      timers.restore();
      onSent.delete(watchSent);
    }

    expect(result.status).toBe('cancelled');
    const snapshot = turn.actor.getSnapshot() as { value: unknown; children: object; context: { active: unknown[]; pending: unknown[]; visible: unknown[] } };
    expect(snapshot.context).toMatchObject({ active: [], pending: [], visible: [] });
    expect(Object.keys(snapshot.children)).toEqual([]);
    expect(actors.filter((actor) => actor.getSnapshot().status === 'active')).toEqual([]);
    expect(timers.pending()).toBe(0);
    // the cancel aborted the request in the client: nothing waits for an answer
    expect(pendingRequests()).toBe(0);
    // the connections are the binding's: a cancelled turn leaves both servers running
    expect(isAlive(pids.everything)).toBe(true);
    expect(isAlive(pids.memory)).toBe(true);

    if (point.inFlight) {
      // the request was in flight when the turn was cancelled, and its call is settled as cancelled
      expect(pendingAtCancel).toBe(1);
      const longCall = result.steps[1]!.toolResults.find((toolResult) => toolResult.toolName === LONG_OPERATION);
      expect(longCall).toMatchObject({ outcome: 'cancelled' });
      // @ai-sdk/mcp sends no notifications/cancelled, so the server finishes the operation: its
      // late answer is dropped by the client (no handler waits for it) and breaks nothing
      if (!answered.includes(longCallId!)) {
        await new Promise<void>((resolve) => {
          const listener = (id: number) => {
            if (id !== longCallId) return;
            onAnswered.delete(listener);
            resolve();
          };
          onAnswered.add(listener);
        });
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(pendingRequests()).toBe(0);
    } else {
      // both servers answered in this turn before the cancel
      expect(result.steps[1]!.toolResults.map((toolResult) => toolResult.outcome)).toEqual(['ok', 'ok']);
    }
    await expectConnectionsServeTheNextTurn(`after ${name}`);
  });

  // last: it closes the shared binding
  it('closing the binding during an MCP call settles the call as a tool error, leaves no pending request, and both server processes exit', async () => {
    const scripted = createScriptedModel({
      steps: [searchLongOperation, { toolCalls: [{ toolName: LONG_OPERATION, input: { duration: 600, steps: 1 } }] }, { text: 'the server went away' }],
    });
    let pendingAtClose: number | undefined;
    const closed = new Promise<void>((resolve) => {
      const listener = (request: { tool?: string }) => {
        if (request.tool !== 'trigger-long-running-operation') return;
        onSent.delete(listener);
        pendingAtClose = pendingRequests();
        resolve(bound.close());
      };
      onSent.add(listener);
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'run the long operation' }).result;
    await closed;

    expect(pendingAtClose).toBe(1);
    expect(result).toMatchObject({ status: 'completed', reason: 'stop', text: 'the server went away' });
    const longCall = result.steps[1]!.toolResults[0]!;
    expect(longCall).toMatchObject({ toolName: LONG_OPERATION, outcome: 'error' });
    expect(String(longCall.output)).toContain('MCP server "everything" did not answer');
    expect(pendingRequests()).toBe(0);
    expect(await waitForExit(join(tempDir, 'everything.pid'))).toBe(pids.everything);
    expect(await waitForExit(join(tempDir, 'memory.pid'))).toBe(pids.memory);
    expect(isAlive(pids.everything)).toBe(false);
    expect(isAlive(pids.memory)).toBe(false);
  });
});
