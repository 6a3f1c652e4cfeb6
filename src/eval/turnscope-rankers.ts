import { createFuseRanker } from '../search/create-fuse-ranker.js';
import { createHybridRanker, type HybridRankerOptions } from '../search/create-hybrid-ranker.js';
import { rankerDocumentOf } from '../search/ranker-document-of.js';
import type { EvalTool } from './eval-dataset.js';
import type { EvalRankerFactory } from './eval-ranker.js';

function documentsOf(tools: readonly EvalTool[]) {
  // the fields rankerDocumentOf reads, not a spread of each tool: catalogs mix tools with and
  // without a schema or title, and spreading objects of that many shapes is slow
  return tools.map((tool) => rankerDocumentOf({ name: tool.id, description: tool.description, group: tool.group, inputSchema: tool.inputSchema, title: tool.title }));
}

/** Ours: {@link createHybridRanker}, the default ranker of `tool_search`, with its default options or the given ones. */
export function hybridEvalRanker(options: HybridRankerOptions = {}, name = 'turnscope'): EvalRankerFactory {
  return {
    name,
    description: 'turnscope hybrid: named tools first, BM25 over name/description/parameters/group fused with name coverage, fuse.js typo correction',
    build({ tools }) {
      const ranker = createHybridRanker(documentsOf(tools), options);
      return {
        rank: (query, depth) => ranker.rank(query, depth).map((match) => match.name),
        rankScored: (query, depth) => ranker.rank(query, depth).map((match) => ({ id: match.name, score: match.score, nameCoverage: match.nameCoverage })),
      };
    },
  };
}

/** turnscope's first ranker (fuse.js word by word), kept for comparison. */
export const fuseWordsEvalRanker: EvalRankerFactory = {
  name: 'turnscope-fuse',
  description: "turnscope's first ranker: fuse.js word by word over name words, description and group",
  build({ tools }) {
    const ranker = createFuseRanker(documentsOf(tools));
    return { rank: (query, depth) => ranker.rank(query, depth).map((match) => match.name) };
  },
};
