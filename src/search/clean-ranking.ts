import type { RankedTool } from './tool-ranker.js';

/** What {@link cleanRanking} left out of a ranker's answer; reported in the search record. */
export interface RankingDrops {
  /** Entries that are not `{ name: string, score: finite number }` (`null`, a number, a Proxy that throws). */
  readonly malformed: number;
  /** Names no tool of the turn has (at most 20 listed, each cut to 100 characters). */
  readonly unknown: readonly string[];
  /** Names the ranker returned more than once; the best-ranked one is kept. */
  readonly duplicates: readonly string[];
  /** Entries past the `maxResults` the ranker was asked for. */
  readonly excess: number;
}

const MAX_LISTED = 20;
const MAX_NAME_CHARS = 100;

/**
 * A ranker's answer made trustworthy (C9, C10): each entry is read once into a plain
 * `{ name, score }` (with `nameCoverage` when it is a number in [0, 1]; otherwise it is left out,
 * not the entry); entries that are not such an object, names for which `isKnown` is false,
 * repeats of a name and entries past `maxResults` are dropped. The order of the rest is kept.
 *
 * @returns the clean ranking, and what was dropped (`undefined` when nothing was).
 * @throws when `ranking` is not an array or cannot be read (a Proxy whose traps throw): the
 *   ranker failed.
 */
export function cleanRanking(
  ranking: unknown,
  options: { readonly maxResults: number; readonly isKnown: (name: string) => boolean },
): { readonly ranked: RankedTool[]; readonly drops: RankingDrops | undefined } {
  if (!Array.isArray(ranking)) throw new Error(`the ranker returned ${ranking === null ? 'null' : typeof ranking}, not a list`);
  const entries: readonly unknown[] = ranking;
  const length = entries.length;
  const ranked: RankedTool[] = [];
  const seen = new Set<string>();
  const unknown: string[] = [];
  const duplicates: string[] = [];
  let malformed = 0;
  for (let index = 0; index < Math.min(length, options.maxResults); index += 1) {
    const entry = readEntry(entries[index]);
    if (entry === undefined) malformed += 1;
    else if (seen.has(entry.name)) duplicates.push(entry.name);
    else if (!options.isKnown(entry.name)) unknown.push(entry.name);
    else {
      seen.add(entry.name);
      ranked.push(entry);
    }
  }
  const excess = Math.max(0, length - options.maxResults);
  if (malformed === 0 && unknown.length === 0 && duplicates.length === 0 && excess === 0) return { ranked, drops: undefined };
  const listed = (names: string[]) => [...new Set(names)].slice(0, MAX_LISTED).map((name) => (name.length > MAX_NAME_CHARS ? `${name.slice(0, MAX_NAME_CHARS)}…` : name));
  return { ranked, drops: { malformed, unknown: listed(unknown), duplicates: listed(duplicates), excess } };
}

function readEntry(entry: unknown): RankedTool | undefined {
  try {
    if (entry === null || typeof entry !== 'object') return undefined;
    const name: unknown = (entry as { name?: unknown }).name;
    const score: unknown = (entry as { score?: unknown }).score;
    if (typeof name !== 'string' || typeof score !== 'number' || !Number.isFinite(score)) return undefined;
    // optional: a name coverage that is not a share (NaN, 2, a string) is left out, not the match
    const nameCoverage: unknown = (entry as { nameCoverage?: unknown }).nameCoverage;
    return typeof nameCoverage === 'number' && nameCoverage >= 0 && nameCoverage <= 1 ? { name, score, nameCoverage } : { name, score };
  } catch {
    return undefined;
  }
}
