import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { APICallError, tool } from 'ai';
import { expect, vi } from 'vitest';
import { waitFor, type ActorRefFrom, type AnyActorRef, type InspectionEvent, type SnapshotFrom } from 'xstate';
import { z } from 'zod';
import { retryDelayMs } from '../../machines/retry-delay-ms.js';
import { TOOL_SEARCH_NAME, turnMachine, type TurnMachineInput } from '../../machines/turn-machine.js';
import { createToolSearchRuntime, type PermissionCheck, type PermissionRequest, type ToolSearchRuntime, type Turn } from '../../src/index.js';
import { createScriptedModel, type ScriptedStep, type ScriptedStepSource } from '../../src/testing/index.js';
import type { PathSystem } from '../helpers/run-test-path.js';
import {
  MODEL_ANSWERED,
  MODEL_FAILED,
  RETRY_DELAY_ELAPSED,
  type TurnModelEvent,
  type TurnModelSnapshot,
} from './turn-test-model.js';

/** The catalog of the model-based tests: a direct tool, a direct client-side tool (no `execute`), two deferred tools and one to require. */
export const MODEL_CATALOG = {
  direct: ['Read', 'ask_user'],
  deferred: ['browser_click', 'browser_snapshot'],
  required: ['handoff'],
} as const;
const MAX_STEPS = 3;
const RETRY = { maxAttempts: 2, initialDelayMs: 1_000 };

/**
 * The runtime of the model-based tests over {@link MODEL_CATALOG}: every `execute` is reported,
 * `permission` and the clock are the caller's.
 */
export function createModelRuntime(hooks: {
  readonly execute?: (toolName: string, toolCallId: string) => void;
  readonly permission?: PermissionCheck;
  readonly now?: () => number;
  /** Default: 2 attempts, the retry after 1,000 ms (the fake timers of the path runs pass it). */
  readonly retry?: { readonly maxAttempts: number; readonly initialDelayMs: number };
} = {}): ToolSearchRuntime {
  const recorded = (toolName: string) => async (_input: unknown, { toolCallId }: { toolCallId: string }) => {
    hooks.execute?.(toolName, toolCallId);
    return `${toolName} ran`;
  };
  return createToolSearchRuntime({
    tools: {
      Read: tool({ description: 'Read a file.', inputSchema: z.object({ path: z.string() }), execute: recorded('Read') }),
      browser_click: tool({ description: 'Click an element on the page.', inputSchema: z.object({ ref: z.string() }), execute: recorded('browser_click') }),
      browser_snapshot: tool({ description: 'Capture the page.', inputSchema: z.object({}), execute: recorded('browser_snapshot') }),
      handoff: tool({ description: 'Hand the task to another agent.', inputSchema: z.object({}), execute: recorded('handoff') }),
      ask_user: tool({ description: 'Ask the user a question in the browser.', inputSchema: z.object({ question: z.string() }) }),
    },
    groups: { browser: [...MODEL_CATALOG.deferred] },
    direct: [...MODEL_CATALOG.direct],
    maxSteps: MAX_STEPS,
    retry: hooks.retry ?? RETRY,
    ...(hooks.permission === undefined ? {} : { permission: hooks.permission }),
    ...(hooks.now === undefined ? {} : { now: hooks.now }),
    generateId: () => 'model',
  });
}

/** The machine input the runtime builds for a turn over {@link MODEL_CATALOG}. */
export function modelInput(runtime: ToolSearchRuntime = createModelRuntime()): TurnMachineInput {
  return {
    turnId: 'model',
    bound: runtime.catalog.bound,
    direct: runtime.catalog.direct,
    required: [...MODEL_CATALOG.required],
    offerSearch: runtime.offersToolSearch,
    messages: [],
    maxSteps: MAX_STEPS,
    retry: RETRY,
  };
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

function defer<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A provider request the gated model holds until the path says how the model answers. */
interface HeldRequest {
  readonly toolNames: readonly string[];
  /** False until the path answers the request (or fails it). */
  answered: boolean;
  readonly abortSignal: AbortSignal | undefined;
  readonly answer: Deferred<ScriptedStep>;
}

/** Everything one path run observed besides the actor itself. */
export interface TurnSystemObservations {
  readonly requests: readonly HeldRequest[];
  /** Every `execute` call, by tool call id (which names the step: `s<step>-…`). */
  readonly executed: readonly { toolName: string; toolCallId: string }[];
  readonly actors: readonly AnyActorRef[];
  /** R as the `requiredTools` function answered it for each step, by step index (unfiltered). */
  readonly requiredByStep: ReadonlyMap<number, readonly string[]>;
}

/**
 * Builds the system under test for one model path: a REAL runtime (`createToolSearchRuntime`)
 * and the scripted model from `turnscope/testing`, with three holds so the runtime waits in
 * each state the path names until the path moves on:
 * - the model: each provider request waits until the path says how it is answered;
 * - permission: each call that passes validation waits, so a step's searches and its calls run
 *   only when the path's `ACTIVATE` / `TOOL_CALLS_SETTLED` come;
 * - timers are vitest's fake timers, so the retry delay passes only when the path says so.
 *
 * `TOOL_EXECUTION_FAILED` is made by breaking the injected clock while the step's calls are
 * held: a throwing clock breaks the execution step itself, whereas every tool failure is only a
 * result (STYLE 9).
 */
export function createTurnSystem(options: {
  readonly inspect: (event: InspectionEvent) => void;
  readonly check: (snapshot: TurnModelSnapshot, observed: TurnSystemObservations, real: SnapshotFrom<typeof turnMachine>) => void;
}): PathSystem<TurnModelSnapshot, TurnModelEvent> & { readonly observations: TurnSystemObservations } {
  const requests: HeldRequest[] = [];
  const executed: { toolName: string; toolCallId: string }[] = [];
  const actors: AnyActorRef[] = [];
  const requiredByStep = new Map<number, readonly string[]>();
  /** What the `requiredTools` function answers next: the path changes it with `TOOL_CALLS_SETTLED.required`. */
  let requiredNext: readonly string[] = [...MODEL_CATALOG.required];
  /** What the turn's `stopWhen` answers next: the path sets it with `TOOL_CALLS_SETTLED.stop`. */
  let stopNext = false;
  const gates = new Map<string, { request: PermissionRequest; allow(): void; released: boolean }>();
  let changed = defer<void>();
  const notify = () => {
    changed.resolve();
    changed = defer<void>();
  };
  const until = (condition: () => boolean) =>
    withDeadline(
      (async () => {
        while (!condition()) await changed.promise;
      })(),
      'the runtime did not make the call or request the path expects',
    );

  let clockBroken = false;
  let tick = 0;
  const script: ScriptedStepSource[] = [];
  const scripted = createScriptedModel({ steps: script });
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider: scripted.model.provider,
    modelId: scripted.model.modelId,
    supportedUrls: {},
    doGenerate: scripted.model.doGenerate,
    doStream: async (callOptions: LanguageModelV4CallOptions) => {
      const held: HeldRequest = {
        toolNames: (callOptions.tools ?? []).map((definition) => definition.name),
        abortSignal: callOptions.abortSignal,
        answered: false,
        answer: defer<ScriptedStep>(),
      };
      requests.push(held);
      notify();
      const aborted = new Promise<never>((_, reject) => {
        callOptions.abortSignal?.addEventListener('abort', () => reject(callOptions.abortSignal?.reason), { once: true });
      });
      script.push(await Promise.race([held.answer.promise, aborted]));
      return scripted.model.doStream(callOptions);
    },
  };

  const runtime = createModelRuntime({
    execute: (toolName, toolCallId) => executed.push({ toolName, toolCallId }),
    permission: (request) =>
      new Promise((resolve) => {
        gates.set(request.toolCallId, { request, released: false, allow: () => resolve({ type: 'allow' }) });
        notify();
      }),
    now: () => {
      if (clockBroken) throw new Error('the clock broke');
      return ++tick;
    },
  });

  let turn: Turn | undefined;
  /** Set once the path is over: the clean-up cancel is not part of the path, nor of its coverage. */
  let disposing = false;
  const actor = () => {
    if (turn === undefined) throw new Error('the path has not started the turn');
    return turn.actor as unknown as ActorRefFrom<typeof turnMachine>;
  };
  /** Lets the held calls of the current step go on (all, or those of `toolNames`). */
  const release = async (toolNames?: readonly string[]) => {
    const { toolCalls, visible } = actor().getSnapshot().context;
    // only calls visible at step start reach permission; a hidden call is rejected before it (C14)
    const gated = toolCalls.filter((call) => visible.includes(call.toolName) && (toolNames === undefined || toolNames.includes(call.toolName)));
    await until(() => gated.every((call) => gates.has(call.toolCallId)));
    for (const call of gated) {
      const gate = gates.get(call.toolCallId)!;
      if (!gate.released) {
        gate.released = true;
        gate.allow();
      }
    }
  };
  const answer = async (step: ScriptedStep) => {
    await until(() => requests.length > script.length);
    const held = requests[script.length]!;
    held.answered = true;
    held.answer.resolve(step);
  };
  const observations: TurnSystemObservations = { requests, executed, actors, requiredByStep };

  return {
    observations,
    events: {
      'xstate.init': async () => {
        turn = runtime.send({
          model,
          prompt: 'walk the model path',
          // asked before every step, as an orchestration run would: R changes when the path says so
          stopWhen: () => stopNext,
          requiredTools: ({ stepIndex }) => {
            requiredByStep.set(stepIndex, requiredNext);
            return requiredNext;
          },
          inspect: (event) => {
            if (event.type === '@xstate.actor') actors.push(event.actorRef as AnyActorRef);
            // the clock is only broken for the step's tool calls; the turn's own bookkeeping must run
            if (event.type === '@xstate.event' && event.event.type === 'TOOL_EXECUTION_FAILED') clockBroken = false;
            if (!disposing) options.inspect(event);
          },
        });
      },
      [MODEL_ANSWERED]: async ({ event }) => {
        const { output } = event as Extract<TurnModelEvent, { type: typeof MODEL_ANSWERED }>;
        await answer(
          output.toolCalls.length === 0
            ? { text: output.text }
            : { toolCalls: output.toolCalls.map(({ toolCallId, toolName, input }) => ({ toolCallId, toolName, input })) },
        );
      },
      [MODEL_FAILED]: async ({ event }) => {
        const { error } = event as Extract<TurnModelEvent, { type: typeof MODEL_FAILED }>;
        await answer({
          error: new APICallError({
            message: error.message,
            url: 'https://provider.test/v1',
            requestBodyValues: {},
            statusCode: error.isRetryable ? 503 : 400,
            isRetryable: error.isRetryable,
          }),
        });
      },
      [RETRY_DELAY_ELAPSED]: async () => {
        const { retry, attempt } = actor().getSnapshot().context;
        await vi.advanceTimersByTimeAsync(retryDelayMs(retry, attempt));
      },
      ACTIVATE: async () => {
        await release([TOOL_SEARCH_NAME]);
      },
      TOOL_CALLS_SETTLED: async ({ event }) => {
        const { required, stop } = event as Extract<TurnModelEvent, { type: 'TOOL_CALLS_SETTLED' }>;
        // the runtime asks requiredTools for the next step once the step's calls settled
        if (required !== undefined) requiredNext = [...required];
        // and then the turn's stopWhen, which answers what the path says
        stopNext = stop === true;
        await release();
      },
      TOOL_EXECUTION_FAILED: async () => {
        clockBroken = true;
        await release();
      },
      CANCEL: async () => {
        turn!.cancel('model-based CANCEL');
      },
    },
    states: {
      '*': async (state) => {
        const real = await withDeadline(
          settle(actor(), state, { requests, gates, until, script }),
          `the runtime did not settle in ${JSON.stringify(state.value)}; it is in ${JSON.stringify(actor().getSnapshot().value)}`,
        );
        options.check(state, observations, real);
      },
    },
    dispose: async () => {
      disposing = true;
      if (turn === undefined) return;
      if (actor().getSnapshot().status === 'active') turn.cancel('path over');
      await turn.result;
    },
  };
}

// Captured before the tests fake the timers: a divergence from the model fails fast instead of hanging.
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
const DEADLINE_MS = 5_000;

async function withDeadline<T>(promise: Promise<T>, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = realSetTimeout(() => reject(new Error(`${message} (waited ${DEADLINE_MS} ms)`)), DEADLINE_MS);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    realClearTimeout(timer);
  }
}

/**
 * Waits until the runtime is quiet in the state the model reached: the request is held at the
 * model, the step's visible calls are held at permission (or done), the retry timer is pending,
 * or the turn has ended.
 */
async function settle(
  actor: ActorRefFrom<typeof turnMachine>,
  state: TurnModelSnapshot,
  held: {
    requests: readonly HeldRequest[];
    gates: ReadonlyMap<string, { released: boolean }>;
    until: (condition: () => boolean) => Promise<void>;
    script: readonly unknown[];
  },
): Promise<SnapshotFrom<typeof turnMachine>> {
  if (state.status === 'done') {
    return waitFor(actor, (snapshot) => snapshot.status === 'done');
  }
  if (state.matches({ awaitingStep: 'requesting' })) {
    await held.until(() => held.requests.length > held.script.length);
    return actor.getSnapshot();
  }
  if (state.matches({ awaitingStep: 'backingOff' })) {
    return waitFor(actor, (snapshot) => snapshot.status !== 'active' || snapshot.matches({ awaitingStep: 'backingOff' }));
  }
  const { toolCalls, visible, pending } = state.context;
  await waitFor(actor, (snapshot) => snapshot.status !== 'active' || (snapshot.matches('executingStep') && snapshot.context.pending.length === pending.length));
  const gated = toolCalls.filter((call) => visible.includes(call.toolName));
  await held.until(() => gated.every((call) => held.gates.has(call.toolCallId)));
  return actor.getSnapshot();
}

/** Fails the path with the runtime's and the model's view side by side. */
export function expectSameState(real: SnapshotFrom<typeof turnMachine>, model: TurnModelSnapshot): void {
  const view = (snapshot: SnapshotFrom<typeof turnMachine>) => ({
    status: snapshot.status,
    value: snapshot.value,
    stepIndex: snapshot.context.stepIndex,
    attempt: snapshot.context.attempt,
    visible: snapshot.context.visible,
    active: snapshot.context.active,
    pending: snapshot.context.pending,
    required: snapshot.context.required,
    finishReason: snapshot.context.finishReason,
  });
  expect(view(real)).toEqual(view(model));
}
