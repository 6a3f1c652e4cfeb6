import { createHybridRanker } from '../search/create-hybrid-ranker.js';
import type { AnyToolRanker, RankedTool, RankerDocument, ToolRanker } from '../search/tool-ranker.js';

/**
 * What ranks a turn's user message for `turn.start`'s `userMessageMatches` (the report's silent
 * misses, issue 14 item 5): `ranker` itself when it answers synchronously; for an asynchronous
 * one (`createSemanticRanker`, whose every `rank` call is an embedding request; or a ranker
 * still being built), a hybrid ranker over `documents`, built on first use and kept for the
 * runtime's life. Those matches count only when they share the message's words with the tool
 * (`sharesMessageWords`), so a lexical ranking is what they need, and no turn pays an embedding
 * call for its telemetry. Whether `ranker` is synchronous is asked once, with the empty query
 * (every ranker answers `[]` for it, synchronously or not, and a semantic ranker embeds nothing).
 *
 * @param documents the ranker documents `ranker` was built over (the runtime's deferred tools).
 * @returns a function of the runtime's ranker for the turn (`binding.ranker ?? shared.ranker`)
 *   that gives the synchronous ranker to use: that one, when it is synchronous; else the hybrid
 *   fallback over `documents` (a turn's client tools, which only its own ranker indexes, are not
 *   among them). Never throws: a ranker whose `rank('', 1)` throws counts as synchronous, and its
 *   own call then fails as before (the caller catches it).
 */
export function createMessageRanker(ranker: AnyToolRanker, documents: readonly RankerDocument[]): (turnRanker: AnyToolRanker) => ToolRanker {
  const synchronous = new WeakMap<AnyToolRanker, boolean>();
  let fallback: ToolRanker | undefined;
  const isSynchronous = (candidate: AnyToolRanker): boolean => {
    let known = synchronous.get(candidate);
    if (known === undefined) {
      known = answersSynchronously(candidate);
      synchronous.set(candidate, known);
    }
    return known;
  };
  return (turnRanker) => {
    if (isSynchronous(turnRanker)) return turnRanker as ToolRanker;
    fallback ??= isSynchronous(ranker) ? (ranker as ToolRanker) : createHybridRanker(documents);
    return fallback;
  };
}

function answersSynchronously(ranker: AnyToolRanker): boolean {
  let answer: RankedTool[] | Promise<RankedTool[]>;
  try {
    answer = ranker.rank('', 1);
  } catch {
    return true;
  }
  if (Array.isArray(answer)) return true;
  // an asynchronous ranker's answer to the probe: nobody awaits it, so its rejection is dropped here
  Promise.resolve(answer).catch(() => undefined);
  return false;
}
