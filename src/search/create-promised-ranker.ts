import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { AnyToolRanker, RankedTool, RankOptions } from './tool-ranker.js';

/** The `name` of a {@link createPromisedRanker} ranker until its build resolves. */
export const PENDING_RANKER_NAME = 'pending';

/**
 * A ranker that is still being built, for a `ranker` option that returns a promise (such as
 * `createSemanticRanker`, which embeds the catalog first). The build runs once: every `rank`
 * waits for it, then ranks with the built ranker, so the catalog is embedded once per runtime
 * however many turns search. A build that rejects is never an unhandled rejection: the searches
 * waiting for it reject with its error (in a turn, a tool error the model reads), and the next
 * `rank` calls `rebuild` — a passing failure of the embedding model does not disable search for
 * the runtime's life, and a build that succeeded is never repeated.
 *
 * `name` is `'pending'` until the build resolves, then the built ranker's.
 *
 * @param options.build the build already started (what the option returned).
 * @param options.rebuild starts a new build after `build` (or an earlier rebuild) rejected; one
 *   that throws, or returns a ranker rather than a promise, is read as a build that rejected or resolved.
 * @throws {InvalidOptionError} `build` is not a promise (a thenable) or `rebuild` not a function.
 */
export function createPromisedRanker(options: {
  readonly build: Promise<AnyToolRanker>;
  readonly rebuild: () => Promise<AnyToolRanker>;
}): AnyToolRanker {
  if (typeof (options?.build as { then?: unknown } | undefined)?.then !== 'function') {
    throw new InvalidOptionError({ option: 'build', value: options?.build, expected: 'the promise of the ranker being built' });
  }
  if (typeof options.rebuild !== 'function') throw new InvalidOptionError({ option: 'rebuild', value: options.rebuild, expected: 'a function that starts a new build and returns its promise' });
  let built: AnyToolRanker | undefined;
  let building: Promise<AnyToolRanker> | undefined;
  const track = (build: Promise<AnyToolRanker>): Promise<AnyToolRanker> => {
    building = build;
    build.then(
      (ranker) => void (built = ranker),
      // handled here, so a build nobody waits for yet is not an unhandled rejection
      () => void (building === build && (building = undefined)),
    );
    return build;
  };
  track(Promise.resolve(options.build));
  const rebuild = (): Promise<AnyToolRanker> => {
    try {
      return Promise.resolve(options.rebuild());
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return {
    get name() {
      return built?.name ?? PENDING_RANKER_NAME;
    },
    async rank(query: string, maxResults: number, rankOptions?: RankOptions): Promise<RankedTool[]> {
      const ranker = built ?? (await (building ?? track(rebuild())));
      return ranker.rank(query, maxResults, rankOptions);
    },
  };
}
