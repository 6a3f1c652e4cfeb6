import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { activeBefore, expectedVisible, requiredOf, runScenario, searchedIn, scenarioArbitrary, type TurnObservation, type TurnScenario } from './turn-scenario.js';

// Properties of the contract over random catalogs and random turns, each through the real runtime
// (streamText + the scripted model). The four properties below read the same kind of turn, so
// they share one seed and a memo of runs: each property is checked on NUM_RUNS generated turns,
// and each generated turn runs once. PROPERTY_RUNS raises the count for a deeper local run.

const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 2_000);
const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
// generous: 2,000 runs took 47 s (29 s of CPU) on 2 cores at load average ~6; the limit is only for a worse one
const TIMEOUT_MS = 600_000;
const memo = new Map<string, Promise<TurnObservation>>();

function observe(scenario: TurnScenario): Promise<TurnObservation> {
  const key = JSON.stringify(scenario);
  let observation = memo.get(key);
  if (observation === undefined) {
    observation = runScenario(scenario);
    memo.set(key, observation);
  }
  return observation;
}

async function check(property: (observation: TurnObservation) => void): Promise<void> {
  await fc.assert(
    fc.asyncProperty(scenarioArbitrary, async (scenario) => property(await observe(scenario))),
    { numRuns: NUM_RUNS, seed: SEED },
  );
}

/** The step-start visible set of `step`: the tool names of its request (every attempt carries the same). */
function visibleOf(observation: TurnObservation, step: number): readonly string[] | undefined {
  return observation.requests.find((request) => request.step === step)?.toolNames;
}

describe(`contract properties (${NUM_RUNS} random turns each, seed ${SEED})`, () => {
  it('C3, C14: every request carries exactly (D ∪ A ∪ R) ∩ B plus tool_search when a deferred tool exists, and nothing outside it executes', async () => {
    await check((observation) => {
      for (const request of observation.requests) {
        // R is the requiredTools function's answer for this very step: it was asked before the step
        expect(observation.requiredAsked).toContain(request.step);
        expect([...request.toolNames].sort()).toEqual(expectedVisible(observation, activeBefore(observation, request.step), request.step));
        expect(request.toolNames).toEqual(visibleOf(observation, request.step));
      }
      for (const { toolName, toolCallId } of observation.executed) {
        const step = Number(/^s(\d+)-/.exec(toolCallId)![1]);
        expect(visibleOf(observation, step)).toContain(toolName);
      }
      // every call to a name outside its step's visible set was rejected, never run (C14)
      for (const record of observation.result.steps) {
        const visible = visibleOf(observation, record.stepIndex)!;
        for (const result of record.toolResults) {
          if (!visible.includes(result.toolName)) expect(['rejected-hidden', 'rejected-unknown', 'cancelled']).toContain(result.outcome);
        }
      }
    });
  }, TIMEOUT_MS);

  it('C2, C3: every step\'s provider requests carry exactly result.steps[i].visible, in its order, each with its own definition, hostile names such as __proto__ included', async () => {
    await check((observation) => {
      for (const record of observation.result.steps) {
        const requests = observation.requests.filter((request) => request.step === record.stepIndex);
        expect(requests.length).toBeGreaterThan(0);
        for (const request of requests) expect(request.toolNames).toEqual(record.visible);
      }
      // and each name's definition is its own tool's: description and input schema
      for (const request of observation.requests) expect(request.foreignDefinitions).toEqual([]);
    });
  }, TIMEOUT_MS);

  it('C9, C11: a select: search activates only tools it lists, a +word search only tools whose names hold the word', async () => {
    await check((observation) => {
      for (const record of observation.result.steps) {
        for (const result of record.toolResults) {
          const query = observation.queries.get(result.toolCallId);
          if (query === undefined || result.outcome !== 'ok') continue;
          const { activated } = result.output as { activated: string[] };
          if (/^select:/i.test(query)) {
            const listed = query.slice('select:'.length).split(',').map((name) => name.toLowerCase());
            for (const name of activated) expect(listed).toContain(name.toLowerCase());
          }
          for (const word of query.split(/\s+/).filter((part) => part.startsWith('+')).map((part) => part.slice(1).toLowerCase())) {
            for (const name of activated) expect(name.toLowerCase()).toContain(word);
          }
        }
      }
    });
  }, TIMEOUT_MS);

  it('C13: a search\'s new matches are never visible in the step that ran it and always visible in the next', async () => {
    await check((observation) => {
      for (const record of observation.result.steps) {
        // what the step's searches returned that its request did not already carry (as D, R or A)
        const found = new Set(activeBefore(observation, record.stepIndex + 1));
        for (const name of visibleOf(observation, record.stepIndex) ?? []) found.delete(name);
        const sameStep = observation.requests.filter((request) => request.step === record.stepIndex);
        const nextStep = observation.requests.filter((request) => request.step === record.stepIndex + 1);
        for (const name of found) {
          for (const request of sameStep) expect(request.toolNames).not.toContain(name);
          for (const request of nextStep) expect(request.toolNames).toContain(name);
        }
        // a required tool is visible already: a search never lists it as activated (R is not A)
        const required = requiredOf(observation, record.stepIndex);
        expect(searchedIn(record).filter((name) => required.includes(name))).toEqual([]);
        // a call to one of them in the same step is rejected as hidden, and does not run (S7)
        for (const result of record.toolResults) {
          if (found.has(result.toolName)) expect(['rejected-hidden', 'cancelled']).toContain(result.outcome);
        }
      }
      const ran = new Set(observation.executed.map((entry) => entry.toolCallId));
      for (const record of observation.result.steps) {
        for (const result of record.toolResults) {
          if (result.outcome === 'rejected-hidden') expect(ran.has(result.toolCallId)).toBe(false);
        }
      }
    });
  }, TIMEOUT_MS);

  it('C15, C17: the active set only grows during a turn, is empty in every final state, and the next turn starts clean', async () => {
    await check((observation) => {
      const { snapshots, result, finalContext } = observation;
      for (let index = 1; index < snapshots.length; index++) {
        const previous = snapshots[index - 1]!;
        const current = snapshots[index]!;
        if (current.status !== 'active') continue;
        expect(current.active.slice(0, previous.active.length)).toEqual(previous.active);
        expect(new Set([...current.active, ...current.pending]).size).toBe(current.active.length + current.pending.length);
      }
      expect(snapshots.at(-1)!.status).toBe('done');
      expect(finalContext).toEqual({ active: [], pending: [], visible: [] });
      expect(new Set(result.activated).size).toBe(result.activated.length);
      for (const name of result.activated) {
        expect(observation.bound).toContain(name);
        expect(observation.direct).not.toContain(name);
      }
      if (observation.nextTurnToolNames !== undefined) {
        expect([...observation.nextTurnToolNames].sort()).toEqual(expectedVisible(observation, new Set(), 0));
      }
    });
  }, TIMEOUT_MS);

  it('C20: every request\'s tool list starts with the previous request\'s list, in the same order; only a tool that left R leaves it', async () => {
    await check((observation) => {
      const { requests } = observation;
      for (let index = 1; index < requests.length; index++) {
        const previous = requests[index - 1]!.toolNames;
        const current = requests[index]!.toolNames;
        const kept = previous.filter((name) => current.includes(name));
        expect(current.slice(0, kept.length)).toEqual(kept);
        // a name leaves only when R stopped naming it, between two steps (C3 wins over C20)
        const left = previous.filter((name) => !current.includes(name));
        if (left.length === 0) continue;
        const { step } = requests[index]!;
        expect(step).toBe(requests[index - 1]!.step + 1);
        const required = requiredOf(observation, step);
        for (const name of left) {
          expect(requiredOf(observation, step - 1)).toContain(name);
          expect(required).not.toContain(name);
          expect(observation.direct).not.toContain(name);
        }
      }
      expect(new Set(requests.at(-1)?.toolNames ?? []).size).toBe(requests.at(-1)?.toolNames.length ?? 0);
    });
  }, TIMEOUT_MS);

  it('C3, C6: tool_search is offered on every request when a deferred tool is bound, never otherwise, and cannot be called when not offered', async () => {
    await check((observation) => {
      const next = observation.nextTurnToolNames === undefined ? [] : [observation.nextTurnToolNames];
      for (const request of [...observation.requests.map((entry) => entry.toolNames), ...next]) {
        expect(request.includes(TOOL_SEARCH_NAME)).toBe(observation.deferredExists);
      }
      if (observation.deferredExists) return;
      for (const record of observation.result.steps) {
        for (const result of record.toolResults) {
          if (result.toolName === TOOL_SEARCH_NAME) expect(['rejected-unknown', 'cancelled']).toContain(result.outcome);
        }
      }
      expect(observation.result.activated).toEqual([]);
    });
  }, TIMEOUT_MS);

  afterAll(() => {
    const observations = [...memo.values()];
    void Promise.all(observations).then((runs) => {
      const count = (predicate: (run: TurnObservation) => boolean) => runs.filter(predicate).length;
      const statuses = ['completed', 'failed', 'cancelled'].map((status) => `${status} ${count((run) => run.result.status === status)}`);
      console.log(
        `property turns: ${runs.length} distinct (${statuses.join(', ')}); ` +
          `${runs.reduce((sum, run) => sum + run.requests.length, 0)} provider requests; ` +
          `with a search that activated: ${count((run) => run.result.activated.length > 0)}; ` +
          `with a retry: ${count((run) => new Set(run.requests.map((request) => request.step)).size < run.requests.length)}; ` +
          `with R changed between two requests: ${count((run) => run.requests.some((request, index) => index > 0 && JSON.stringify(requiredOf(run, request.step)) !== JSON.stringify(requiredOf(run, run.requests[index - 1]!.step))))}; ` +
          `no deferred tool: ${count((run) => !run.deferredExists)}; ` +
          `with __proto__ sent: ${count((run) => run.requests.some((request) => request.toolNames.includes('__proto__')))}; ` +
          `with a boundTools ceiling narrower than the catalog: ${count((run) => run.bound.length < run.catalogSize)}`,
      );
    });
  });
});
