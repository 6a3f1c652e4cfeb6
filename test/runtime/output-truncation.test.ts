import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tool, type ToolSet } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createArtifactReadTool, createFileArtifactStore, createMemoryArtifactStore, createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { numberedLines, toolResultText } from '../helpers/pipeline-probe.js';

const logTool = (output: unknown) => tool({ description: 'Show the build log.', inputSchema: z.object({}), execute: async () => output });
const callLogThen = (...later: Parameters<typeof createScriptedModel>[0]['steps']) =>
  createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'build_log', input: {} }] }, ...later, { text: 'done' }] });

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('options.outputLimit and options.artifactStore: output truncation and artifacts (C4)', () => {
  it('by lines: the model sees lines 1-1000, the note and lines 4001-5000; the whole output is in memory and read_artifact reads the cut part', async () => {
    const store = createMemoryArtifactStore();
    const full = numberedLines(5_000);
    const runtime = createToolSearchRuntime({
      tools: { build_log: logTool(full), read_artifact: createArtifactReadTool({ store }) },
      direct: ['build_log', 'read_artifact'],
      artifactStore: store,
    });
    const scripted = callLogThen((request) => {
      const note = toolResultText(request.prompt, 'call-0-0');
      const [, id] = /artifact (art_[0-9a-f]{24})/.exec(note)!;
      return { toolCalls: [{ toolName: 'read_artifact', input: { id, offset: 1_001, limit: 2 } }] };
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'why did the build fail?' }).result;

    const log = result.steps[0]!.toolResults[0]!;
    const id = log.artifact!.id;
    expect(log).toMatchObject({
      outcome: 'ok',
      output: full,
      truncated: { totalLines: 5_000, totalBytes: Buffer.byteLength(full), omittedLines: 3_000 },
      artifact: { id, uri: `artifact:${id}` },
    });
    expect(toolResultText(scripted.requests[1]!.prompt, 'call-0-0')).toBe(
      numberedLines(1_000) +
        `[turnscope: output cut to fit 51200 bytes and 2000 lines. ${log.truncated!.omittedBytes} bytes (lines 1001-4000 of 5000) between the start and the end shown here were cut. ` +
        `The whole output (${Buffer.byteLength(full)} bytes, 5000 lines) is stored as artifact ${id}: call read_artifact with {"id":"${id}","offset":1001} to read from the first cut line.]\n` +
        full.slice(numberedLines(4_000).length),
    );
    expect(runtime.artifactStore?.get(id)).toBe(full);
    expect(result.steps[1]!.toolResults[0]).toMatchObject({ toolName: 'read_artifact', outcome: 'ok', output: `[${id}: lines 1001-1002 of 5000. Continue with offset 1003.]\nline 1001\nline 1002\n` });
  });

  it('by bytes, on disk: the note names the file, which holds the whole output', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'turnscope-artifacts-'));
    directories.push(directory);
    const full = `${'a'.repeat(700)}\n${'b'.repeat(700)}\n${'c'.repeat(700)}\n`;
    const runtime = createToolSearchRuntime({
      tools: { build_log: logTool(full) },
      direct: ['build_log'],
      outputLimit: { maxBytes: 1_500 },
      artifactStore: createFileArtifactStore({ directory }),
    });
    const scripted = callLogThen();
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;

    const log = result.steps[0]!.toolResults[0]!;
    const path = join(directory, `${log.artifact!.id}.txt`);
    expect(log.artifact).toEqual({ id: expect.stringMatching(/^art_/), uri: path });
    expect(await readFile(path, 'utf8')).toBe(full);
    expect(toolResultText(scripted.requests[1]!.prompt, 'call-0-0')).toBe(
      `${'a'.repeat(700)}\n[turnscope: output cut to fit 1500 bytes and 2000 lines. 701 bytes (line 2 of 3) between the start and the end shown here were cut. ` +
        `The whole output (2103 bytes, 3 lines) is stored as artifact ${log.artifact!.id}: it is the file ${path}: read line 2 of it with a file-reading tool.]\n${'c'.repeat(700)}\n`,
    );
  });

  it('JSON output is measured compact and cut from its pretty-printed form; the artifact is .json', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'turnscope-artifacts-'));
    directories.push(directory);
    const rows = Array.from({ length: 50 }, (_, index) => ({ id: index, name: `row ${index}` }));
    const runtime = createToolSearchRuntime({
      tools: { build_log: logTool(rows) },
      direct: ['build_log'],
      outputLimit: { maxBytes: 600 }, // compact JSON is one line of 1,281 bytes
      artifactStore: createFileArtifactStore({ directory }),
    });
    const scripted = callLogThen();
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    const seen = toolResultText(scripted.requests[1]!.prompt, 'call-0-0');
    expect(JSON.stringify(rows)).toHaveLength(1_281);
    expect(seen.startsWith('[\n  {\n    "id": 0,\n    "name": "row 0"\n  },\n')).toBe(true);
    expect(seen).toContain('\n[turnscope: output cut to fit 600 bytes and 2000 lines.');
    expect(seen.endsWith('  {\n    "id": 49,\n    "name": "row 49"\n  }\n]')).toBe(true);
    expect(result.steps[0]!.toolResults[0]!.output).toEqual(rows);
    expect(await readFile(result.steps[0]!.toolResults[0]!.artifact!.uri, 'utf8')).toBe(JSON.stringify(rows, null, 2));
  });

  it('artifactStore: false drops the cut part and says so; a failing store says so too', async () => {
    const full = numberedLines(30);
    for (const [artifactStore, says] of [
      [false, 'The cut part was not kept.]'],
      [
        {
          put: () => {
            throw new Error('disk full');
          },
          get: () => undefined,
        },
        'The whole output could not be stored (disk full), so the cut part is lost.]',
      ],
    ] as const) {
      const runtime = createToolSearchRuntime({ tools: { build_log: logTool(full) }, direct: ['build_log'], outputLimit: { maxLines: 10 }, artifactStore });
      const scripted = callLogThen();
      const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
      expect(result.steps[0]!.toolResults[0]!.artifact).toBeUndefined();
      expect(result.steps[0]!.toolResults[0]!.outcome).toBe('ok');
      expect(toolResultText(scripted.requests[1]!.prompt, 'call-0-0')).toContain(says);
    }
  });

  it('a tool error over the limit is truncated too; output within the limit is untouched', async () => {
    const runtime = createToolSearchRuntime({
      tools: {
        build_log: tool({
          description: 'Fails loudly.',
          inputSchema: z.object({}),
          execute: async (): Promise<string> => {
            throw new Error(numberedLines(40));
          },
        }),
        Read: logTool('short'),
      },
      direct: ['build_log', 'Read'],
      outputLimit: { maxLines: 10 },
    });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'build_log', input: {} }, { toolName: 'Read', input: {} }] }, { text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    const [failed, read] = result.steps[0]!.toolResults;
    expect(failed).toMatchObject({ outcome: 'error', truncated: { totalLines: 40 } });
    expect((failed!.modelOutput as { type: string }).type).toBe('error-text');
    expect(read!.truncated).toBeUndefined();
    expect(read!.modelOutput).toEqual({ type: 'text', value: 'short' });
  });

  it('tool_search\'s result is never cut, however small the limit: the model sees every name it activated', async () => {
    const tools = Object.fromEntries(
      Array.from({ length: 8 }, (_, index) => [`github_issue_tool_${index}`, logTool('x')]),
    );
    const runtime = createToolSearchRuntime({ tools, direct: [], outputLimit: { maxBytes: 40, maxLines: 2 } });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'github issue tool', limit: 8 } }] }, { text: 'ok' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    const search = result.steps[0]!.toolResults[0]!;

    expect(search.truncated).toBeUndefined();
    expect((search.output as { activated: string[] }).activated).toHaveLength(8);
    expect(search.modelOutput).toEqual({ type: 'json', value: search.output });
    expect(scripted.requests[1]!.toolNames).toHaveLength(9);
  });

  it('the note only tells the model to call read_artifact when it can: not bound, it says so; deferred, it says to load it first', async () => {
    const full = numberedLines(5_000);
    const noteOf = async (tools: ToolSet, direct: string[]) => {
      const store = createMemoryArtifactStore();
      const runtime = createToolSearchRuntime({ tools: { build_log: logTool(full), ...tools }, direct, artifactStore: store });
      const result = await runtime.send({ model: callLogThen().model, prompt: 'go' }).result;
      const id = result.steps[0]!.toolResults[0]!.artifact!.id;
      return { id, note: /The whole output \(\d+ bytes, 5000 lines\) is stored as artifact art_[0-9a-f]{24}: ([^\]]*)\]/.exec(JSON.stringify(result.steps[0]!.toolResults[0]!.modelOutput))![1] };
    };

    expect((await noteOf({}, ['build_log'])).note).toBe('no read_artifact tool is available in this conversation to read it.');
    const reader = createArtifactReadTool({ store: createMemoryArtifactStore() });
    const deferred = await noteOf({ read_artifact: reader }, ['build_log']);
    expect(deferred.note).toBe(`load read_artifact with tool_search first, then call read_artifact with {\\"id\\":\\"${deferred.id}\\",\\"offset\\":1001} to read from the first cut line.`);
  });
});
