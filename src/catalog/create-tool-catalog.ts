import type { Tool, ToolSet } from 'ai';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { ConflictingGroupError } from '../errors/conflicting-group-error.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { InvalidToolNameError, TOOL_NAME_PATTERN } from '../errors/invalid-tool-name-error.js';
import { ReservedToolNameError } from '../errors/reserved-tool-name-error.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import { TOOL_SEARCH_WIRE_ALIAS } from '../tool-search/tool-search-wire-names.js';
import { alwaysLoadOverBudget } from './always-load-over-budget.js';
import type { CatalogEntry } from './catalog-entry.js';
import { createCatalogEntry } from './create-catalog-entry.js';
import { DEFAULT_DIRECT_TOOLS } from './default-direct-tools.js';
import { ownValue } from './own-value.js';
import { checkInventoryOptions, DEFAULT_INVENTORY_MAX_CHARS, renderInventory, type InventoryOptions } from './render-inventory.js';
import { MAX_META_ALWAYS_LOAD_CHARS, resolveToolHints, type ToolHints } from './tool-hints.js';
import { unmatchedGroupDescriptions } from './unmatched-group-descriptions.js';
import { readOption } from '../options/read-option-data.js';
import { readBindingOptions } from './read-binding-options.js';
import { validateBindingShapes } from './validate-binding-shapes.js';

/** The immutable bound catalog: built once per runtime, shared by every turn (C19). */
export interface ToolCatalog {
  /** Every bound tool, sorted by canonical name. */
  readonly entries: readonly CatalogEntry[];
  /** B: every bound canonical name, sorted. */
  readonly bound: readonly string[];
  /** D: direct tools in the order of the `direct` option (or of the C5 baseline). */
  readonly direct: readonly string[];
  /** Deferred tools, sorted by canonical name. */
  readonly deferred: readonly string[];
  /** The inventory text (C7, C8, C23); `''` when nothing is deferred. */
  readonly inventory: string;
  /** The `inventory` option with its default: what every binding's inventory and `group:` listing use (C23). */
  readonly inventoryOptions: Required<InventoryOptions>;
  /**
   * Keys of `inventory.groupDescriptions` that name no group (no bound tool is in it and the
   * `groups` option does not list it), sorted: their descriptions are never shown, and
   * construction emitted a process warning naming them (see `unmatchedGroupDescriptions`).
   * `[]` when every key names a group.
   */
  readonly unmatchedGroupDescriptions: readonly string[];
  /**
   * Tools whose own `_meta['anthropic/alwaysLoad']` asks to be direct but which stay deferred
   * because the `_meta`-hinted direct tools may total 16,000 definition characters (C26), in name
   * order; construction emitted a process warning naming them (code
   * `TURNSCOPE_ALWAYS_LOAD_OVER_BUDGET`, see `alwaysLoadOverBudget`). `[]` when none, and always
   * with an explicit `direct` list or availability off (hints do not choose direct tools then).
   */
  readonly alwaysLoadOverBudget: readonly string[];
  /** Sum of every bound tool's `schemaChars`: what sending every schema on a step costs. */
  readonly totalSchemaChars: number;
  /** The entry of a bound tool; `undefined` for a name that is not bound. */
  get(name: string): CatalogEntry | undefined;
}

/** Options of {@link createToolCatalog}; see `ToolSearchRuntimeOptions` for their meaning. */
export interface ToolCatalogOptions {
  readonly tools: ToolSet;
  readonly groups?: Readonly<Record<string, readonly string[]>>;
  readonly sources?: Readonly<Record<string, string>>;
  readonly aliases?: Readonly<Record<string, readonly string[]>>;
  readonly direct?: readonly string[];
  readonly availability?: 'search' | 'off';
  /** Tool name → hints (C26): `alwaysLoad`, `searchText`. Default: none (each tool's `_meta` still counts). */
  readonly hints?: Readonly<Record<string, ToolHints>>;
  /** The inventory's budget and group descriptions (C23). Default: see `renderInventory`. */
  readonly inventory?: InventoryOptions;
}

/**
 * Classifies every bound tool as direct or deferred, measures its definition in characters
 * and renders the inventory — in one place, once.
 *
 * @throws {ReservedToolNameError} a bound tool is named `tool_search` or `turnscope_tool_search`
 *   (`tool_search`'s name on OpenAI's Responses API).
 * @throws {InvalidToolNameError} a name does not match `^[a-zA-Z0-9_-]{1,64}$`.
 * Hints (C26): without an explicit `direct` list, a C5 baseline tool the `hints` option marks
 * `alwaysLoad: false` is deferred, and a tool hinted `alwaysLoad` (the `hints` option,
 * else its `_meta['anthropic/alwaysLoad'] === true`) is direct after the C5 baseline — the
 * `_meta`-hinted ones in name order while their definitions total at most 16,000 characters
 * (the rest stay deferred, listed in `alwaysLoadOverBudget` and named in a process warning, code
 * `TURNSCOPE_ALWAYS_LOAD_OVER_BUDGET`); with one, `direct` is exact and hints
 * do not add to it. A `searchText` hint (else
 * `_meta['anthropic/searchHint']`) is indexed by the ranker and never shown.
 *
 * An `inventory.groupDescriptions` key that names no group is not an error (an MCP server may
 * list no tools when it is bound): it is kept out of the inventory, listed in
 * `unmatchedGroupDescriptions` and named in a process warning (code
 * `TURNSCOPE_UNMATCHED_GROUP_DESCRIPTION`).
 *
 * @throws {UnboundToolError} `groups`, `sources`, `aliases`, `direct` or `hints` names a tool that is not bound.
 * @throws {ConflictingGroupError} `groups` puts one tool in two groups.
 * @throws {InvalidOptionError} an option has the wrong shape (see `validateBindingShapes`;
 *   `inventory.maxChars` not a whole number ≥ 300, `inventory.groupDescriptions` not strings), a
 *   tool has no input schema, its JSON schema is only available asynchronously, or its `_meta`
 *   cannot be read (a getter or Proxy trap throws; option `tools.NAME._meta`), or reading a
 *   binding option threw (`hints.NAME`, `groups.NAME[0]`: see `readBindingOptions`).
 */
export function createToolCatalog(given: ToolCatalogOptions): ToolCatalog {
  const options = readBindingOptions(given);
  validateBindingShapes(options);
  checkInventoryOptions(options.inventory ?? {});
  const bound = Object.keys(options.tools).sort();
  for (const name of bound) {
    if (name === TOOL_SEARCH_NAME || name === TOOL_SEARCH_WIRE_ALIAS) throw new ReservedToolNameError({ toolName: name });
    if (!TOOL_NAME_PATTERN.test(name)) throw new InvalidToolNameError({ toolName: name });
  }
  const boundSet = new Set(bound);
  const groupOf = groupMap(options.groups ?? {}, boundSet, bound);
  for (const option of ['sources', 'aliases'] as const) {
    for (const name of Object.keys(options[option] ?? {})) {
      if (!boundSet.has(name)) throw new UnboundToolError({ toolName: name, option, bound });
    }
  }
  for (const name of Object.keys(options.hints ?? {})) {
    if (!boundSet.has(name)) throw new UnboundToolError({ toolName: name, option: 'hints', bound });
  }
  const hintsOf = new Map(bound.map((name) => [name, hintsOfTool(name, options.tools[name] as Tool, ownValue(options.hints, name))]));
  const measured = bound.map((name) =>
    // a tool whose fields cannot be read (a description getter or Proxy trap that throws) is named
    readOption(`tools.${name}`, () => createCatalogEntry({
      name,
      tool: options.tools[name] as Tool,
      group: groupOf.get(name) ?? ownValue(options.sources, name) ?? 'other',
      source: ownValue(options.sources, name),
      aliases: ownValue(options.aliases, name) ?? [],
      kind: 'deferred',
      option: 'tools',
      searchText: hintsOf.get(name)!.searchText,
    })),
  );
  const hintsChoose = options.direct === undefined && options.availability !== 'off';
  const loaded = alwaysLoaded(measured, hintsOf);
  const direct = directNames(options, boundSet, bound, (name) => loaded.names.has(name), (name) => ownValue(options.hints, name)?.alwaysLoad === false);
  const directSet = new Set(direct);
  const entries = measured.map((entry) => (directSet.has(entry.name) ? Object.freeze({ ...entry, kind: 'direct' as const }) : entry));
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const inventoryOptions: Required<InventoryOptions> = Object.freeze({
    maxChars: options.inventory?.maxChars ?? DEFAULT_INVENTORY_MAX_CHARS,
    groupDescriptions: Object.freeze({ ...options.inventory?.groupDescriptions }),
  });
  return Object.freeze({
    entries: Object.freeze(entries),
    bound: Object.freeze(bound),
    direct: Object.freeze(direct),
    deferred: Object.freeze(entries.filter((entry) => entry.kind === 'deferred').map((entry) => entry.name)),
    inventory: renderInventory(entries, inventoryOptions),
    inventoryOptions,
    unmatchedGroupDescriptions: Object.freeze(
      unmatchedGroupDescriptions(Object.keys(inventoryOptions.groupDescriptions), Object.keys(options.groups ?? {}), new Set(entries.map((entry) => entry.group))),
    ),
    alwaysLoadOverBudget: Object.freeze(hintsChoose ? alwaysLoadOverBudget(loaded.overBudget) : []),
    totalSchemaChars: entries.reduce((sum, entry) => sum + entry.schemaChars, 0),
    get: (name: string) => byName.get(name),
  });
}

/** The hints of one tool (C26); a `_meta` that cannot be read (a getter or Proxy trap that throws) is a broken binding. */
function hintsOfTool(name: string, tool: Tool, hints: ToolHints | undefined): ReturnType<typeof resolveToolHints> {
  try {
    return resolveToolHints(tool, hints);
  } catch (error) {
    throw new InvalidOptionError({
      option: `tools.${name}._meta`,
      value: describeThrown(error),
      expected: 'a plain object whose keys can be read (its getters threw): pass the tool with plain JSON metadata, or give hints.' + name + ' instead',
    });
  }
}

function groupMap(
  groups: Readonly<Record<string, readonly string[]>>,
  boundSet: ReadonlySet<string>,
  bound: readonly string[],
): Map<string, string> {
  const groupOf = new Map<string, string>();
  for (const group of Object.keys(groups).sort()) {
    for (const name of groups[group] ?? []) {
      if (!boundSet.has(name)) throw new UnboundToolError({ toolName: name, option: `groups.${group}`, bound });
      const existing = groupOf.get(name);
      if (existing !== undefined && existing !== group) {
        throw new ConflictingGroupError({ toolName: name, groups: [existing, group] });
      }
      groupOf.set(name, group);
    }
  }
  return groupOf;
}

/**
 * The tools an `alwaysLoad` hint makes direct (C26): every one hinted by the `hints` option,
 * and those hinted by their own `_meta` in name order while their definitions total at most
 * {@link MAX_META_ALWAYS_LOAD_CHARS} (a larger one is skipped, later smaller ones still fit);
 * the others (`overBudget`, in name order) stay deferred, found by search like any deferred tool.
 */
function alwaysLoaded(
  entries: readonly CatalogEntry[],
  hintsOf: ReadonlyMap<string, ReturnType<typeof resolveToolHints>>,
): { names: ReadonlySet<string>; overBudget: CatalogEntry[] } {
  const names = new Set<string>();
  const overBudget: CatalogEntry[] = [];
  let metaChars = 0;
  for (const entry of entries) {
    const hints = hintsOf.get(entry.name)!;
    if (!hints.alwaysLoad) continue;
    if (hints.fromMeta) {
      if (metaChars + entry.schemaChars > MAX_META_ALWAYS_LOAD_CHARS) {
        overBudget.push(entry);
        continue;
      }
      metaChars += entry.schemaChars;
    }
    names.add(entry.name);
  }
  return { names, overBudget };
}

/**
 * D: every tool with availability off; the explicit `direct` list, exactly; else the C5
 * baseline that is bound less the tools the caller's `hints` mark `alwaysLoad: false` (C26: the
 * hint keeps a tool deferred, the baseline's too), then the tools hinted `alwaysLoad` by name.
 */
function directNames(
  options: ToolCatalogOptions,
  boundSet: ReadonlySet<string>,
  bound: readonly string[],
  alwaysLoad: (name: string) => boolean,
  hintedDeferred: (name: string) => boolean,
): string[] {
  if (options.availability === 'off') return [...bound];
  if (options.direct === undefined) {
    const baseline = DEFAULT_DIRECT_TOOLS.filter((name) => boundSet.has(name) && !hintedDeferred(name));
    return [...baseline, ...bound.filter((name) => alwaysLoad(name) && !baseline.includes(name))];
  }
  const seen = new Set<string>();
  for (const name of options.direct) {
    if (!boundSet.has(name)) throw new UnboundToolError({ toolName: name, option: 'direct', bound });
    seen.add(name);
  }
  return [...seen];
}
