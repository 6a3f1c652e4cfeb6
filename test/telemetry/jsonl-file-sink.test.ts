import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { parseTrace } from '../../src/report/parse-trace.js';
import { jsonlFileSink } from '../../src/telemetry/jsonl-file-sink.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'turnscope-jsonl-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const script = (query: string, delayMs: number) =>
  createScriptedModel({
    steps: [
      { delayMs, toolCalls: [{ toolName: 'tool_search', input: { query, limit: 1 } }] },
      { delayMs, text: `found ${query}` },
    ],
  });

describe('jsonlFileSink', () => {
  it('writes every record of overlapping turns as whole lines, each turn in order, appended to what was there', async () => {
    const path = join(dir, 'trace.jsonl');
    await writeFile(path, '{"type":"turn.start","turnId":"earlier","stepIndex":0,"timestamp":1,"boundTools":0,"boundSchemaChars":0,"directTools":[],"deferredTools":0,"requiredTools":[],"offersToolSearch":false}\n');
    const sink = jsonlFileSink({ path });
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, telemetry: sink });
    const queries = ['github_create_issue', 'browser_click', 'slack_post_message', 'browser_snapshot', 'github_list_pull_requests'];
    const turns = queries.map((query, index) => runtime.send({ model: script(query, 5 * (queries.length - index)).model, prompt: query }));
    const results = await Promise.all(turns.map((turn) => turn.result));
    await sink.close();

    const text = await readFile(path, 'utf8');
    const parsed = parseTrace(text);
    expect(parsed.warnings).toEqual([]);
    expect(text.endsWith('\n')).toBe(true);
    expect(parsed.records[0]?.turnId).toBe('earlier');
    for (const result of results) {
      const records = parsed.records.filter((record) => record.turnId === result.turnId);
      expect(records.map((record) => record.type)).toEqual([
        'turn.start', 'step.start', 'tool.execution.start', 'search.end', 'tool.execution.end', 'step.end', 'step.start', 'step.end', 'turn.end',
      ]);
      const first = parsed.records.indexOf(records[0]!);
      expect(parsed.records.slice(first, first + records.length)).toEqual(records);
    }
  });

  it('includeInspection: machine.transition records are written for replay', async () => {
    const path = join(dir, 'inspected.jsonl');
    const sink = jsonlFileSink({ path, includeInspection: true });
    const { tools, groups } = sampleTools();
    await createToolSearchRuntime({ tools, groups, telemetry: sink }).send({ model: script('browser_click', 0).model, prompt: 'x' }).result;
    await sink.close();

    const states = parseTrace(await readFile(path, 'utf8')).records.flatMap((record) => (record.type === 'machine.transition' ? [record.state] : []));
    expect(states).toEqual(['awaitingStep.requesting', 'executingStep', 'executingStep', 'awaitingStep.requesting', 'completed']);
  });

  it('close() writes the records of a turn that has not ended and reports a write error', async () => {
    const sink = jsonlFileSink({ path: join(dir, 'missing-dir', 'trace.jsonl') });
    sink.record({ type: 'turn.start', turnId: 't', stepIndex: 0, timestamp: 1, boundTools: 0, boundSchemaChars: 0, directTools: [], deferredTools: 0, requiredTools: [], offersToolSearch: false });
    await expect(sink.close()).rejects.toThrow(/ENOENT/);

    const path = join(dir, 'open.jsonl');
    const open = jsonlFileSink({ path });
    open.record({ type: 'turn.start', turnId: 't', stepIndex: 0, timestamp: 1, boundTools: 0, boundSchemaChars: 0, directTools: [], deferredTools: 0, requiredTools: [], offersToolSearch: false });
    await open.close();
    expect(parseTrace(await readFile(path, 'utf8')).records).toHaveLength(1);
  });
});
