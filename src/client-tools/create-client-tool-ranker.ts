import { resolveRanker, type RankerOption } from '../search/resolve-ranker.js';
import type { AnyToolRanker, RankerDocument } from '../search/tool-ranker.js';
import { createMergedRanker } from './create-merged-ranker.js';
import { createNamedToolRanker } from './create-named-tool-ranker.js';

/**
 * The ranker of one turn's deferred client tools, built from the runtime's `ranker` option over
 * just their documents (the runtime's own index is not rebuilt, C19). `'hybrid'` and `'fuse'`
 * build that ranker, as for the catalog. A function is called with `{ clientId }` (so it can
 * tell this call from the catalog's, see `RankerContext`), and what it returns is merged with
 * {@link createNamedToolRanker}: a ranker of yours that knows nothing of tools offered per send
 * (a search service over your catalog, or `createSemanticRanker` given it as `lexical`) would
 * otherwise leave a client tool named outright below catalog matches, or not find it at all.
 * Synchronous when the function's ranker is.
 *
 * @throws what {@link resolveRanker} throws for the function's answer.
 */
export function createClientToolRanker(options: {
  readonly option: RankerOption | undefined;
  readonly documents: readonly RankerDocument[];
  /** The send's `clientId` (its default `'client'` already applied). */
  readonly clientId: string;
}): AnyToolRanker {
  const { option, documents, clientId } = options;
  const ranker = resolveRanker(option, documents, { clientId });
  return typeof option === 'function' ? createMergedRanker([ranker, createNamedToolRanker(documents)]) : ranker;
}
