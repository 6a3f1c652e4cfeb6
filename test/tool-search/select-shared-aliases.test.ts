import type { ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect } from '../helpers/sample-tools.js';
import { describedTool } from '../helpers/described-tool.js';

// `aliases` that two tools share (bindMcpTools gives each server's `search` the alias `search`),
// in one spelling, in two cases or in two forms with one normal form (C9)
function fileTools(): ToolSet {
  return {
    read_file: describedTool('Read a file from disk.'),
    write_file: describedTool('Write a file to disk.'),
    slack_send_message: describedTool('Send a message to a Slack channel.'),
  };
}

async function searchOnce(aliases: Record<string, string[]>, query: string, prefetch = false) {
  const runtime = createToolSearchRuntime({ tools: fileTools(), aliases, ...(prefetch ? { prefetch: { limit: 3 } } : {}) });
  const steps = prefetch ? [{ text: 'done' }] : [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }];
  const scripted = createScriptedModel({ steps });
  const turn = runtime.send({ model: scripted.model, prompt: prefetch ? query : 'go' });
  const searches = (await collect(turn.stream)).flatMap((part) => (part.type === 'search' ? [part] : []));
  const result = await turn.result;
  const output = prefetch ? undefined : (result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string });
  return { output, searches };
}

describe('a select: entry that is an alias of two tools is never resolved silently to one (C9)', () => {
  it('an alias two tools share in one spelling loads neither and says whose alias it is', async () => {
    const { output } = await searchOnce({ read_file: ['file.open'], write_file: ['file.open'] }, 'select:file.open');
    expect(output).toEqual({
      activated: [],
      reason: 'Ambiguous: "file.open" could be read_file or write_file (an alias of each). Nothing was loaded for it: select the exact name, e.g. select:read_file.',
    });
  });

  it('an entry that spells one owner\'s alias exactly loads that owner only, in case', async () => {
    expect((await searchOnce({ read_file: ['File.Open'], write_file: ['file.open'] }, 'select:file.open')).output).toEqual({ activated: ['write_file'] });
    expect((await searchOnce({ read_file: ['File.Open'], write_file: ['file.open'] }, 'select:File.Open')).output).toEqual({ activated: ['read_file'] });
    expect((await searchOnce({ read_file: ['ｆｉｌｅ．ｏｐｅｎ'], write_file: ['file.Open'] }, 'select:file.Open')).output).toEqual({ activated: ['write_file'] });
    // a canonical name still names its tool when two others have it as an alias
    expect((await searchOnce({ read_file: ['write_file'], slack_send_message: ['write_file'] }, 'select:write_file')).output).toEqual({ activated: ['write_file'] });
    expect((await searchOnce({ read_file: ['File.Open'], write_file: ['file.open'] }, 'select:file.open,slack_send_message')).output).toEqual({ activated: ['write_file', 'slack_send_message'] });
  });

  it("an entry that is both owners' alias once case is ignored, or aliases with one normal form, load neither", async () => {
    const { output } = await searchOnce({ read_file: ['File.Open'], write_file: ['file.open'] }, 'select:FILE.OPEN');
    expect(output!.activated).toEqual([]);
    expect(output!.reason).toContain('"FILE.OPEN" could be read_file or write_file (an alias of each)');
    for (const entry of ['file.open', 'ｆｉｌｅ．ｏｐｅｎ']) {
      const { output: oneForm } = await searchOnce({ read_file: ['ｆｉｌｅ．ｏｐｅｎ'], write_file: ['file.open'] }, `select:${entry}`);
      expect(oneForm!.activated).toEqual([]);
      // the entry is shown as the model wrote it, so it recognises its own text
      expect(oneForm!.reason).toContain(`"${entry}" could be read_file or write_file (an alias of each)`);
    }
  });

  it('the prefetch reads a user message select: of a shared alias the same way (C25)', async () => {
    const shared = await searchOnce({ read_file: ['file.open'], write_file: ['file.open'] }, 'select:file.open', true);
    expect(shared.searches[0]!.activated).toEqual([]);
    const spelled = await searchOnce({ read_file: ['File.Open'], write_file: ['file.open'] }, 'ｓｅｌｅｃｔ：file.open', true);
    expect(spelled.searches[0]!.activated).toEqual(['write_file']);
  });
});

describe('a whole query or a query word that is an alias of two tools names both, or the one it spells (C9)', () => {
  it('a whole query of an alias two tools share loads both, as a shared rest does', async () => {
    expect((await searchOnce({ read_file: ['file.open'], write_file: ['file.open'] }, 'file.open')).output).toEqual({ activated: ['read_file', 'write_file'] });
    expect((await searchOnce({ read_file: ['ｆｉｌｅ．ｏｐｅｎ'], write_file: ['file.open'] }, 'please file.open now')).output!.activated.slice(0, 2).sort()).toEqual(['read_file', 'write_file']);
  });

  it('a whole query that spells one owner\'s alias exactly loads that owner first', async () => {
    const { searches } = await searchOnce({ read_file: ['File.Open'], write_file: ['file.open'] }, 'file.open');
    expect(searches[0]!.ranked[0]).toEqual({ name: 'write_file', score: 1_000_000 });
    expect(searches[0]!.activated).toEqual(['write_file']);
  });
});
