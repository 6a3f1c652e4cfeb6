import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { createFuseRanker } from './create-fuse-ranker.js';
import { createHybridRanker } from './create-hybrid-ranker.js';
import type { RankerDocument, ToolRanker } from './tool-ranker.js';

/**
 * Which ranker `tool_search` uses: `'hybrid'` ({@link createHybridRanker}, the default),
 * `'fuse'` ({@link createFuseRanker}, the first ranker, slower and weaker; kept for
 * comparison), or a function that builds any {@link ToolRanker} over the deferred tools'
 * documents.
 */
export type RankerOption = 'hybrid' | 'fuse' | ((documents: readonly RankerDocument[]) => ToolRanker);

/**
 * Builds the runtime's ranker once over the deferred tools' documents (C19).
 *
 * @throws {InvalidOptionError} for an unknown name, or a function that returns no ranker.
 */
export function resolveRanker(option: RankerOption | undefined, documents: readonly RankerDocument[]): ToolRanker {
  if (option === undefined || option === 'hybrid') return createHybridRanker(documents);
  if (option === 'fuse') return createFuseRanker(documents);
  if (typeof option === 'function') {
    const ranker = option(documents);
    if (typeof ranker?.rank !== 'function' || typeof ranker.name !== 'string') {
      throw new InvalidOptionError({ option: 'ranker', value: ranker, expected: 'the ranker function to return { name: string, rank(query, maxResults) }' });
    }
    return ranker;
  }
  throw new InvalidOptionError({ option: 'ranker', value: option, expected: "'hybrid', 'fuse' or a function (documents) => ToolRanker" });
}
