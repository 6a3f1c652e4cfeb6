import fc from 'fast-check';
import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMemoryArtifactStore,
  createMemoryJournal,
  createToolSearchRuntime,
  type ArtifactStore,
  type ExecutionJournal,
  type Turn,
  type TurnResult,
} from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { numberedLines } from '../helpers/pipeline-probe.js';

// C17, C4: a cancel that lands at any microtask of the pipeline — while the permission check,
// the approver, the journal, execute, toModelOutput, the artifact store or the ranker is awaited,
// or any number of ticks after one of them entered or settled — never lets an execute start once
// cancel() has returned; every call still gets a result, and the journal keeps no lone `started`
// entry for a call whose execute never began. Every callback takes a generated number of ticks
// (or answers synchronously), so the pipeline's own awaits land at every offset too.

const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

const STAGES = ['permission', 'approver', 'journal.read', 'journal.write', 'execute', 'toModelOutput', 'artifact.put', 'ranker'] as const;
type Stage = (typeof STAGES)[number];

/** `'sync'`: the callback answers at once; a number: it answers after that many microtask ticks. */
const timing = fc.oneof(fc.constant<'sync'>('sync'), fc.integer({ min: 0, max: 4 }));

const planArbitrary = fc.record({
  calls: fc.array(fc.constantFrom<'small' | 'big'>('small', 'big'), { minLength: 1, maxLength: 3 }),
  withSearch: fc.boolean(),
  withApprover: fc.boolean(),
  withToModelOutput: fc.boolean(),
  ticks: fc.record(Object.fromEntries(STAGES.map((stage) => [stage, timing])) as Record<Stage, typeof timing>),
  trigger: fc.record({
    stage: fc.constantFrom(...STAGES),
    edge: fc.constantFrom<'enter' | 'exit'>('enter', 'exit'),
    /** Which entry of that stage triggers (0: the first one of any call). */
    occurrence: fc.integer({ min: 0, max: 3 }),
    /** Microtask ticks between the trigger and cancel(); 0 cancels inside the callback. */
    offset: fc.integer({ min: 0, max: 24 }),
  }),
});
type Plan = typeof planArbitrary extends fc.Arbitrary<infer T> ? T : never;

const ticks = async (count: number) => {
  for (let index = 0; index < count; index += 1) await Promise.resolve();
};

interface Observation {
  readonly result: TurnResult;
  readonly callIds: readonly string[];
  /** Every execute (and every ranking, tool_search's execute) that began. */
  readonly starts: readonly { toolCallId: string; afterCancel: boolean; signalAborted: boolean }[];
  readonly cancelReturned: boolean;
  readonly journal: ReturnType<typeof createMemoryJournal>;
}

async function runPlan(plan: Plan): Promise<Observation> {
  const state = { turn: undefined as Turn | undefined, cancelReturned: false, seen: new Map<string, number>() };
  const starts: { toolCallId: string; afterCancel: boolean; signalAborted: boolean }[] = [];
  const cancelAt = () => {
    void (async () => {
      await ticks(plan.trigger.offset);
      state.turn!.cancel('stop');
      state.cancelReturned = true;
    })();
  };
  // the trigger, then `offset` ticks, then cancel()
  const mark = (stage: Stage, edge: 'enter' | 'exit') => {
    if (stage !== plan.trigger.stage || edge !== plan.trigger.edge) return;
    const key = `${stage}:${edge}`;
    const count = state.seen.get(key) ?? 0;
    state.seen.set(key, count + 1);
    if (count !== plan.trigger.occurrence) return;
    if (plan.trigger.offset === 0) {
      state.turn!.cancel('stop');
      state.cancelReturned = true;
    } else cancelAt();
  };
  /** Runs `answer` as the stage's callback would: entered, `ticks` later settled. */
  const stage = <T,>(name: Stage, answer: () => T): T | Promise<T> => {
    mark(name, 'enter');
    const k = plan.ticks[name];
    if (k === 'sync') {
      const value = answer();
      mark(name, 'exit');
      return value;
    }
    return ticks(k).then(() => {
      const value = answer();
      mark(name, 'exit');
      return value;
    });
  };

  const inner = createMemoryJournal();
  const journal: ExecutionJournal = {
    read: (operationId) => stage('journal.read', () => inner.read(operationId)),
    write: (entry) => stage('journal.write', () => inner.write(entry)),
  };
  const memoryStore = createMemoryArtifactStore();
  const artifactStore: ArtifactStore = {
    put: (artifact) => stage('artifact.put', () => memoryStore.put(artifact)),
    get: (id) => memoryStore.get(id),
  };
  const act = tool({
    description: 'Acts on the world (a POST, a shell command): it must never start after the person pressed stop.',
    inputSchema: z.object({ size: z.enum(['small', 'big']) }),
    execute: ({ size }, { toolCallId, abortSignal }): string | Promise<string> => {
      starts.push({ toolCallId, afterCancel: state.cancelReturned, signalAborted: abortSignal?.aborted === true });
      return stage('execute', () => (size === 'big' ? numberedLines(3_000) : 'done'));
    },
    toModelOutput: plan.withToModelOutput ? ({ output }) => stage('toModelOutput', () => ({ type: 'text' as const, value: output })) : undefined,
  });
  const other = tool({ description: 'Another tool, found by search.', inputSchema: z.object({}), execute: async () => 'other' });
  const runtime = createToolSearchRuntime({
    tools: { act, other },
    direct: ['act'],
    journal,
    artifactStore,
    permission: ({ toolName }) => stage('permission', () => (plan.withApprover && toolName === 'act' ? { type: 'ask' as const } : { type: 'allow' as const })),
    approver: () => stage('approver', () => ({ type: 'allow' as const })),
    ranker: () => ({
      name: 'probe',
      rank: (_query: string, _max: number, options?: { abortSignal?: AbortSignal }) => {
        starts.push({ toolCallId: 'search', afterCancel: state.cancelReturned, signalAborted: options?.abortSignal?.aborted === true });
        return Promise.resolve(stage('ranker', () => [{ name: 'other', score: 1 }]));
      },
    }),
  });
  const toolCalls = [
    ...plan.calls.map((size, index) => ({ toolCallId: `act-${index}`, toolName: 'act', input: { size } })),
    ...(plan.withSearch ? [{ toolCallId: 'search', toolName: 'tool_search', input: { query: 'other' } }] : []),
  ];
  const scripted = createScriptedModel({ steps: [{ toolCalls }, { text: 'finished' }] });
  state.turn = runtime.send({ model: scripted.model, prompt: 'go' });
  const result = await state.turn.result;
  // let the journal's last writes (a `not-run` mark after a pending `started` write) land
  for (let index = 0; index < 3; index += 1) await new Promise((resolve) => setImmediate(resolve));
  return { result, callIds: toolCalls.map((call) => call.toolCallId), starts, cancelReturned: state.cancelReturned, journal: inner };
}

describe(`a cancel at every microtask of the pipeline (${NUM_RUNS} generated turns, seed ${SEED})`, () => {
  it('C17: no execute starts after cancel() returned, every call gets a result, and no call that never ran keeps a lone started entry', async () => {
    await fc.assert(
      fc.asyncProperty(planArbitrary, async (plan) => {
        const observed = await runPlan(plan);
        const { result, starts } = observed;
        expect(starts.filter((start) => start.afterCancel)).toEqual([]);
        expect(starts.filter((start) => start.signalAborted)).toEqual([]);
        const started = new Set(starts.map((start) => start.toolCallId));

        const step = result.steps[0]!;
        expect(step.toolResults.map((toolResult) => toolResult.toolCallId)).toEqual(observed.callIds);
        if (result.status === 'cancelled') {
          for (const toolResult of step.toolResults) {
            if (!started.has(toolResult.toolCallId)) {
              expect(toolResult).toMatchObject({ outcome: 'cancelled', output: `The turn ended before ${toolResult.toolName} started; it did not run.` });
            }
          }
        } else {
          // the trigger never came, or the cancel landed once the turn had ended
          expect(result.status).toBe('completed');
          expect(step.toolResults.map((toolResult) => toolResult.outcome)).toEqual(observed.callIds.map(() => 'ok'));
        }
        for (const entry of observed.journal.entries()) {
          if (entry.status === 'started') expect(started).toContain(entry.toolCallId);
          if (entry.status === 'not-run') expect(started).not.toContain(entry.toolCallId);
        }
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
  }, 300_000);
});
