import type { ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createFuseRanker, createHybridRanker, createToolSearchRuntime } from '../../src/index.js';
import { DEFAULT_SEARCH_OPTIONS } from '../../src/search/search-options.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import { caseVariantsOf } from '../../src/tool-search/case-variants-of.js';
import { runToolSearch } from '../../src/tool-search/run-tool-search.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { collect } from '../helpers/sample-tools.js';
import { describedTool } from '../helpers/described-tool.js';

// What a model copies from a page or a tokenizer's output: full-width forms and invisible format characters (C9, C23)
function fileTools(): ToolSet {
  return {
    read_file: describedTool('Read a file from disk.'),
    write_file: describedTool('Write a file to disk.'),
    github_create_issue: describedTool('Create a new issue in a GitHub repository.'),
    github_list_issues: describedTool('List the issues of a GitHub repository.'),
    slack_send_message: describedTool('Send a message to a Slack channel.'),
  };
}

async function searchOnce(query: string) {
  const runtime = createToolSearchRuntime({ tools: fileTools(), groups: { github: ['github_create_issue', 'github_list_issues'], files: ['read_file', 'write_file'] } });
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
  const turn = runtime.send({ model: scripted.model, prompt: 'go' });
  const searches = (await collect(turn.stream)).flatMap((part) => (part.type === 'search' ? [part] : []));
  const result = await turn.result;
  const output = result.steps[0]!.toolResults[0]!.output as { activated: string[]; reason?: string; listed?: string[] };
  return { output, result, searches };
}

const FORMAT_CHARACTERS = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD'];

describe('tool_search reads a name written with full-width forms or format characters as the canonical name (C9)', () => {
  it('select: written in full width (prefix, name, colon and comma) loads the tools it names', async () => {
    expect((await searchOnce('ｓｅｌｅｃｔ：ｒｅａｄ＿ｆｉｌｅ')).output).toEqual({ activated: ['read_file'] });
    expect((await searchOnce('select:read＿file')).output).toEqual({ activated: ['read_file'] });
    expect((await searchOnce('ｓｅｌｅｃｔ:ｒｅａｄ＿ｆｉｌｅ，ｗｒｉｔｅ＿ｆｉｌｅ')).output).toEqual({ activated: ['read_file', 'write_file'] });
  });

  it.each(FORMAT_CHARACTERS.map((character) => [`U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`, character]))(
    'a %s inside a select: entry, a whole-query name and before select: is not part of the name',
    async (_label, character) => {
      expect((await searchOnce(`select:read${character}_file`)).output).toEqual({ activated: ['read_file'] });
      expect((await searchOnce(`${character}select:write_${character}file`)).output).toEqual({ activated: ['write_file'] });
      expect((await searchOnce(`read_${character}file`)).output.activated[0]).toBe('read_file');
    },
  );

  it('a name without its group prefix (C23) and group: resolve through the same normalization', async () => {
    expect((await searchOnce('select:ｃｒｅａｔｅ\u200B_issue')).output).toEqual({ activated: ['github_create_issue'] });
    const listing = await searchOnce('ｇｒｏｕｐ：ｆｉｌｅｓ');
    expect(listing.output.activated).toEqual([]);
    expect(listing.output.listed).toEqual(['read_file', 'write_file']);
  });

  it("the search's record keeps the query as the model wrote it", async () => {
    const { searches } = await searchOnce('ｓｅｌｅｃｔ：ｒｅａｄ＿ｆｉｌｅ');
    expect(searches[0]!.query).toBe('ｓｅｌｅｃｔ：ｒｅａｄ＿ｆｉｌｅ');
    expect(searches[0]!.activated).toEqual(['read_file']);
  });

  it('the hybrid and fuse rankers read a named query the same way when used on their own', () => {
    const documents: RankerDocument[] = [
      { name: 'read_file', description: 'Read a file.', group: 'files' },
      { name: 'write_file', description: 'Write a file.', group: 'files' },
    ];
    expect(createHybridRanker(documents).rank('ｓｅｌｅｃｔ：ｗｒｉｔｅ＿ｆｉｌｅ', 5)).toEqual([{ name: 'write_file', score: 1_000_000 }]);
    expect(createHybridRanker(documents).rank('read\u00AD_file', 5)[0]).toEqual({ name: 'read_file', score: 1_000_000 });
    expect(createFuseRanker(documents).rank('ｗｒｉｔｅ＿ｆｉｌｅ', 5)[0]!.name).toBe('write_file');
  });
});

describe('names with one normal form are ambiguous, never resolved silently (C9)', () => {
  // canonical names of a runtime are ASCII; a ranker given names directly may hold such a pair
  const names = ['read_file', 'ｒｅａｄ＿ｆｉｌｅ', 'write_file'];
  const documents = names.map((name) => ({ name, description: `The ${name} tool.`, group: 'files' }));

  it.each(['select:read_file', 'select:ｒｅａｄ＿ｆｉｌｅ', 'select:read\u200B_file'])('%s loads neither and names both', (query) => {
    const searchable = new Set(names);
    const outcome = runToolSearch({
      input: { query },
      ranker: createHybridRanker(documents),
      search: DEFAULT_SEARCH_OPTIONS,
      isSearchable: (name) => searchable.has(name),
      alreadyActive: new Set(),
      schemaCharsOf: () => 100,
      caseVariantsOf: caseVariantsOf(names),
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.output.activated).toEqual([]);
    expect(outcome.output.reason).toContain('could be read_file or ｒｅａｄ＿ｆｉｌｅ (names that read the same once full-width forms and invisible characters are ignored)');
  });
});
