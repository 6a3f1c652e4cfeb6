import { createClientToolEntries, DEFAULT_CLIENT_ID } from '../client-tools/create-client-tool-entries.js';
import { createMergedRanker } from '../client-tools/create-merged-ranker.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import { rankerDocumentOf } from '../search/ranker-document-of.js';
import { addedShortNameAliases } from '../catalog/short-name-aliases.js';
import { createTurnBinding, type TurnBinding } from './create-turn-binding.js';
import type { ResolvedSendInput } from './send-input-schema.js';
import type { RuntimeShared } from './runtime-shared.js';

/**
 * The binding of one turn (C6): the runtime's default, a profile's, or an exact `boundTools`
 * ceiling — inside the profile's when both are given, since a ceiling can only narrow — plus
 * the tools a client offered for this turn (`clientTools`), which join B on top of that
 * ceiling for this turn only (C17). The runtime-wide catalog, bindings and ranker are only
 * read (C19): a turn with client tools gets its own binding, and its own ranker that merges
 * the runtime's with one built from the same `ranker` option over just the client tools
 * (`createClientToolRanker`: a function of yours is told the `clientId`, and a client tool
 * named outright is found whatever it answers).
 *
 * @throws {InvalidOptionError} an unknown profile (`boundTools` is a list of names: the send schema parsed it).
 * @throws {UnboundToolError} `boundTools` naming a tool that is not bound, or outside the profile.
 * @throws for bad client tools, see `createClientToolEntries`.
 */
export function resolveTurnBinding(
  shared: RuntimeShared,
  input: Pick<ResolvedSendInput, 'profile' | 'boundTools' | 'clientTools' | 'clientId'>,
): TurnBinding {
  let profile;
  if (input.profile !== undefined) {
    profile = shared.profiles.get(input.profile);
    if (profile === undefined) {
      throw new InvalidOptionError({ option: 'profile', value: input.profile, expected: `one of the runtime's profiles: ${[...shared.profiles.keys()].join(', ')}` });
    }
  }
  if (input.boundTools !== undefined) {
    const outer = profile?.binding.bound ?? shared.catalog.bound;
    for (const name of input.boundTools) {
      if (!outer.includes(name)) {
        const outside = profile !== undefined && shared.catalog.get(name) !== undefined ? `the profile ${JSON.stringify(input.profile)}` : undefined;
        throw new UnboundToolError({ toolName: name, option: 'boundTools', bound: outer, ...(outside === undefined ? {} : { outside }) });
      }
    }
  }
  const clientEntries =
    input.clientTools === undefined && input.clientId === undefined
      ? []
      : createClientToolEntries({ clientTools: input.clientTools ?? {}, clientId: input.clientId, catalog: shared.catalog, searchEnabled: shared.searchEnabled });
  if (input.boundTools === undefined && clientEntries.length === 0) return profile?.binding ?? shared.defaultBinding;

  const ceiling = input.boundTools ?? profile?.binding.bound;
  const binding = createTurnBinding({
    catalog: shared.catalog,
    search: shared.search,
    toolSearchInput: shared.toolSearchInput,
    searchEnabled: shared.searchEnabled,
    ...(ceiling === undefined ? {} : { ceiling }),
    ...(profile?.profile.overrides === undefined
      ? {}
      : { overrides: Object.fromEntries(Object.entries(profile.profile.overrides).filter(([name]) => ceiling!.includes(name))) }),
    ...(profile?.profile.instructions === undefined ? {} : { instructions: profile.profile.instructions }),
    clientEntries,
  });
  const searchable = clientEntries.filter((entry) => entry.kind === 'deferred');
  if (searchable.length === 0) return binding;
  // a client tool the inventory lists without its group's prefix is found by the rest too (C23)
  const shortNames = addedShortNameAliases(searchable, binding.groups, [...shared.catalog.entries, ...clientEntries]);
  const clientRanker = shared.createClientRanker(
    searchable.map((entry) => {
      const short = shortNames.get(entry.name);
      return rankerDocumentOf(short === undefined ? entry : { ...entry, aliases: [...entry.aliases, short] });
    }),
    input.clientId ?? DEFAULT_CLIENT_ID,
  );
  return Object.freeze({ ...binding, ranker: createMergedRanker([shared.ranker, clientRanker]) });
}
