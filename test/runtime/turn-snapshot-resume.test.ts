import { APICallError } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import type { ResumeInput, SendInput, ToolSearchRuntime, TurnResult, TurnSnapshot } from '../../src/index.js';
import { createScriptedModel, type RecordedRequest, type ScriptedStep } from '../../src/testing/index.js';
import { createModelRuntime, MODEL_CATALOG, modelInput } from '../model-based/create-turn-system.js';
import { createTurnTestModel, MODEL_ANSWERED, MODEL_FAILED } from '../model-based/turn-test-model.js';
import { scenarioArbitrary, scenarioSetup } from '../properties/turn-scenario.js';

// S17 (C28): a turn snapshotted at any step boundary and resumed in a fresh runtime sends the
// same requests and reaches the same result as the uninterrupted turn.

const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

/** What a request is on the wire, as the scripted model recorded it. */
function wire(request: RecordedRequest): unknown {
  return { toolNames: request.toolNames, tools: request.tools, prompt: request.prompt };
}

interface Run {
  readonly requests: readonly RecordedRequest[];
  readonly result: TurnResult;
  /** Each step boundary's snapshot (through JSON), with the requests sent before it. */
  readonly boundaries: readonly { readonly snapshot: TurnSnapshot; readonly requestsBefore: number }[];
}

/** Runs one turn to its end, keeping every `step-end` part's snapshot as JSON. */
async function runUninterrupted(runtime: ToolSearchRuntime, script: readonly ScriptedStep[], input: Omit<SendInput, 'model'>): Promise<Run> {
  const scripted = createScriptedModel({ steps: script });
  const turn = runtime.send({ ...input, model: scripted.model } as SendInput);
  const snapshots: TurnSnapshot[] = [];
  for await (const part of turn.stream) {
    if (part.type === 'step-end' && part.snapshot !== undefined) snapshots.push(JSON.parse(JSON.stringify(part.snapshot)) as TurnSnapshot);
  }
  const result = await turn.result;
  // the requests before a boundary are the attempts of the steps before it
  const boundaries = snapshots.map((snapshot) => ({
    snapshot,
    requestsBefore: result.steps.filter((step) => step.stepIndex < snapshot.stepIndex).reduce((sum, step) => sum + step.attempts, 0),
  }));
  return { requests: scripted.requests, result, boundaries };
}

/** Resumes every boundary of `run` in a fresh runtime with the rest of the script and compares. */
async function expectResumesMatch(run: Run, freshRuntime: () => ToolSearchRuntime, script: readonly ScriptedStep[], input: Omit<ResumeInput, 'model' | 'snapshot'>): Promise<number> {
  for (const { snapshot, requestsBefore } of run.boundaries) {
    const scripted = createScriptedModel({ steps: script.slice(requestsBefore) });
    const resumed = freshRuntime().resume({ ...input, snapshot, model: scripted.model } as ResumeInput);
    expect(resumed.turnId).toBe(run.result.turnId);
    const result = await resumed.result;
    expect(scripted.requests.map(wire)).toEqual(run.requests.slice(requestsBefore).map(wire));
    expect(result).toEqual(run.result);
  }
  return run.boundaries.length;
}

function providerError(retryable: boolean): APICallError {
  return new APICallError({ message: retryable ? 'HTTP 503' : 'HTTP 400', url: 'https://provider.test/v1', requestBodyValues: {}, statusCode: retryable ? 503 : 400, isRetryable: retryable });
}

describe('S17: runtime.resume() continues a snapshot as the uninterrupted turn', () => {
  it('every model-based path, snapshotted at each of its step boundaries, resumes with the same requests and result', async () => {
    const paths = createTurnTestModel(modelInput()).getShortestPaths();
    let boundaries = 0;
    let pathsWithBoundary = 0;
    for (const path of paths) {
      // the path's model answers and failures become the script; R changes become the requiredTools function
      const script: ScriptedStep[] = [];
      const requiredFrom = new Map<number, readonly string[]>();
      for (const { event, state } of path.steps) {
        if (event.type === 'CANCEL' || event.type === 'TOOL_EXECUTION_FAILED') break;
        if (event.type === MODEL_ANSWERED) script.push({ text: event.output.text, toolCalls: event.output.toolCalls.map((call) => ({ ...call })) });
        if (event.type === MODEL_FAILED) script.push({ error: providerError(event.error.isRetryable) });
        if (event.type === 'TOOL_CALLS_SETTLED' && event.required !== undefined) requiredFrom.set(state.context.stepIndex + 1, event.required);
      }
      const requiredTools = ({ stepIndex }: { stepIndex: number }) => {
        let required: readonly string[] = MODEL_CATALOG.required;
        for (const [from, names] of [...requiredFrom].sort(([a], [b]) => a - b)) if (from <= stepIndex) required = names;
        return [...required];
      };
      const runtime = () => createModelRuntime({ now: () => 0, retry: { maxAttempts: 2, initialDelayMs: 0 } });
      const run = await runUninterrupted(runtime(), script, { prompt: 'go', requiredTools });
      const resumed = await expectResumesMatch(run, runtime, script, { requiredTools });
      boundaries += resumed;
      if (resumed > 0) pathsWithBoundary++;
    }
    expect(pathsWithBoundary).toBeGreaterThan(paths.length / 2);
    expect(boundaries).toBeGreaterThan(paths.length);
  }, 120_000);

  it('generated property turns, snapshotted at every step boundary, resume with the same requests and result', async () => {
    let boundaries = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const setup = () => scenarioSetup({ ...scenario, cancelAtPart: undefined }, { now: () => 0 });
        const { runtime, script, sendInput } = setup();
        const run = await runUninterrupted(runtime, script, sendInput);
        const { prompt: _prompt, ...resumeInput } = sendInput;
        boundaries += await expectResumesMatch(run, () => setup().runtime, script, resumeInput);
      }),
      { numRuns: PROPERTY_RUNS },
    );
    expect(boundaries).toBeGreaterThan(PROPERTY_RUNS / 2);
  }, 300_000);
});
