import { measureDefinitionChars } from '../catalog/measure-definition-chars.js';
import { relevanceFloorsOf } from '../search/relevance-floor-of.js';
import { selectActivations } from '../search/select-activations.js';
import { oneLineDescription } from '../tool-search/one-line-description.js';
import type { EvalQuery, EvalTool } from './eval-dataset.js';

/** The limits a simulated search loads within: `tool_search`'s defaults unless given. */
export interface SimulatedSearchOptions {
  /** Matches loaded per search (the model gives no `limit`). */
  readonly limit: number;
  /** Budget of one search in definition characters (C10). */
  readonly maxSchemaChars: number;
  /** The relevance floor (C24), a fraction of the best score; `0` for none. */
  readonly relevanceFloor: number;
  /** Its rise with a match's definition size (C24, `search.relevanceFloorSlope`); `0` for none. */
  readonly relevanceFloorSlope: number;
  /** Its drop for a match whose name has more of the query than the best's (C24, `search.relevanceFloorNameWeight`); `0` or `undefined` for none. */
  readonly relevanceFloorNameWeight?: number;
}

/** What one search of one query would load, in `'load'` and in `'confirm'` mode. */
export interface SimulatedSearch {
  /** Tools a `'load'` search activates. */
  readonly loadedTools: number;
  /** Definition characters of those tools. */
  readonly loadedChars: number;
  /** Of `loadedChars`, the characters of tools the query did not need (not gold). */
  readonly unusedChars: number;
  /** Gold tool names among the loaded tools. */
  readonly neededFound: number;
  /** Characters of the `candidates` a `'confirm'` search answers with (JSON, names and one-line descriptions). */
  readonly candidateChars: number;
  /** Definition characters of the needed (gold) candidates, which the model then loads with `select:`. */
  readonly confirmedChars: number;
}

/**
 * Definition characters of an eval tool, measured as the catalog measures a bound tool
 * (`measureDefinitionChars`, the runtime's schema characters of C10 and C22): its name (the
 * dataset's, not its `id`'s `<group>__` form), description and input schema (an empty object
 * schema when the dataset has none). The one measure of `turnscope eval`'s tables: what one
 * search loads, the prefetch table (`prefetchVisibility`) and the stop-rule replay.
 */
export function evalToolChars(tool: EvalTool): number {
  const inputSchema = (tool.inputSchema as object | undefined) ?? { type: 'object', properties: {} };
  return measureDefinitionChars({ name: tool.name, description: tool.description, inputSchema });
}

/**
 * Simulates one `tool_search` call with no tool active yet: the walk of C10 over the ranking
 * (with the relevance floor of C24 when `ranking` has scores), within `options`. In confirm
 * mode the model is taken to `select:` exactly the needed tools among the candidates (the best
 * a model can do), so `confirmedChars` is a lower bound of what it loads.
 *
 * @param ranking tool ids best first, with scores when the ranker has them (and each match's
 *   name coverage, `RankedTool.nameCoverage`, when it gives it: the floor's name gain).
 */
export function simulateSearchLoads(options: {
  readonly ranking: readonly { readonly id: string; readonly score?: number; readonly nameCoverage?: number }[];
  readonly query: EvalQuery;
  readonly toolById: ReadonlyMap<string, EvalTool>;
  readonly charsById: ReadonlyMap<string, number>;
  readonly search: SimulatedSearchOptions;
}): SimulatedSearch {
  const { ranking, query, toolById, charsById, search } = options;
  const ranked = ranking.map(({ id, score, nameCoverage }) => ({ name: id, score: score ?? Number.NaN, nameCoverage }));
  const floor = { floor: search.relevanceFloor, slope: search.relevanceFloorSlope, nameWeight: search.relevanceFloorNameWeight, charsOf: (id: string) => charsById.get(id) ?? 0 };
  const minScoreOf = ranking.every((match) => typeof match.score === 'number') ? relevanceFloorsOf(ranked, floor) : undefined;
  const selection = selectActivations({
    ranked,
    limit: search.limit,
    maxSchemaChars: search.maxSchemaChars,
    alreadyActive: new Set(),
    schemaCharsOf: (id) => charsById.get(id) ?? 0,
    ...(minScoreOf === undefined ? {} : { minScoreOf }),
  });
  const gold = new Set(query.gold);
  let unusedChars = 0;
  let confirmedChars = 0;
  const found = new Set<string>();
  for (const id of selection.newlyActivated) {
    const tool = toolById.get(id)!;
    const chars = charsById.get(id) ?? 0;
    if (!gold.has(tool.name)) unusedChars += chars;
    else if (!found.has(tool.name)) {
      found.add(tool.name);
      confirmedChars += chars;
    }
  }
  const candidates = selection.newlyActivated.map((id) => ({ name: toolById.get(id)!.name, description: oneLineDescription(toolById.get(id)!.description) }));
  return {
    loadedTools: selection.newlyActivated.length,
    loadedChars: selection.schemaChars,
    unusedChars,
    neededFound: found.size,
    candidateChars: candidates.length === 0 ? 0 : JSON.stringify(candidates).length,
    confirmedChars,
  };
}
