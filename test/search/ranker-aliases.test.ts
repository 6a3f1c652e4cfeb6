import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError, UnboundToolError } from '../../src/index.js';
import { createFuseRanker } from '../../src/search/create-fuse-ranker.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';

/** Issue trackers behind a gateway, as bindMcpTools binds them, and one bound outright. */
const DOCUMENTS = [
  { name: 'mcp__hub__github_create_issue_1a2b3c4d', description: 'Create a new issue in a repository.', group: 'github', aliases: ['github.create_issue', 'github/create_issue'] },
  { name: 'mcp__hub__gitlab_create_issue', description: 'Create a new issue in a project.', group: 'gitlab', aliases: ['gitlab.create_issue'] },
  { name: 'issue_create', description: 'Create a new issue, the tracker of record.', group: 'tracker', aliases: ['mcp__hub__gitlab_create_issue'] },
  { name: 'create_issue_template', description: 'Create a template for new issues.', group: 'tracker' },
];
const top = (ranker: ReturnType<typeof createHybridRanker>, query: string) => ranker.rank(query, 3).map((match) => match.name);

describe('aliases name their tool like its canonical name (C9)', () => {
  it('the hybrid ranker puts the tool an alias names first: whole query, select:, a word of a sentence, any case', () => {
    const ranker = createHybridRanker(DOCUMENTS);
    expect(top(ranker, 'github.create_issue')[0]).toBe('mcp__hub__github_create_issue_1a2b3c4d');
    expect(top(ranker, 'GITHUB/CREATE_ISSUE')[0]).toBe('mcp__hub__github_create_issue_1a2b3c4d');
    expect(top(ranker, 'open a bug with github/create_issue today')[0]).toBe('mcp__hub__github_create_issue_1a2b3c4d');
    expect(ranker.rank('select:gitlab.create_issue,github/create_issue', 5).map((match) => match.name)).toEqual([
      'mcp__hub__gitlab_create_issue',
      'mcp__hub__github_create_issue_1a2b3c4d',
    ]);
  });

  it('an alias that is another tool\'s canonical name names that tool, not the alias\'s owner', () => {
    expect(top(createHybridRanker(DOCUMENTS), 'mcp__hub__gitlab_create_issue')[0]).toBe('mcp__hub__gitlab_create_issue');
  });

  it('a word with / that is no name is read part by part, as before', () => {
    const ranker = createHybridRanker([
      { name: 'read_file', description: 'Read a file.', group: 'fs' },
      { name: 'write_file', description: 'Write a file.', group: 'fs' },
    ]);
    expect(ranker.rank('read_file/write_file', 5).slice(0, 2).map((match) => match.name)).toEqual(['read_file', 'write_file']);
  });

  it('the fuse ranker takes a query equal to an alias as the tool\'s name', () => {
    expect(createFuseRanker(DOCUMENTS).rank('gitlab.create_issue', 3)[0]!.name).toBe('mcp__hub__gitlab_create_issue');
  });

  describe.each([
    ['fuse', createFuseRanker],
    ['hybrid', createHybridRanker],
  ] as const)('the %s ranker and an alias two tools share (C9)', (_name, create) => {
    // catalog order puts zeta_opener first: the first owner used to take the alias for a whole query
    const shared = (zeta: string, alpha: string) =>
      create([
        { name: 'zeta_opener', description: 'Opens a document for reading.', group: 'files' },
        { name: 'alpha_opener', description: 'Opens a document for writing.', group: 'files' },
        { name: 'file_closer', description: 'Closes an open file.', group: 'files' },
      ].map((document) => ({ ...document, aliases: document.name === 'zeta_opener' ? [zeta] : document.name === 'alpha_opener' ? [alpha] : [] })));

    it('a whole query of it names every owner, sorted, above every other tool', () => {
      const ranked = shared('file.open', 'file.open').rank('file.open', 3);
      expect(ranked.slice(0, 2).map((match) => match.name)).toEqual(['alpha_opener', 'zeta_opener']);
      expect(ranked[1]!.score).toBeGreaterThan(ranked[2]?.score ?? 0);
    });

    it('a whole query that spells one owner\'s form names that owner alone', () => {
      const ranked = shared('file.open', 'File.Open').rank('File.Open', 3);
      expect(ranked[0]!.name).toBe('alpha_opener');
      expect(ranked[1]?.score ?? 0).toBeLessThan(ranked[0]!.score / 2);
    });
  });

  it('rankerDocumentOf carries aliases only when there are some', () => {
    expect(rankerDocumentOf({ name: 'a_b', description: '', group: 'g', aliases: ['a.b'] }).aliases).toEqual(['a.b']);
    expect(rankerDocumentOf({ name: 'a_b', description: '', group: 'g', aliases: [] })).not.toHaveProperty('aliases');
  });
});

describe('createToolSearchRuntime({ aliases })', () => {
  const tools = {
    mcp__hub__github_create_issue_1a2b3c4d: tool({ description: 'Create a new issue in a repository.', inputSchema: z.object({ title: z.string() }), execute: async () => 'ok' }),
    issue_create: tool({ description: 'Create a new issue, the tracker of record.', inputSchema: z.object({ title: z.string() }), execute: async () => 'ok' }),
  };

  it('indexes the aliases for search and keeps them on the catalog entry', () => {
    const runtime = createToolSearchRuntime({ tools, aliases: { mcp__hub__github_create_issue_1a2b3c4d: ['github.create_issue'] } });
    expect(runtime.catalog.get('mcp__hub__github_create_issue_1a2b3c4d')!.aliases).toEqual(['github.create_issue']);
    expect(runtime.catalog.get('issue_create')!.aliases).toEqual([]);
    expect(runtime.inventory).not.toContain('github.create_issue');
  });

  it('throws UnboundToolError for an alias of a tool that is not bound, InvalidOptionError for a bad shape', () => {
    expect(() => createToolSearchRuntime({ tools, aliases: { github_create_issue: ['github.create_issue'] } })).toThrow(UnboundToolError);
    expect(() => createToolSearchRuntime({ tools, aliases: { issue_create: 'issue.create' as never } })).toThrow(InvalidOptionError);
    expect(() => createToolSearchRuntime({ tools, aliases: { issue_create: ['two\nlines'] } })).toThrow(/aliases\.issue_create/);
    // a select: list reads these as commas, so such an alias could never be selected
    for (const alias of ['issue,create', 'issue、create', 'issue；create', 'issue;create', 'issue，create']) {
      expect(() => createToolSearchRuntime({ tools, aliases: { issue_create: [alias] } }), alias).toThrow(/aliases\.issue_create.*no comma, semicolon or ideographic comma/);
    }
  });
});
