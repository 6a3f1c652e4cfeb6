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
  type TurnToolResult,
} from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { HOSTILE_NAMES, HOSTILE_VALUES } from '../helpers/hostile-values.js';
import { numberedLines, toolResultText } from '../helpers/pipeline-probe.js';

// C4: whatever a tool or a callback throws, rejects with or returns — values whose String()
// throws, Proxies, Symbols, BigInts, cycles — the call ends with a result the model can read and
// the turn goes on; it never fails the turn (`execution-error`).

const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

const SITES = [
  'execute',
  'permission',
  'approver',
  'journal.read',
  'journal.write started',
  'journal.write completed',
  'artifactStore.put',
  'operationId',
  'toModelOutput',
  'ranker',
] as const;
type Site = (typeof SITES)[number];

const caseArbitrary = fc.record({
  site: fc.constantFrom(...SITES),
  value: fc.constantFrom(...HOSTILE_NAMES),
  /** throw it, reject with it (async callbacks), or return it as the callback's answer */
  how: fc.constantFrom<'throw' | 'reject' | 'return'>('throw', 'reject', 'return'),
});
type Case = typeof caseArbitrary extends fc.Arbitrary<infer T> ? T : never;

/** What the hostile callback does instead of answering. */
function misbehave<T>(hostile: Case, answer: () => T): T | Promise<T> {
  const value = HOSTILE_VALUES[hostile.value]!();
  if (hostile.how === 'throw') throw value;
  if (hostile.how === 'reject') return Promise.reject(value);
  return value as T;
}

async function runCase(hostile: Case) {
  const at = (site: Site) => hostile.site === site;
  const inner = createMemoryJournal();
  const isAct = (operationId: string) => operationId.endsWith(':act-0');
  const journal: ExecutionJournal = {
    read: (operationId) => (at('journal.read') && isAct(operationId) ? misbehave(hostile, () => undefined) : inner.read(operationId)),
    write: (entry) => {
      const site: Site = entry.status === 'started' ? 'journal.write started' : 'journal.write completed';
      if (at(site) && entry.toolCallId === 'act-0' && hostile.how !== 'return') return misbehave(hostile, () => undefined);
      inner.write(entry);
    },
  };
  const memoryStore = createMemoryArtifactStore();
  const artifactStore: ArtifactStore = {
    put: (artifact) => (at('artifactStore.put') ? misbehave(hostile, () => memoryStore.put(artifact)) : memoryStore.put(artifact)),
    get: (id) => memoryStore.get(id),
  };
  const act = tool({
    description: 'Returns a long listing.',
    inputSchema: z.object({}),
    execute: (): string | Promise<string> => (at('execute') ? misbehave(hostile, () => '') : numberedLines(3_000)),
    toModelOutput: ({ output }) => (at('toModelOutput') ? misbehave(hostile, () => ({ type: 'text' as const, value: output })) : { type: 'text' as const, value: output }),
  });
  const other = tool({ description: 'Another tool, found by search.', inputSchema: z.object({}), execute: async () => 'other' });
  const runtime = createToolSearchRuntime({
    tools: { act, other },
    direct: ['act'],
    journal,
    artifactStore,
    operationId: ({ turnId, toolCallId }) => (at('operationId') && toolCallId === 'act-0' ? misbehave(hostile, () => '') : `${turnId}:${toolCallId}`) as string,
    permission: ({ toolName }) => {
      if (toolName !== 'act') return { type: 'allow' };
      if (at('permission')) return misbehave(hostile, () => ({ type: 'allow' as const }));
      return at('approver') ? { type: 'ask', reason: 'acts' } : { type: 'allow' };
    },
    approver: () => misbehave(hostile, () => ({ type: 'allow' as const })),
    ranker: () => ({
      name: 'hostile',
      rank: () => {
        if (!at('ranker')) return [{ name: 'other', score: 1 }];
        // returned, the hostile value is one entry among null, a repeat and a name no tool has
        if (hostile.how === 'return') return [HOSTILE_VALUES[hostile.value]!(), null, { name: 'other', score: 2 }, { name: 'other', score: 1 }, { name: 'ghost', score: 1 }] as never;
        return misbehave(hostile, () => []) as never;
      },
    }),
  });
  const scripted = createScriptedModel({
    steps: [
      {
        toolCalls: [
          { toolCallId: 'act-0', toolName: 'act', input: {} },
          { toolCallId: 'search-0', toolName: 'tool_search', input: { query: 'other' } },
        ],
      },
      { text: 'went on' },
    ],
  });
  const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
  return { result, requests: scripted.requests };
}

/** The outcomes the act call may have, and how its message starts, for each site and way. */
function expectedOf(hostile: Case): { outcomes: TurnToolResult['outcome'][]; starts?: string } {
  const thrown = hostile.how !== 'return';
  switch (hostile.site) {
    case 'execute':
      return thrown ? { outcomes: ['error'], starts: 'act failed: ' } : { outcomes: ['ok', 'error'] };
    case 'permission':
      return { outcomes: ['denied'], starts: 'Permission denied for act: the permission check ' };
    case 'approver':
      return { outcomes: ['denied'], starts: 'Permission denied for act: ' };
    case 'journal.read':
      // a returned primitive is no entry: the call runs
      return thrown ? { outcomes: ['error'], starts: 'The execution journal could not be read (' } : { outcomes: ['ok', 'error'] };
    case 'journal.write started':
      return thrown ? { outcomes: ['error'], starts: 'The execution journal could not record the start of ' } : { outcomes: ['ok'] };
    case 'operationId':
      return hostile.value === 'the string __proto__' && !thrown ? { outcomes: ['ok'] } : { outcomes: ['error'], starts: 'act did not run: no operation id (the operationId option ' };
    case 'toModelOutput':
      // a returned thenable that cannot be read (a revoked Proxy) is a rejection
      return { outcomes: ['error'], starts: thrown || hostile.value.includes('Proxy') ? 'act returned output its toModelOutput could not convert: ' : "act's toModelOutput returned " };
    default:
      return { outcomes: ['ok'] };
  }
}

describe(`any thrown value is a tool error (${NUM_RUNS} generated cases, seed ${SEED})`, () => {
  it('C4: a tool, permission check, approver, journal, artifact store, operationId, toModelOutput or ranker that throws, rejects with or returns a hostile value gives a readable tool result, and the turn goes on', async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (hostile) => {
        const { result, requests } = await runCase(hostile);
        expect(result.status).toBe('completed');
        expect(result.text).toBe('went on');
        const [act, search] = result.steps[0]!.toolResults;
        for (const toolResult of [act!, search!]) {
          const seen = toolResultText(requests[1]!.prompt, toolResult.toolCallId);
          expect(seen.length).toBeGreaterThan(0);
          expect(seen).not.toContain('[object ');
        }
        const expected = expectedOf(hostile);
        expect(expected.outcomes).toContain(act!.outcome);
        if (expected.starts !== undefined) expect(String(act!.output).startsWith(expected.starts)).toBe(true);
        if (hostile.site === 'journal.write completed' && hostile.how !== 'return') expect(act!.journalError).toMatch(/^the journal could not record the completed call: ./);
        if (hostile.site === 'artifactStore.put') expect(toolResultText(requests[1]!.prompt, 'act-0')).toMatch(/The whole output could not be stored \(.+\), so the cut part is lost/);
        if (hostile.site === 'ranker' && hostile.how === 'return') {
          expect(search).toMatchObject({ outcome: 'ok', output: { activated: ['other'] } });
          expect(result.activated).toEqual(['other']);
        } else if (hostile.site === 'ranker') {
          expect(search!.outcome).toBe('error');
          expect(String(search!.output)).toMatch(/^tool_search could not rank "other": .+\. Nothing was activated; you may search again\.$/);
        }
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
  }, 300_000);
});
