import { describe, expect, it } from 'vitest';
import {
  createMemoryArtifactStore,
  createMemoryJournal,
  createToolSearchRuntime,
  InvalidOptionError,
  UnboundToolError,
  type ToolSearchRuntimeOptions,
} from '../../src/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

const { tools } = sampleTools();
const build = (options: Record<string, unknown>) => () => createToolSearchRuntime({ tools, ...options } as unknown as ToolSearchRuntimeOptions);

describe('pipeline options: configuration mistakes throw at construction, naming the option', () => {
  it.each([
    ['an approver that is not a function', { approver: 'yes' }, 'Option `approver` is "yes"; expected a function'],
    ['an operationId that is not a function', { operationId: 'id' }, 'Option `operationId` is "id"; expected a function'],
    ['a journal without read/write', { journal: { get: () => undefined } }, 'Option `journal` is object; expected a journal'],
    ['an artifact store without put/get', { artifactStore: true }, 'Option `artifactStore` is true; expected false, or an artifact store'],
    ['timeout that is not an object', { timeout: 5_000 }, 'Option `timeout` is 5000; expected an object'],
    ['a misspelled timeout option', { timeout: { toolMS: 5 } }, 'Option `timeout.toolMS` is 5; expected `timeout.toolMs`'],
    ['a negative tool timeout', { timeout: { toolMs: -1 } }, 'Option `timeout.toolMs` is -1; expected a whole number of milliseconds from 0'],
    ['an approval timeout past the longest timer', { timeout: { approvalMs: 1e12 } }, 'Option `timeout.approvalMs` is 1000000000000'],
    ['a per-tool timeout that is not a number', { timeout: { perToolMs: { Bash: '5s' } } }, 'Option `timeout.perToolMs.Bash` is "5s"'],
    ['a misspelled outputLimit option', { outputLimit: { maxByte: 10 } }, 'Option `outputLimit.maxByte` is 10; expected `outputLimit.maxBytes`'],
    ['an output limit of one line', { outputLimit: { maxLines: 1 } }, 'Option `outputLimit.maxLines` is 1; expected a whole number of lines ≥ 2'],
    ['a fractional byte limit', { outputLimit: { maxBytes: 10.5 } }, 'Option `outputLimit.maxBytes` is 10.5'],
  ])('%s', (_case, options, message) => {
    expect(build(options)).toThrow(InvalidOptionError);
    expect(build(options)).toThrow(message);
  });

  it('a per-tool timeout for a tool that is not bound throws UnboundToolError; tool_search may have one', () => {
    expect(build({ timeout: { perToolMs: { bash: 10 } } })).toThrow(UnboundToolError);
    expect(build({ timeout: { perToolMs: { bash: 10 } } })).toThrow('`timeout.perToolMs` names "bash", which is not a bound tool. Did you mean "Bash"?');
    expect(build({ timeout: { perToolMs: { tool_search: 10, Bash: 0 } } })).not.toThrow();
  });

  it('defaults: an in-memory journal and artifact store per runtime; undefined fields mean the default; artifacts can be turned off', () => {
    const first = createToolSearchRuntime({ tools, timeout: { toolMs: undefined }, outputLimit: { maxBytes: undefined } });
    const second = createToolSearchRuntime({ tools });
    expect(first.journal).not.toBe(second.journal);
    expect(first.artifactStore).toBeDefined();
    expect(first.artifactStore).not.toBe(second.artifactStore);
    expect(createToolSearchRuntime({ tools, artifactStore: false }).artifactStore).toBeUndefined();
    const journal = createMemoryJournal();
    const artifactStore = createMemoryArtifactStore();
    const given = createToolSearchRuntime({ tools, journal, artifactStore });
    expect(given.journal).toBe(journal);
    expect(given.artifactStore).toBe(artifactStore);
  });
});
