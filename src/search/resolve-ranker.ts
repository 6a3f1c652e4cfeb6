import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { createFuseRanker } from './create-fuse-ranker.js';
import { createHybridRanker } from './create-hybrid-ranker.js';
import { createPromisedRanker } from './create-promised-ranker.js';
import type { AnyToolRanker, AsyncToolRanker, RankerDocument, ToolRanker } from './tool-ranker.js';

/**
 * What a `ranker` function is told besides the documents: which tools they are. The runtime
 * calls it once over its deferred tools (`clientId` is `undefined`) and once per turn that
 * offers deferred client tools, over just those (`clientId` is that send's `clientId`, default
 * `'client'`). A ranker that cannot rank the documents it is given — a search service that
 * indexes only your catalog — should not be used for the client tools' call: e.g.
 * `(documents, { clientId }) => createSemanticRanker({ documents, model, ...(clientId === undefined ? { lexical: service } : {}) })`.
 */
export interface RankerContext {
  /** `undefined`: the runtime's deferred tools; a string: one turn's client tools, offered by that client. */
  readonly clientId?: string;
}

/**
 * Which ranker `tool_search` uses: `'hybrid'` ({@link createHybridRanker}, the default),
 * `'fuse'` ({@link createFuseRanker}, the first ranker, slower and weaker; kept for
 * comparison), or a function that builds any ranker over the documents it is given (the
 * deferred tools', or a turn's client tools': see {@link RankerContext}): a
 * {@link ToolRanker}, an {@link AsyncToolRanker} (whose `rank` returns a promise), or a
 * promise of either, such as `(documents) => createSemanticRanker({ documents, model })`.
 */
export type RankerOption =
  | 'hybrid'
  | 'fuse'
  | ((documents: readonly RankerDocument[], context: RankerContext) => ToolRanker | AsyncToolRanker | Promise<ToolRanker | AsyncToolRanker>);

/**
 * Builds the runtime's ranker once over the deferred tools' documents (C19). The function form
 * is called once here (and once more per turn that offers client tools, over just those), with
 * `context` (default `{}`: the runtime's deferred tools). When
 * it returns a promise, the result ranks once the promise resolves ({@link createPromisedRanker}):
 * a build that rejects, or resolves to something that is not a ranker, makes each search a
 * tool error until a later search builds it again.
 *
 * @throws {InvalidOptionError} for an unknown name (`'Hybrid'` names `'hybrid'`), a ranker given
 *   itself rather than a function that returns it, or a function that returns no ranker
 *   (synchronously; a promise's value is checked when it resolves).
 * @throws whatever the function throws synchronously.
 */
export function resolveRanker(option: RankerOption | undefined, documents: readonly RankerDocument[], context: RankerContext = {}): AnyToolRanker {
  if (option === undefined || option === 'hybrid') return createHybridRanker(documents);
  if (option === 'fuse') return createFuseRanker(documents);
  if (typeof option === 'function') {
    const told: RankerContext = Object.freeze(context.clientId === undefined ? {} : { clientId: context.clientId });
    const ranker = option(documents, told);
    if (!isPromiseLike(ranker)) return checkRanker(ranker);
    return createPromisedRanker({
      build: Promise.resolve(ranker).then(checkRanker),
      rebuild: async () => checkRanker(await option(documents, told)),
    });
  }
  throw new InvalidOptionError({ option: 'ranker', value: option, expected: expectedFor(option) });
}

/** What to write instead of `option`: the name it misspells, a function around a ranker object, else the forms. */
function expectedFor(option: unknown): string {
  const forms = "'hybrid', 'fuse' or a function (documents) => ToolRanker";
  if (typeof option === 'string') {
    const close = (['hybrid', 'fuse'] as const).find((name) => name === option.trim().toLowerCase());
    return close === undefined ? forms : `'${close}' (names are lower case, without spaces)`;
  }
  if (typeof (option as { rank?: unknown } | null | undefined)?.rank === 'function') return `a function that returns this ranker: ranker: () => ranker (it is built per runtime over the deferred tools' documents), or ${forms}`;
  return forms;
}

function checkRanker(ranker: unknown): AnyToolRanker {
  const candidate = ranker as Partial<AnyToolRanker> | null | undefined;
  if (typeof candidate?.rank !== 'function' || typeof candidate.name !== 'string') {
    throw new InvalidOptionError({ option: 'ranker', value: ranker, expected: 'the ranker function to return { name: string, rank(query, maxResults) }' });
  }
  return candidate as AnyToolRanker;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
