import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Artifact } from '../../src/execution/artifact-store.js';
import { createArtifactReadTool } from '../../src/execution/create-artifact-read-tool.js';
import { createFileArtifactStore } from '../../src/execution/create-file-artifact-store.js';
import { createMemoryArtifactStore } from '../../src/execution/create-memory-artifact-store.js';

const artifact = (id: string, content: string, mediaType: Artifact['mediaType'] = 'text/plain'): Artifact => ({
  id,
  content,
  mediaType,
  operationId: `turn:${id}`,
  turnId: 'turn',
  toolCallId: id,
  toolName: 'Bash',
  cutLines: { from: 3, to: 7 },
});
const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

describe('createMemoryArtifactStore', () => {
  it('stores, returns and references an artifact the model reads with read_artifact', async () => {
    const store = createMemoryArtifactStore();
    const reference = store.put(artifact('art_1', 'full output'));
    expect(reference).toEqual({
      id: 'art_1',
      uri: 'artifact:art_1',
      howToRead: 'call read_artifact with {"id":"art_1","offset":3} to read from the first cut line',
      readToolName: 'read_artifact',
    });
    expect(store.get('art_1')).toBe('full output');
    expect(store.get('art_2')).toBeUndefined();
  });

  it('drops the oldest artifacts past maxBytes, and names the read tool it was told', () => {
    const store = createMemoryArtifactStore({ maxBytes: 10, readToolName: 'artifacts_read' });
    store.put(artifact('a', '12345'));
    store.put(artifact('b', '12345'));
    const reference = store.put(artifact('c', '123'));
    expect(store.ids()).toEqual(['b', 'c']);
    expect(reference.howToRead).toMatch(/^call artifacts_read with/);
    expect(() => createMemoryArtifactStore({ maxBytes: 0 })).toThrow('Option `maxBytes` is 0');
  });
});

describe('createFileArtifactStore', () => {
  it('writes <directory>/<id>.txt (.json for JSON) and references its absolute path', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'turnscope-artifacts-'));
    directories.push(directory);
    const store = createFileArtifactStore({ directory: join(directory, 'nested') });
    const text = await store.put(artifact('art_text', 'line 1\nline 2\n'));
    const json = await store.put(artifact('art_json', '{\n  "a": 1\n}', 'application/json'));

    expect(text.uri).toBe(join(directory, 'nested', 'art_text.txt'));
    expect(text.howToRead).toBe(`it is the file ${text.uri}: read lines 3-7 of it with a file-reading tool`);
    expect(await readFile(text.uri, 'utf8')).toBe('line 1\nline 2\n');
    expect(json.uri).toBe(join(directory, 'nested', 'art_json.json'));
    expect(await store.get('art_json')).toBe('{\n  "a": 1\n}');
    expect(await store.get('art_missing')).toBeUndefined();
  });

  it('refuses ids that could leave the directory', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'turnscope-artifacts-'));
    directories.push(directory);
    const store = createFileArtifactStore({ directory });
    await expect(store.put(artifact('../escape', 'x'))).rejects.toThrow('is not a safe file name');
    expect(await store.get('../../etc/passwd')).toBeUndefined();
    expect(() => createFileArtifactStore({ directory: '' })).toThrow('Option `directory`');
  });
});

describe('createArtifactReadTool', () => {
  const execute = async (store: ReturnType<typeof createMemoryArtifactStore>, input: { id: string; offset?: number; limit?: number }, maxBytes?: number) =>
    createArtifactReadTool({ store, ...(maxBytes === undefined ? {} : { maxBytes }) }).execute!(input, { toolCallId: 'r', messages: [], context: undefined });

  it('reads lines from an offset and says where to continue', async () => {
    const store = createMemoryArtifactStore();
    store.put(artifact('art_1', Array.from({ length: 10 }, (_, index) => `row ${index + 1}\n`).join('')));
    expect(await execute(store, { id: 'art_1', offset: 4, limit: 3 })).toBe('[art_1: lines 4-6 of 10. Continue with offset 7.]\nrow 4\nrow 5\nrow 6\n');
    expect(await execute(store, { id: 'art_1', offset: 9 })).toBe('[art_1: lines 9-10 of 10.]\nrow 9\nrow 10\n');
  });

  it('stops at its byte budget, cutting a single long line', async () => {
    const store = createMemoryArtifactStore();
    store.put(artifact('art_1', `${'x'.repeat(30)}\nshort\n`));
    expect(await execute(store, { id: 'art_1' }, 10)).toBe(`[art_1: lines 1-1 of 2. Continue with offset 2.]\n${'x'.repeat(10)}\n[line 1 is longer than 10 bytes; the rest of it was cut]\n`);
  });

  it('an unknown id or an offset past the end is a tool error', async () => {
    const store = createMemoryArtifactStore();
    store.put(artifact('art_1', 'one line'));
    await expect(execute(store, { id: 'art_9' })).rejects.toThrow('There is no artifact "art_9"');
    await expect(execute(store, { id: 'art_1', offset: 5 })).rejects.toThrow('has 1 lines; offset 5 is past its end');
  });
});
