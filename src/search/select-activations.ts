import type { RankedTool } from './tool-ranker.js';

/** Why a match within the limit was not activated (C10, C24). */
export type SkipReason = 'oversize' | 'budget' | 'below-relevance-floor';

/** The outcome of the walk of C10 over ranked matches. */
export interface ActivationSelection {
  /** Names the search returns and activates, in rank order (already-active matches included). */
  readonly activated: string[];
  /** Of `activated`, the ones not active before this search. */
  readonly newlyActivated: string[];
  /** Matches not activated, in rank order, with why. */
  readonly skipped: { name: string; reason: SkipReason }[];
  /** Characters of the definitions in `newlyActivated`. */
  readonly schemaChars: number;
  /** True when the walk stopped because the next match would pass the budget. */
  readonly stoppedOnBudget: boolean;
}

/**
 * The walk of C10: take matches in rank order until `limit` new activations; a match already
 * active (or pending) costs neither count nor budget; a match whose own definition is larger
 * than `maxSchemaChars` is skipped and reported; when the running total would pass the
 * budget the walk stops, reporting that match as skipped for `budget`. Size never reorders
 * relevance. The walk ends once `limit` new names are taken, so an already-active match ranked
 * below that point is not returned (it is active anyway).
 *
 * With `minScore` or `minScoreOf` (the relevance floor of C24), the walk also stops at the first match whose
 * score is a number below it (below its own `minScoreOf`); that match and the ones after it, up to the limit, are reported
 * skipped for `below-relevance-floor`. Like the budget, the floor never reorders.
 */
export function selectActivations(options: {
  readonly ranked: readonly RankedTool[];
  /** New activations at most (already clamped, ≥ 1). */
  readonly limit: number;
  /** Budget in characters for the newly activated definitions. */
  readonly maxSchemaChars: number;
  /** Names active or pending in this turn. */
  readonly alreadyActive: ReadonlySet<string>;
  /** A tool's definition size in characters. */
  readonly schemaCharsOf: (name: string) => number;
  /** Matches scoring below this are not taken (C24). Default: no floor. */
  readonly minScore?: number;
  /** The floor of one match by name (C24, sized by its definition), used instead of `minScore` when given. Default: `minScore` for every match. */
  readonly minScoreOf?: (name: string) => number;
}): ActivationSelection {
  const activated: string[] = [];
  const newlyActivated: string[] = [];
  const skipped: { name: string; reason: SkipReason }[] = [];
  let schemaChars = 0;
  let stoppedOnBudget = false;
  const { minScore, minScoreOf } = options;
  for (let index = 0; index < options.ranked.length; index += 1) {
    const { name, score } = options.ranked[index]!;
    if (newlyActivated.length >= options.limit) break;
    const floor = minScoreOf === undefined ? minScore : minScoreOf(name);
    if (floor !== undefined && typeof score === 'number' && score < floor) {
      // the matches the limit would still have taken, for the reason and the record
      const room = options.limit - newlyActivated.length;
      const below = options.ranked.slice(index).filter((match) => !options.alreadyActive.has(match.name)).slice(0, room);
      for (const match of below) skipped.push({ name: match.name, reason: 'below-relevance-floor' });
      break;
    }
    if (options.alreadyActive.has(name)) {
      activated.push(name);
      continue;
    }
    const size = options.schemaCharsOf(name);
    if (size > options.maxSchemaChars) {
      skipped.push({ name, reason: 'oversize' });
      continue;
    }
    if (schemaChars + size > options.maxSchemaChars) {
      skipped.push({ name, reason: 'budget' });
      stoppedOnBudget = true;
      break;
    }
    schemaChars += size;
    activated.push(name);
    newlyActivated.push(name);
  }
  return { activated, newlyActivated, skipped, schemaChars, stoppedOnBudget };
}
