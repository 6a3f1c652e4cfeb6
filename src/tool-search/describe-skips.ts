import { cutText } from '../catalog/cut-text.js';
import { sizedRelevanceFloor } from '../search/relevance-floor-of.js';
import type { selectActivations } from '../search/select-activations.js';

/** What one search's walk left out or could not load, for {@link describeSkips}. */
export interface SkipsToDescribe {
  readonly selection: ReturnType<typeof selectActivations>;
  /** The query as the model gave it (quoted, cut to 81 characters, when nothing matched). */
  readonly query: string;
  /** `search.maxSchemaChars` (C10). */
  readonly maxSchemaChars: number;
  /** Required tools the search matched: callable already, not loaded. */
  readonly requiredMatches: readonly string[];
  /** Sentences other parts of the search wrote: `select:` endings and entries, callable matches, `select:` names left out. */
  readonly told: { readonly endings: string | undefined; readonly entries: string | undefined; readonly callable: string | undefined; readonly leftOut: string | undefined };
  /**
   * `search.mode: 'confirm'` and not a `select:` (C24): the walk chose candidates and loaded
   * nothing, so a bound that stopped it stopped the candidates, and loading is `select:`'s.
   */
  readonly confirm: boolean;
  /**
   * The relevance floor (C24) and, when only a match's size raised its floor above what stopped the
   * walk, that match; `raisedShare` is that match's own floor as a share of the best score (sized by
   * its definition, less its name gain, `search.relevanceFloorNameWeight`), `undefined` when not known.
   * `lowered` is the match that stopped the walk when it scored below the flat floor and its name
   * gain had lowered its own floor below it too (`share`, of the best score: at least half the
   * floor), so the reason names the floor it missed; `undefined` otherwise.
   */
  readonly floor: {
    readonly floor: number;
    readonly slope: number;
    readonly charsOf: (name: string) => number;
    readonly raisedFor: string | undefined;
    readonly raisedShare?: number | undefined;
    readonly lowered?: { readonly name: string; readonly share: number } | undefined;
  };
}

/**
 * The `reason` sentences of a search result (C10, C11, C24): required and callable matches,
 * what `select:` entries named, nothing matched, oversize definitions, the schema budget, the
 * count limit, the relevance floor. In confirm mode the budget and floor sentences speak of
 * candidates (`Candidates stop before …`) and say `select:` loads, since nothing was loaded.
 * Shares are whole percents; a match's own floor (sized or lowered) that rounds to the same
 * percent as `search.relevanceFloor` gets the decimals that tell the two apart (`61.5%` beside `62%`).
 *
 * @returns the sentences joined by spaces; `undefined` when there is nothing to say.
 */
export function describeSkips(skips: SkipsToDescribe): string | undefined {
  const { selection, query, maxSchemaChars, requiredMatches, told, confirm, floor } = skips;
  const parts: string[] = [];
  if (requiredMatches.length > 0) {
    parts.push(`${requiredMatches.join(', ')} ${requiredMatches.length === 1 ? 'is' : 'are'} already callable: this run requires ${requiredMatches.length === 1 ? 'it' : 'them'} on this step.`);
  }
  if (told.callable !== undefined) parts.push(told.callable);
  if (told.entries !== undefined) parts.push(told.entries);
  if (told.endings !== undefined) parts.push(told.endings);
  else if (told.entries === undefined && selection.activated.length === 0 && selection.skipped.length === 0 && requiredMatches.length === 0 && told.callable === undefined) {
    const shown = cutText(query, 81);
    parts.push(`No deferred tool matched ${JSON.stringify(shown)}; try other words or a name from the inventory.`);
  }
  const oversize = selection.skipped.filter((skip) => skip.reason === 'oversize').map((skip) => skip.name);
  if (oversize.length > 0) {
    parts.push(`Skipped ${oversize.join(', ')}: definition larger than the ${maxSchemaChars.toLocaleString('en-US')}-character budget of one search.`);
  }
  const budget = selection.skipped.find((skip) => skip.reason === 'budget');
  if (budget !== undefined) {
    parts.push(
      confirm
        ? `Candidates stop before ${budget.name}: with it they would pass the ${maxSchemaChars.toLocaleString('en-US')}-character schema budget of one select:; select: the ones you need, or search again for more.`
        : `Stopped before ${budget.name}: this search's ${maxSchemaChars.toLocaleString('en-US')}-character schema budget is spent; search again to load it.`,
    );
  }
  if (told.leftOut !== undefined) parts.push(told.leftOut);
  const below = selection.skipped.filter((skip) => skip.reason === 'below-relevance-floor').map((skip) => skip.name);
  if (below.length > 0) {
    // the first match below its floor stopped the walk; when only its size's raise did, say so
    const raisedFor = floor.raisedFor;
    const chars = raisedFor === undefined ? 0 : floor.charsOf(raisedFor);
    const sized = sizedRelevanceFloor(floor.floor, floor.slope, chars);
    const lowered = floor.raisedShare !== undefined && floor.raisedShare < sized - 1e-9;
    const why =
      raisedFor === undefined && floor.lowered !== undefined
        ? `${floor.lowered.name} scores below ${percentBeside(floor.lowered.share, floor.floor)} of the best match, its relevance floor ` +
          `(${percentOf(floor.floor)}, lower for a name with more of the query than the best match’s)`
        : raisedFor === undefined
        ? `${below.length === 1 ? 'it scores' : 'they score'} below ${percentOf(floor.floor)} of the best match (relevance floor)`
        : `${raisedFor} scores below ${percentBeside(lowered ? floor.raisedShare! : sized, floor.floor)} of the best match, the relevance floor for its ${chars.toLocaleString('en-US')}-character definition ` +
          `(${percentOf(floor.floor)}, higher for larger definitions${lowered ? ', lower for a name with more of the query than the best match’s' : ''})`;
    parts.push(
      confirm
        ? `Candidates stop before ${below.join(', ')}: ${why}; search with other words for other candidates, or select: a name to load it.`
        : `Stopped before ${below.join(', ')}: ${why}; search with other words, or select: a name, to load more.`,
    );
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * A share of the best score as the floor's reason states it (C24): a whole percent (`62%`), but
 * a share that rounds to 0% or 100% and is not 0 or 1 (a `search.relevanceFloor` of 0.001 or
 * 0.9999) with two significant digits near 0 (`0.1%`, `0.15%`) and the fewest decimals that keep it below 100% near 1 (`99.99%`): a reason must not say a
 * match scoring 0 is below 0% of the best.
 */
function percentOf(share: number): string {
  const percent = share * 100;
  const whole = Math.round(percent);
  if (whole === 0 && percent > 0) return `${Number(percent.toPrecision(2))}%`;
  if (whole < 100 || percent >= 100) return `${whole}%`;
  for (let digits = 1; digits <= 6; digits += 1) {
    const shown = Number(percent.toFixed(digits));
    if (shown < 100) return `${shown}%`;
  }
  return `${percent}%`;
}

/**
 * `share` as {@link percentOf} states it, with as many decimals as it takes (up to 6) to read
 * differently from `base` as {@link percentOf} states that, when the two differ: a floor lowered
 * from 62% to 61.5% must not read `below 62% …, its relevance floor (62%, lower for …)`.
 */
function percentBeside(share: number, base: number): string {
  const shown = percentOf(share);
  const baseShown = percentOf(base);
  if (shown !== baseShown || share === base) return shown;
  const percent = share * 100;
  for (let digits = 1; digits <= 6; digits += 1) {
    const more = `${Number(percent.toFixed(digits))}%`;
    if (more !== baseShown) return more;
  }
  return `${percent}%`;
}
