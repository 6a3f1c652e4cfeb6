import { APICallError, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { z } from 'zod';
import { createToolSearchRuntime, type Turn } from '../../src/index.js';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';
import { trackTimers } from '../helpers/track-timers.js';

// C17: cancelling at every point of a turn leaves nothing running. Real timers here (the
// model-based tests check the same states with vitest's fake ones): every timer created while
// the turn runs is tracked until it fires or is cleared, actors through xstate's inspection
// events, and every abort signal handed out is checked.

const retryable = new APICallError({ message: 'HTTP 503', url: 'https://provider.test/v1', requestBodyValues: {}, statusCode: 503, isRetryable: true });
const LONG_MS = 60_000;
const searchGithub: ScriptedStep = { toolCalls: [{ toolName: 'tool_search', input: { query: 'github_create_issue', limit: 1 } }] };

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Point {
  /** Steps the scripted model answers with; the point's step waits (a long delay, or a tool that never ends). */
  readonly steps: ScriptedStep[];
  /** Cancels the turn at this point; resolves once the cancel was sent. */
  cancel(turn: Turn, hooks: { toolStarted: Promise<void>; settling: Promise<void> }): Promise<void>;
  /** The cancel is sent through the caller's AbortSignal instead of turn.cancel(). */
  readonly viaAbortSignal?: boolean;
}

async function untilPart(turn: Turn, predicate: (part: { type: string; stepIndex?: number }) => boolean): Promise<void> {
  for await (const part of turn.stream) if (predicate(part)) return;
}

const POINTS: Record<string, Point> = {
  'before the model answers (step 1, with an activation)': {
    steps: [searchGithub, { delayMs: LONG_MS, text: 'too late' }],
    cancel: (turn) => untilPart(turn, (part) => part.type === 'step-start' && part.stepIndex === 1).then(() => turn.cancel('stop')),
  },
  'during a tool': {
    steps: [searchGithub, { toolCalls: [{ toolName: 'Bash', input: { command: 'sleep' } }] }],
    cancel: async (turn, { toolStarted }) => {
      await toolStarted;
      turn.cancel('stop');
    },
  },
  'during a tool, through the AbortSignal': {
    steps: [searchGithub, { toolCalls: [{ toolName: 'Bash', input: { command: 'sleep' } }] }],
    viaAbortSignal: true,
    cancel: async (_turn, { toolStarted }) => toolStarted,
  },
  'during a retry delay': {
    steps: [searchGithub, { error: retryable }, { text: 'never' }],
    cancel: (turn) => untilPart(turn, (part) => part.type === 'retry').then(() => turn.cancel('stop')),
  },
  'during settling (the cancel arrives inside the STEP_BOUNDARY macrostep)': {
    steps: [searchGithub, { delayMs: LONG_MS, text: 'too late' }],
    cancel: async (turn, { settling }) => {
      await settling;
      void turn;
    },
  },
};

describe('cancellation points leave no timer, actor or running call behind (C17)', () => {
  it.each(Object.keys(POINTS))('%s', async (name) => {
    const point = POINTS[name]!;
    const { tools, groups } = sampleTools();
    let toolSignal: AbortSignal | undefined;
    let markToolStarted!: () => void;
    const toolStarted = new Promise<void>((resolve) => {
      markToolStarted = resolve;
    });
    const runtime = createToolSearchRuntime({
      tools: {
        ...tools,
        // a tool that runs until it is aborted, with a pending timer of its own while it runs
        Bash: tool({
          description: 'Run a shell command.',
          inputSchema: z.object({ command: z.string() }),
          execute: (_input, { abortSignal }) =>
            new Promise<string>((resolve) => {
              toolSignal = abortSignal;
              const timer = setTimeout(() => resolve('finished'), LONG_MS);
              abortSignal?.addEventListener('abort', () => {
                clearTimeout(timer);
                resolve('aborted');
              });
              markToolStarted();
            }),
        }),
      },
      groups,
      retry: { maxAttempts: 3, initialDelayMs: LONG_MS },
    });
    const scripted = createScriptedModel({ steps: point.steps });
    const actors: AnyActorRef[] = [];
    const controller = new AbortController();
    let turn!: Turn;
    let markSettling!: () => void;
    const settling = new Promise<void>((resolve) => {
      markSettling = resolve;
    });
    const timers = trackTimers();
    turn = runtime.send({
      model: scripted.model,
      prompt: 'go',
      abortSignal: controller.signal,
      inspect: (event: InspectionEvent) => {
        if (event.type === '@xstate.actor') actors.push(event.actorRef as AnyActorRef);
        const value = event.type === '@xstate.microstep' ? (event.snapshot as { value?: unknown }).value : undefined;
        if (value === 'settling' && name.startsWith('during settling')) {
          turn.cancel('stop');
          markSettling();
        }
      },
    });

    let result: Awaited<Turn['result']>;
    try {
      await point.cancel(turn, { toolStarted, settling });
      if (point.viaAbortSignal) controller.abort(new Error('shutting down'));
      result = await turn.result;
      await nextMacrotask();
    } finally {
      timers.restore();
    }

    expect(result.status).toBe('cancelled');
    const snapshot = turn.actor.getSnapshot() as { value: unknown; children: object; context: { active: unknown[]; pending: unknown[]; visible: unknown[] } };
    expect(snapshot.value).toBe('cancelled');
    expect(snapshot.context).toMatchObject({ active: [], pending: [], visible: [] });
    expect(Object.keys(snapshot.children)).toEqual([]);
    expect(actors.filter((actor) => actor.getSnapshot().status === 'active')).toEqual([]);
    expect(timers.pending()).toBe(0);
    if (toolSignal !== undefined) expect(toolSignal.aborted).toBe(true);
    // nothing reaches the provider after the cancel
    const requests = scripted.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(scripted.requests.length).toBe(requests);
  });
});
