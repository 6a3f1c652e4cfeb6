import Fuse from 'fuse.js';
import type { EvalRankerFactory } from './eval-ranker.js';

/** fuse.js with its default options over name and description: the baseline of fuzzy matching. */
export const fuseDefaultsRanker: EvalRankerFactory = {
  name: 'fuse-defaults',
  description: 'fuse.js 7 defaults over name + description (whole query as one pattern)',
  build({ tools }) {
    const fuse = new Fuse(
      tools.map((tool) => ({ id: tool.id, description: tool.description })),
      { keys: ['id', 'description'] },
    );
    return { rank: (query, depth) => fuse.search(query, { limit: depth }).map((hit) => hit.item.id) };
  },
};

/**
 * MiniSearch with its default options (BM25+, its own tokenizer, no prefix or fuzzy) over name
 * and description. `minisearch` is an optional peer dependency, imported when it is built.
 */
export const miniSearchDefaultsRanker: EvalRankerFactory = {
  name: 'minisearch-bm25',
  description: 'MiniSearch 7 defaults (BM25+) over name + description',
  requires: ['minisearch'],
  async build({ tools }) {
    const { default: MiniSearch } = await import('minisearch');
    const index = new MiniSearch<{ id: string; name: string; description: string }>({ fields: ['name', 'description'] });
    index.addAll(tools.map((tool) => ({ id: tool.id, name: tool.id, description: tool.description })));
    return { rank: (query, depth) => index.search(query).slice(0, depth).map((hit) => hit.id as string) };
  },
};
