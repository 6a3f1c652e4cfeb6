import type { Tool } from 'ai';
import { TOOL_SEARCH_NAME, type TurnEvent } from '../../machines/turn-machine.js';
import { describeThrown } from '../errors/describe-thrown.js';
import type { StepTool } from '../execution/step-execution-context.js';
import { GROUP_QUERY_PREFIX, listGroup } from '../tool-search/list-group.js';
import { namesEndingWith } from '../catalog/names-ending-with.js';
import { toolsWithRest } from '../catalog/tools-with-rest.js';
import { inventoryGroups } from '../catalog/inventory-groups.js';
import { aliasOwnersOf } from '../catalog/alias-owners-of.js';
import { normalizeNameText } from '../search/normalize-name-text.js';
import { runToolSearch } from '../tool-search/run-tool-search.js';
import { caseVariantsOf } from '../tool-search/case-variants-of.js';
import type { ToolSearchInput } from '../tool-search/tool-search-input-schema.js';
import { TOOL_SEARCH_POLICY } from '../tool-search/tool-search-policy.js';
import type { TurnBinding } from './create-turn-binding.js';
import type { RuntimeShared } from './runtime-shared.js';

/**
 * `tool_search`'s entry in one step's tool table: the binding's definition with an `execute`
 * bound to this step, and {@link TOOL_SEARCH_POLICY}. Its `execute` runs the search over the
 * turn's searchable tools (C1, C6) with the runtime's ranker (or the turn's, with client
 * tools), sends `ACTIVATE` for what it newly activates — pending until the machine commits it at
 * the step boundary (C5, C15) — and `SEARCH_DONE` with the search's record (C21); the machine
 * emits both, and the runtime records them from there. A search that fails (a query it cannot
 * run, a ranker that throws, `abortSignal` aborting) throws a message for the model and
 * activates nothing; its output goes to the model whole as JSON.
 *
 * @param options.definition the binding's `tool_search` definition (its input schema validates).
 * @param options.activationState the turn actor's active and pending names, read once the
 *   ranking is done, so parallel searches of one step see each other's activations (C15).
 * @param options.required R of this step: a required tool is visible already, so a search never
 *   activates or lists it (R is not A).
 * @param options.visible the step-start visible set: a search naming one of these is told it is
 *   already callable.
 * @param options.sendBack the execution actor's channel to the turn actor (for `ACTIVATE`).
 */
export function createStepSearch(options: {
  readonly definition: Tool;
  readonly shared: RuntimeShared;
  readonly binding: TurnBinding;
  readonly required: readonly string[];
  readonly visible: readonly string[];
  readonly activationState: () => { readonly active: readonly string[]; readonly pending: readonly string[] };
  readonly sendBack: (event: TurnEvent) => void;
}): StepTool {
  const run = searchOf(options);
  const tool: Tool = {
    ...options.definition,
    execute: async (input: unknown, { toolCallId, abortSignal }: { toolCallId: string; abortSignal?: AbortSignal }) => {
      let search: Awaited<ReturnType<typeof run>>;
      try {
        search = await run(input, toolCallId, abortSignal ?? new AbortController().signal);
      } catch (error) {
        throw new Error(`tool_search failed: ${describeThrown(error)}. Nothing was activated; you may search again.`);
      }
      if (!search.ok) throw new Error(search.message);
      return search.output;
    },
    toModelOutput: ({ output }: { output: unknown }) => ({ type: 'json', value: output }),
  } as Tool;
  return { tool, policy: TOOL_SEARCH_POLICY };
}

type StepSearch = (
  input: unknown,
  toolCallId: string,
  abortSignal: AbortSignal,
) => Promise<{ ok: true; output: { activated: string[]; reason?: string } } | { ok: false; message: string }>;

/** The search of one step: ranks (or lists a group), sends ACTIVATE and SEARCH_DONE. */
function searchOf(options: Omit<Parameters<typeof createStepSearch>[0], 'definition'>): StepSearch {
  const { shared, binding, required, sendBack } = options;
  const callable = new Set(options.visible.filter((name) => name !== TOOL_SEARCH_NAME));
  const variantsOf = caseVariantsOf(binding.deferred);
  const aliasOwners = aliasOwnersOf(shared.catalog);
  const isBoundAlias = (text: string) => aliasOwners(text).some((name) => binding.isSearchable(name) || callable.has(name));
  // a turn's groups (client tools added) mostly repeat the catalog's, whose rest index is kept: the turn indexes only its own groups
  const catalogGroups = inventoryGroups(shared.catalog.entries);
  // the tools whose rest is the text (C23): deferred ones as the inventory groups them, and the callable direct ones
  const restOwnersOf = (rest: string) => {
    const deferred = toolsWithRest(rest, binding.groups, catalogGroups);
    const direct = toolsWithRest(rest, directGroupsOf(binding, shared)).filter((name) => callable.has(name));
    return direct.length === 0 ? deferred : [...deferred, ...direct].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  };
  // a select: entry no name spells, that is the rest of one deferred tool as the inventory shows
  // it (under a ceiling too, where a rest unique in the ceiling is shortened), names that tool (C23)
  const variantsOrRestOf = (entry: string): readonly string[] => {
    const found = variantsOf(entry);
    if (found.length > 0 || isBoundAlias(entry)) return found;
    const owners = toolsWithRest(entry, binding.groups, catalogGroups);
    return owners.length === 1 ? owners : found;
  };
  return async (searchInput, toolCallId, abortSignal) => {
    const startedAt = shared.now();
    const written = typeof (searchInput as { query?: unknown } | null)?.query === 'string' ? (searchInput as ToolSearchInput).query.trim() : '';
    // `ｇｒｏｕｐ：github` (full-width) or with a format character copied in is `group:github`
    const query = normalizeNameText(written).trim();
    // `group:NAME` lists names and loads nothing (C23); every other query is a search
    if (query.toLowerCase().startsWith(GROUP_QUERY_PREFIX) && written.length <= shared.search.maxQueryChars) {
      const output = listGroup({
        rest: query.slice(GROUP_QUERY_PREFIX.length).trim(),
        groups: binding.groups,
        directGroups: directGroupsOf(binding, shared),
        maxChars: shared.catalog.inventoryOptions.maxChars,
      });
      const limit = (searchInput as ToolSearchInput).limit;
      const requestedLimit = Number.isInteger(limit) && (limit as number) >= 1 ? (limit as number) : undefined;
      sendBack({ type: 'SEARCH_DONE', toolCallId, record: {
        origin: 'model',
        query: written,
        requestedLimit,
        effectiveLimit: Math.min(requestedLimit ?? shared.search.defaultLimit, shared.search.maxLimit),
        ranked: [],
        activated: [],
        skipped: [],
        schemaCharsActivated: 0,
        durationMs: shared.now() - startedAt,
      } });
      return { ok: true, output };
    }
    const outcome = await runToolSearch({
      input: searchInput as ToolSearchInput,
      ranker: binding.ranker ?? shared.ranker,
      search: shared.search,
      isSearchable: binding.isSearchable,
      isKnown: (name) => binding.resolveTool(name) !== undefined || shared.catalog.get(name) !== undefined,
      alreadyActive: () => {
        const { active, pending } = options.activationState();
        return new Set([...active, ...pending]);
      },
      isRequired: (name) => required.includes(name),
      callable,
      schemaCharsOf: binding.schemaCharsOf,
      descriptionOf: binding.descriptionOf,
      fullNamesOf: (shortName) => namesEndingWith(shortName, binding.deferred, true),
      toolsWithRestOf: (rest) => (isBoundAlias(rest) ? [] : restOwnersOf(rest)),
      caseVariantsOf: variantsOrRestOf,
      aliasesOf: (name) => shared.catalog.get(name)?.aliases ?? [],
      aliasOwnersOf: aliasOwners,
      abortSignal,
      // sent at once, so a parallel search of the same step sees these as pending (C15)
      activate: (names) => sendBack({ type: 'ACTIVATE', names }),
    });
    if (!outcome.ok) return outcome;
    sendBack({ type: 'SEARCH_DONE', toolCallId, record: { ...outcome.record, origin: 'model', durationMs: shared.now() - startedAt } });
    return { ok: true, output: outcome.output };
  };
}

const DIRECT_GROUPS = new WeakMap<TurnBinding, ReadonlyMap<string, readonly string[]>>();

/** The binding's direct tools by inventory group, each sorted: what `group:NAME` names as callable already (C23). Built once per binding. */
function directGroupsOf(binding: TurnBinding, shared: RuntimeShared): ReadonlyMap<string, readonly string[]> {
  const known = DIRECT_GROUPS.get(binding);
  if (known !== undefined) return known;
  const groups = new Map<string, string[]>();
  for (const name of binding.direct) {
    const group = shared.catalog.get(name)?.group;
    if (group === undefined) continue;
    const names = groups.get(group);
    if (names === undefined) groups.set(group, [name]);
    else names.push(name);
  }
  for (const names of groups.values()) names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  DIRECT_GROUPS.set(binding, groups);
  return groups;
}
