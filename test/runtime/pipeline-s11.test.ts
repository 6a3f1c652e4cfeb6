import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, type TurnToolResult } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { numberedLines, probeStages, probeTool, stagesOf, toolResultText, type StageEvent } from '../helpers/pipeline-probe.js';

/** Step 0: search for the deferred tool and call the direct one twice; step 1: call the discovered one twice. */
const script = () =>
  createScriptedModel({
    steps: [
      {
        toolCalls: [
          { toolName: 'tool_search', input: { query: 'archive_search', limit: 1 } },
          { toolName: 'Read', input: { mode: 'big' } },
          { toolName: 'Read', input: { mode: 'slow' } },
        ],
      },
      { toolCalls: [{ toolName: 'archive_search', input: { mode: 'big' } }, { toolName: 'archive_search', input: { mode: 'slow' } }] },
      { text: 'done' },
    ],
  });
// the direct tool's calls and the discovered tool's, pairwise
const PAIRS = [
  ['call-0-1', 'call-1-0'],
  ['call-0-2', 'call-1-1'],
] as const;

/** A result with what may differ between two tools taken out: names, ids, durations. */
function normalized(result: TurnToolResult) {
  const { toolCallId, toolName, operationId, durationMs, artifact, output, modelOutput, ...rest } = result;
  const text = JSON.stringify(modelOutput).replaceAll(toolName, '<tool>').replaceAll(artifact?.id ?? '<none>', '<artifact>');
  return { ...rest, output: typeof output === 'string' ? output.replaceAll(toolName, '<tool>') : output, text, hasArtifact: artifact !== undefined };
}

describe('S11: direct and discovered tools cross the same permission, durable-execution, output-truncation and artifact stages', () => {
  it('a direct and a discovered tool cross every stage identically, in the same order, and again when the step is retried', async () => {
    const events: StageEvent[] = [];
    const records: TelemetryRecord[] = [];
    const stages = probeStages(events);
    const runtime = createToolSearchRuntime({
      tools: { Read: probeTool(events, 'Read from the archive.'), archive_search: probeTool(events, 'Search the archive.') },
      ...stages,
      timeout: { toolMs: 100 },
      generateId: () => 'turn-s11',
      telemetry: callbackSink((record) => void records.push(record)),
    });
    expect(runtime.catalog.direct).toEqual(['Read']);

    const scripted = script();
    const first = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    const byCall = new Map(first.steps.flatMap((step) => step.toolResults).map((result) => [result.toolCallId, result]));

    // the same stages in the same order, for the direct and the discovered tool
    const big = ['permission', 'approver', 'journal.read:none', 'journal.write:started', 'execute', 'journal.write:completed', 'artifact.put'];
    const slow = ['permission', 'approver', 'journal.read:none', 'journal.write:started', 'execute', 'abort:TimeoutError', 'journal.write:completed'];
    expect(stagesOf(events, 'call-0-1')).toEqual(big);
    expect(stagesOf(events, 'call-1-0')).toEqual(big);
    expect(stagesOf(events, 'call-0-2')).toEqual(slow);
    expect(stagesOf(events, 'call-1-1')).toEqual(slow);
    // tool_search crosses permission and the journal too (allowed without asking here)
    expect(stagesOf(events, 'call-0-0')).toEqual(['permission', 'journal.read:none', 'journal.write:started', 'journal.write:completed']);

    // the same results: truncated with an artifact, timed out
    for (const [direct, discovered] of PAIRS) expect(normalized(byCall.get(direct)!)).toEqual(normalized(byCall.get(discovered)!));
    expect(byCall.get('call-1-0')).toMatchObject({
      outcome: 'ok',
      operationId: 'turn-s11:1:call-1-0',
      replayed: false,
      truncated: { totalLines: 3_000, omittedLines: 1_000 },
      artifact: { id: expect.stringMatching(/^art_[0-9a-f]{24}$/) },
    });
    expect(byCall.get('call-1-1')).toMatchObject({
      outcome: 'error',
      timedOut: true,
      replayed: false,
      output: 'archive_search timed out after 100 ms and was aborted; it may have partly taken effect.',
    });

    // what the model received: head, note, tail; the whole output is in the artifact
    const seenDirect = toolResultText(scripted.requests[1]!.prompt, 'call-0-1');
    const seenDiscovered = toolResultText(scripted.requests[2]!.prompt, 'call-1-0');
    expect(seenDiscovered.startsWith(numberedLines(1_000))).toBe(true);
    expect(seenDiscovered.endsWith(numberedLines(3_000).slice(numberedLines(2_000).length))).toBe(true);
    expect(seenDiscovered.replaceAll(byCall.get('call-1-0')!.artifact!.id, '<artifact>')).toBe(
      seenDirect.replaceAll(byCall.get('call-0-1')!.artifact!.id, '<artifact>'),
    );
    for (const callId of ['call-0-1', 'call-1-0']) {
      expect(stages.artifactStore.get(byCall.get(callId)!.artifact!.id)).toBe(numberedLines(3_000));
    }

    // telemetry tells the same story for both
    const ends = records.filter((record) => record.type === 'tool.execution.end' && record.toolName !== 'tool_search');
    expect(ends.map((record) => record.type === 'tool.execution.end' && [record.toolName, record.origin, record.outcome, record.truncated, record.timedOut, record.replayed])).toEqual([
      ['Read', 'direct', 'ok', true, undefined, false],
      ['Read', 'direct', 'error', undefined, true, false],
      ['archive_search', 'discovered', 'ok', true, undefined, false],
      ['archive_search', 'discovered', 'error', undefined, true, false],
    ]);
    expect(ends[2]).toMatchObject({ operationId: 'turn-s11:1:call-1-0', omittedLines: 1_000, artifactId: byCall.get('call-1-0')!.artifact!.id });

    // the step retried after a crash (same turn id, same calls): both replay from the journal, identically
    events.length = 0;
    const retried = await runtime.send({ model: script().model, prompt: 'go' }).result;
    const replayedBig = ['permission', 'approver', 'journal.read:completed', 'artifact.put'];
    const replayedSlow = ['permission', 'approver', 'journal.read:completed'];
    expect(stagesOf(events, 'call-0-1')).toEqual(replayedBig);
    expect(stagesOf(events, 'call-1-0')).toEqual(replayedBig);
    expect(stagesOf(events, 'call-0-2')).toEqual(replayedSlow);
    expect(stagesOf(events, 'call-1-1')).toEqual(replayedSlow);
    // tool_search is never replayed: its effect is the turn's activation, rebuilt by running it again
    expect(stagesOf(events, 'call-0-0')).toEqual(['permission', 'journal.read:completed', 'journal.write:started', 'journal.write:completed']);
    expect(retried.activated).toEqual(['archive_search']);
    const retriedByCall = new Map(retried.steps.flatMap((step) => step.toolResults).map((result) => [result.toolCallId, result]));
    for (const [direct, discovered] of PAIRS) {
      expect(normalized(retriedByCall.get(direct)!)).toEqual(normalized(retriedByCall.get(discovered)!));
      expect(retriedByCall.get(direct)!.replayed).toBe(true);
      expect(retriedByCall.get(direct)!.artifact).toEqual(byCall.get(direct)!.artifact);
    }
  });
});
