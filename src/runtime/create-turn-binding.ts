import type { JSONSchema7, Tool, ToolSet } from 'ai';
import { syncJsonSchemaOf } from '../catalog/sync-json-schema-of.js';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { ToolCatalog } from '../catalog/create-tool-catalog.js';
import { measureDefinitionChars } from '../catalog/measure-definition-chars.js';
import { ownValue } from '../catalog/own-value.js';
import { inventoryGroups } from '../catalog/inventory-groups.js';
import { renderInventory } from '../catalog/render-inventory.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import type { SearchOptions } from '../search/search-options.js';
import type { AnyToolRanker } from '../search/tool-ranker.js';
import { createToolSearchTool } from '../tool-search/create-tool-search-tool.js';
import type { ToolSearchInputDefinition } from '../tool-search/tool-search-input-schema.js';
import type { ToolOverride } from './execution-profile.js';
import { providerToolSet, type ProviderDefinition } from './provider-tool-set.js';

/**
 * What one turn may see and run: the ceiling B and everything derived from it (C1, C3, C6).
 * Immutable; the runtime's default binding and each profile's binding are built once and
 * shared by turns, a `boundTools` binding is built for its turn.
 */
export interface TurnBinding {
  /** B: bound names of the turn, sorted. */
  readonly bound: readonly string[];
  /** D ∩ B, in the order of the `direct` option. */
  readonly direct: readonly string[];
  /** Deferred tools of the turn (the catalog's deferred ∩ B), sorted. */
  readonly deferred: readonly string[];
  /** True when `tool_search` is offered: search is on and a deferred tool is in B (C3). */
  readonly offerSearch: boolean;
  /** The inventory of this binding (C7, C23): only its deferred names, within the catalog's `inventory.maxChars`. */
  readonly inventory: string;
  /** This binding's deferred names by group, in inventory order: what `group:NAME` lists (C23). */
  readonly groups: ReadonlyMap<string, readonly string[]>;
  /**
   * `tool_search`'s definition (description with the inventory, input schema) when it is
   * offered, else `undefined`; each step gives it an `execute` over that step's search state.
   */
  readonly toolSearch: Tool | undefined;
  /** Definitions for `streamText`: B with overrides applied, plus `tool_search`. */
  readonly providerTools: ToolSet;
  /** Characters of every definition in B (what one request costs with nothing deferred). */
  readonly boundSchemaChars: number;
  /** Profile instructions; `undefined` when none. */
  readonly instructions: string | undefined;
  /** The tool to validate against and execute (overrides applied); `undefined` outside B. */
  resolveTool(name: string): Tool | undefined;
  /** A visible definition's size in characters, as sent; 0 outside B. */
  schemaCharsOf(name: string): number;
  /** A tool's description as sent (overrides applied); `undefined` outside B. */
  descriptionOf(name: string): string | undefined;
  /** True for a deferred tool of this binding: what a search may return (S3). */
  isSearchable(name: string): boolean;
  /**
   * Where a tool of this binding came from, for telemetry: its `sources` entry (e.g. the MCP
   * server), or the `clientId` of a client tool; `undefined` when not known.
   */
  sourceOf(name: string): string | undefined;
  /**
   * The ranker of this turn's searches when it is not the runtime's: set when client tools
   * joined the binding (see `resolveTurnBinding`). `undefined`: the runtime's ranker.
   */
  readonly ranker?: AnyToolRanker;
}

/**
 * Builds a {@link TurnBinding}. With no `ceiling`, B is every bound tool; with one, B is
 * exactly those names (C6): they must all be bound.
 *
 * @throws {UnboundToolError} a ceiling or override names a tool that is not bound (or not in the ceiling).
 * @throws {InvalidOptionError} an override schema whose JSON schema is not available synchronously.
 */
export function createTurnBinding(options: {
  readonly catalog: ToolCatalog;
  readonly search: SearchOptions;
  /** `tool_search`'s input schema, built once per runtime. */
  readonly toolSearchInput: ToolSearchInputDefinition;
  /** False when availability is `off`: no tool_search, every tool direct. */
  readonly searchEnabled: boolean;
  /** The exact ceiling; `undefined` for every bound tool. */
  readonly ceiling?: readonly string[];
  /** Which option the ceiling came from, for error messages (`boundTools`, `profiles.x.tools`). */
  readonly ceilingOption?: string;
  readonly overrides?: Readonly<Record<string, ToolOverride>>;
  readonly instructions?: string;
  /**
   * Tools a client offered for this turn only (`send({ clientTools })`), as entries built by
   * `createClientToolEntries`: they join B on top of the ceiling, deferred (or direct when
   * availability is `off`). Their names never clash with the catalog's. Default: none.
   */
  readonly clientEntries?: readonly CatalogEntry[];
}): TurnBinding {
  const { catalog } = options;
  const option = options.ceilingOption ?? 'boundTools';
  if (options.ceiling !== undefined) {
    for (const name of options.ceiling) {
      if (catalog.get(name) === undefined) throw new UnboundToolError({ toolName: name, option, bound: catalog.bound });
    }
  }
  const inCeiling = options.ceiling === undefined ? undefined : new Set(options.ceiling);
  const clientEntries = options.clientEntries ?? [];
  const ceilingEntries = catalog.entries.filter((entry) => inCeiling === undefined || inCeiling.has(entry.name));
  // B stays sorted by canonical name with the client's tools in it
  const entries = clientEntries.length === 0 ? ceilingEntries : [...ceilingEntries, ...clientEntries].sort(byName);
  const bound = entries.map((entry) => entry.name);
  const boundSet = new Set(bound);
  for (const name of Object.keys(options.overrides ?? {})) {
    if (!boundSet.has(name)) {
      const outside = catalog.get(name) === undefined ? {} : { outside: `\`${option}\`` };
      throw new UnboundToolError({ toolName: name, option: `${option.replace(/\.tools$/, '')}.overrides`, bound, ...outside });
    }
  }

  const definitions = new Map<string, ProviderDefinition & { schemaChars: number }>();
  const tools = new Map<string, Tool>();
  for (const entry of entries) {
    const override = ownValue(options.overrides, entry.name);
    const description = override?.description ?? entry.description;
    const inputSchema = override?.inputSchema === undefined ? entry.inputSchema : syncJsonSchemaOf(`${option.replace(/\.tools$/, '')}.overrides.${entry.name}.inputSchema`, override.inputSchema);
    const changed = override?.description !== undefined || override?.inputSchema !== undefined;
    definitions.set(entry.name, {
      name: entry.name,
      description,
      inputSchema,
      tool: entry.tool,
      schemaChars: changed ? measureDefinitionChars({ name: entry.name, description, inputSchema }) : entry.schemaChars,
    });
    tools.set(entry.name, changed ? ({ ...entry.tool, description, inputSchema: override?.inputSchema ?? entry.tool.inputSchema } as Tool) : entry.tool);
  }

  const direct = [
    ...catalog.direct.filter((name) => boundSet.has(name)),
    ...clientEntries.filter((entry) => entry.kind === 'direct').map((entry) => entry.name),
  ];
  const deferred = entries.filter((entry) => entry.kind === 'deferred').map((entry) => entry.name);
  const deferredSet = new Set(deferred);
  const offerSearch = options.searchEnabled && deferred.length > 0;
  // the whole catalog's inventory is rendered once, by the catalog
  const inventory = options.ceiling === undefined && clientEntries.length === 0 ? catalog.inventory : renderInventory(entries, catalog.inventoryOptions);
  const entryByName = new Map(entries.map((entry) => [entry.name, entry]));
  let toolSearch: (ProviderDefinition & { schemaChars: number }) | undefined;
  if (offerSearch) {
    const tool = createToolSearchTool({
      inventory,
      defaultLimit: options.search.defaultLimit,
      maxLimit: options.search.maxLimit,
      inputSchema: options.toolSearchInput.schema,
    });
    const description = String(tool.description);
    const inputSchema = options.toolSearchInput.jsonSchema;
    toolSearch = { name: TOOL_SEARCH_NAME, description, inputSchema, tool, schemaChars: measureDefinitionChars({ name: TOOL_SEARCH_NAME, description, inputSchema }) };
    tools.set(TOOL_SEARCH_NAME, tool);
  }

  return Object.freeze({
    bound: Object.freeze(bound),
    direct: Object.freeze(direct),
    deferred: Object.freeze(deferred),
    offerSearch,
    toolSearch: toolSearch?.tool,
    inventory,
    // B is the whole catalog: the catalog's (frozen) entries, whose groups its inventory made already
    groups: inventoryGroups(options.ceiling === undefined && clientEntries.length === 0 ? catalog.entries : entries),
    providerTools: Object.freeze(providerToolSet({ definitions: [...definitions.values()], toolSearch })),
    boundSchemaChars: [...definitions.values()].reduce((sum, definition) => sum + definition.schemaChars, 0),
    instructions: options.instructions,
    resolveTool: (name: string) => tools.get(name),
    schemaCharsOf: (name: string) => (name === TOOL_SEARCH_NAME ? (toolSearch?.schemaChars ?? 0) : (definitions.get(name)?.schemaChars ?? 0)),
    descriptionOf: (name: string) => definitions.get(name)?.description,
    isSearchable: (name: string) => deferredSet.has(name),
    sourceOf: (name: string) => entryByName.get(name)?.source,
  });
}

function byName(a: CatalogEntry, b: CatalogEntry): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
