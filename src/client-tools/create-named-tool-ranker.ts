import { createHybridRanker, NAMED_TOOL_SCORE } from '../search/create-hybrid-ranker.js';
import type { RankedTool, RankerDocument, ToolRanker } from '../search/tool-ranker.js';

/**
 * A ranker over `documents` that answers only the tools a query names outright, as the hybrid
 * ranker finds them (C9: the whole query is a name or an alias in any case, a compound name
 * written as a word, a `select:` entry, typos of it resolved), each with its score of at least
 * `NAMED_TOOL_SCORE / 2`; any other query gets `[]`. The hybrid index (thesaurus off: names
 * need none) is built on the first `rank`, so a turn that never searches builds nothing.
 *
 * For a turn's client tools when the `ranker` option is your own function: whatever that
 * ranker makes of them (a search service knows nothing of tools offered per send), a client
 * tool named outright is still found and ranked first.
 */
export function createNamedToolRanker(documents: readonly RankerDocument[]): ToolRanker {
  let hybrid: ToolRanker | undefined;
  return {
    name: 'named',
    rank(query: string, maxResults: number): RankedTool[] {
      hybrid ??= createHybridRanker(documents, { thesaurus: false });
      return hybrid.rank(query, maxResults).filter((match) => match.score >= NAMED_TOOL_SCORE / 2);
    },
  };
}
