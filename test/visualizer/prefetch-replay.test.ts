import { describe, expect, it } from 'vitest';
import { turnMachine } from '../../machines/turn-machine.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { deriveMachineGraph } from '../../src/visualizer/derive-machine-graph.js';
import { buildReplay } from '../../visualizer/src/build-replay.js';
import { sampleTools } from '../helpers/sample-tools.js';

describe('buildReplay: the prefetch search (C25)', () => {
  it('shows the prefetch as step 0 search whose tools are visible from step 0, and a model search from the next step', async () => {
    const records: TelemetryRecord[] = [];
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, prefetch: { limit: 1 }, telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'browser click' } }] }, { text: 'done' }] });
    await runtime.send({ model: scripted.model, prompt: 'Post a message to the Slack channel #ops' }).result;

    const [turn] = buildReplay({ records, graph: deriveMachineGraph({ machine: turnMachine }) });
    const [prefetch, search] = turn!.steps[0]!.searches;
    expect(prefetch).toMatchObject({ visibleFromStep: 0, record: { origin: 'prefetch', activated: ['slack_post_message'] } });
    expect(search).toMatchObject({ visibleFromStep: 1, record: { origin: 'model', query: 'browser click' } });
    expect(turn!.steps[0]!.visible.map((tool) => tool.name)).toContain('slack_post_message');
  });
});
