import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import { runDurableTurn } from '../../src/durable/run-durable-turn.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { scenarioArbitrary, scenarioSetup, type TurnScenario } from '../properties/turn-scenario.js';
import { observableTurn } from './observable-turn.js';

const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 150);

const durableSetup = (scenario: TurnScenario) => {
  const setup = scenarioSetup({ ...scenario, cancelAtPart: undefined });
  const { now: _now, ...runtime } = setup.runtimeOptions as typeof setup.runtimeOptions & { now?: unknown };
  return { ...setup, durableRuntime: runtime };
};

describe('durable turns: the property suite on the durable path (C29, issue 15)', () => {
  it('generated turns through a step runner send the same requests and reach the same result as in-process; a re-execution after a crash at any step reaches it again, running only the steps that had no record', async () => {
    let crashesWithReplay = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, fc.nat(), async (scenario, crashSeed) => {
        const local = scenarioSetup({ ...scenario, cancelAtPart: undefined });
        const localModel = createScriptedModel({ steps: local.script });
        const localResult = await local.runtime.send({ model: localModel.model, ...local.sendInput }).result;

        const first = durableSetup(scenario);
        const runner = createMemoryStepRunner();
        const firstModel = createScriptedModel({ steps: first.script });
        const durable = await runDurableTurn({ runner, runtime: first.durableRuntime, model: firstModel.model, input: first.sendInput });
        expect(firstModel.requests.map((request) => request.prompt)).toEqual(localModel.requests.map((request) => request.prompt));
        expect(firstModel.requests.map((request) => request.toolNames)).toEqual(localModel.requests.map((request) => request.toolNames));
        expect(observableTurn(durable)).toEqual(observableTurn(localResult));
        expect(first.executed).toEqual(local.executed);

        // the worker died after the first `kept` steps were recorded
        const kept = crashSeed % (runner.calls.length + 1);
        const survived = runner.calls.slice(0, kept).map((call) => call.name);
        const records = new Map([...runner.records].filter(([name]) => survived.includes(name)));
        const replayedModelCalls = survived.filter((name) => name.startsWith('model:')).length;
        const again = durableSetup(scenario);
        const againModel = createScriptedModel({ steps: again.script.slice(replayedModelCalls) });
        const rerun = await runDurableTurn({ runner: createMemoryStepRunner({ records }), runtime: again.durableRuntime, model: againModel.model, input: again.sendInput });

        expect(observableTurn(rerun)).toEqual(observableTurn(durable));
        expect(rerun.turnId).toBe(durable.turnId);
        expect(againModel.requests).toHaveLength(firstModel.requests.length - replayedModelCalls);
        const dropped = runner.calls.slice(kept).map((call) => call.name).filter((name) => name.startsWith('tool:'));
        const stepOf = (toolCallId: string) => Number(/^s(\d+)-/.exec(toolCallId)![1]);
        expect(again.executed.map((call) => `tool:${durable.turnId}:${stepOf(call.toolCallId)}:${call.toolCallId}`).sort()).toEqual(dropped.sort());
        if (kept > 0) crashesWithReplay++;
      }),
      { numRuns: PROPERTY_RUNS },
    );
    expect(crashesWithReplay).toBeGreaterThan(PROPERTY_RUNS / 3);
  }, 300_000);
});
