import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tool, type ToolSet } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, type ExecutionJournal, type ExecutionJournalEntry } from '../../src/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { createScriptedModel } from '../../src/testing/index.js';

/** A journal in one JSON file: what "durable" means in this test. Writes are serialised. */
function jsonFileJournal(path: string): ExecutionJournal {
  let queue: Promise<unknown> = Promise.resolve();
  const load = async (): Promise<Record<string, ExecutionJournalEntry>> => {
    try {
      return JSON.parse(await readFile(path, 'utf8')) as Record<string, ExecutionJournalEntry>;
    } catch {
      return {};
    }
  };
  return {
    read: async (operationId) => (await load())[operationId],
    write: (entry) => {
      const next = queue.then(async () => writeFile(path, JSON.stringify({ ...(await load()), [entry.operationId]: entry })));
      queue = next;
      return next;
    },
  };
}

/** Write appends to `files` (a side effect that must not happen twice); Bash hangs while `hang` is true. */
function sideEffectTools(state: { files: string[]; bashRuns: number; hang: boolean }): ToolSet {
  return {
    Write: tool({
      description: 'Write a file.',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      execute: async ({ path }) => {
        state.files.push(path);
        return `wrote ${path} (#${state.files.length})`;
      },
    }),
    Bash: tool({
      description: 'Run a command.',
      inputSchema: z.object({ command: z.string() }),
      execute: async ({ command }, { abortSignal }) => {
        state.bashRuns += 1;
        if (!state.hang) return `ran ${command}`;
        return new Promise<string>((_, reject) => abortSignal?.addEventListener('abort', () => reject(abortSignal.reason)));
      },
    }),
  };
}

const script = () =>
  createScriptedModel({
    steps: [
      { toolCalls: [{ toolName: 'Write', input: { path: '/srv/release.txt', content: 'v2' } }, { toolName: 'Bash', input: { command: 'deploy' } }] },
      { text: 'deployed' },
    ],
  });

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('options.journal: a step retried after a crash does not run a completed call twice', () => {
  it('after a crash mid-step, a new runtime on the same journal replays the completed call and runs the unfinished one', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'turnscope-journal-'));
    directories.push(directory);
    const journalPath = join(directory, 'journal.json');
    const state = { files: [] as string[], bashRuns: 0, hang: true };

    // process 1: Write completes, Bash is still running when the process "dies"
    const before = createToolSearchRuntime({ tools: sideEffectTools(state), journal: jsonFileJournal(journalPath), generateId: () => 'turn-7' });
    const crashed = before.send({ model: script().model, prompt: 'release v2' });
    await until(async () => (await readFile(journalPath, 'utf8').catch(() => '')).includes('"status":"completed"'));
    crashed.cancel('the process died');
    await crashed.result;
    const onDisk = JSON.parse(await readFile(journalPath, 'utf8')) as Record<string, ExecutionJournalEntry>;
    expect(Object.values(onDisk).map((entry) => [entry.operationId, entry.toolName, entry.status])).toEqual([
      ['turn-7:0:call-0-0', 'Write', 'completed'],
      ['turn-7:0:call-0-1', 'Bash', 'started'],
    ]);

    // process 2: the same turn is retried (same turn id, the model's same tool calls)
    state.hang = false;
    const records: TelemetryRecord[] = [];
    const after = createToolSearchRuntime({
      tools: sideEffectTools(state),
      journal: jsonFileJournal(journalPath),
      generateId: () => 'turn-7',
      telemetry: callbackSink((record) => void records.push(record)),
    });
    const retried = await after.send({ model: script().model, prompt: 'release v2' }).result;

    expect(state.files).toEqual(['/srv/release.txt']); // written once
    expect(state.bashRuns).toBe(2); // it never completed, so it runs again (at least once)
    expect(retried.steps[0]!.toolResults.map(({ toolName, outcome, output, replayed, operationId }) => ({ toolName, outcome, output, replayed, operationId }))).toEqual([
      { toolName: 'Write', outcome: 'ok', output: 'wrote /srv/release.txt (#1)', replayed: true, operationId: 'turn-7:0:call-0-0' },
      { toolName: 'Bash', outcome: 'ok', output: 'ran deploy', replayed: false, operationId: 'turn-7:0:call-0-1' },
    ]);
    expect(records.filter((record) => record.type === 'tool.execution.end').map((record) => record.type === 'tool.execution.end' && [record.toolName, record.replayed])).toEqual([
      ['Write', true],
      ['Bash', false],
    ]);
  });

  it('the default in-memory journal replays within one runtime; other turn ids and other inputs run', async () => {
    const state = { files: [] as string[], bashRuns: 0, hang: false };
    let turn = 0;
    const ids = ['turn-a', 'turn-a', 'turn-b'];
    const runtime = createToolSearchRuntime({ tools: sideEffectTools(state), generateId: () => ids[turn++]! });
    await runtime.send({ model: script().model, prompt: 'go' }).result;
    const again = await runtime.send({ model: script().model, prompt: 'go' }).result;
    await runtime.send({ model: script().model, prompt: 'go' }).result;

    expect(again.steps[0]!.toolResults.map((result) => result.replayed)).toEqual([true, true]);
    expect(state.files).toHaveLength(2); // turn-a once, turn-b once
    const otherInput = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'Write', input: { path: '/other', content: 'x' } }] }, { text: 'ok' }] });
    turn = 0;
    const changed = await runtime.send({ model: otherInput.model, prompt: 'go' }).result;
    expect(changed.steps[0]!.toolResults[0]).toMatchObject({ replayed: false, output: 'wrote /other (#3)' });
  });

  it('options.operationId derives the key from the call: a caller-chosen id makes a retry under a new turn id replay', async () => {
    const state = { files: [] as string[], bashRuns: 0, hang: false };
    const runtime = createToolSearchRuntime({
      tools: sideEffectTools(state),
      operationId: ({ toolCallId, toolName }) => `job-42:${toolName}:${toolCallId}`,
    });
    await runtime.send({ model: script().model, prompt: 'go' }).result;
    const retried = await runtime.send({ model: script().model, prompt: 'go' }).result;
    expect(retried.steps[0]!.toolResults.map((result) => [result.operationId, result.replayed])).toEqual([
      ['job-42:Write:call-0-0', true],
      ['job-42:Bash:call-0-1', true],
    ]);
    expect(state.files).toHaveLength(1);
  });

  it('an operationId option that throws is a tool error: the call does not run', async () => {
    const state = { files: [] as string[], bashRuns: 0, hang: false };
    const runtime = createToolSearchRuntime({
      tools: sideEffectTools(state),
      operationId: () => {
        throw new Error('no job id');
      },
    });
    const result = await runtime.send({ model: script().model, prompt: 'go' }).result;
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'error', output: 'Write did not run: no operation id (the operationId option failed: no job id).' });
    expect(state.files).toEqual([]);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
