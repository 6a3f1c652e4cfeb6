import type { ToolCatalog } from '../catalog/create-tool-catalog.js';
import { checkNames } from '../catalog/validate-binding-shapes.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { SearchOptions } from '../search/search-options.js';
import type { ToolSearchInputDefinition } from '../tool-search/tool-search-input-schema.js';
import { readOptionData } from '../options/read-option-data.js';
import { checkKnownKeys } from './check-known-keys.js';
import { createTurnBinding, type TurnBinding } from './create-turn-binding.js';
import { HEADLESS_CODING_PROFILE, HEADLESS_CODING_TOOLS, type ExecutionProfile } from './execution-profile.js';

/** Levels of `profiles` copied as plain data: the record, each profile, its `tools` and `overrides`, each override (its `inputSchema` is kept as given). */
const PROFILE_DATA_DEPTH = 4;

/** An execution profile and its binding, built once. */
export interface ProfileBinding {
  readonly profile: ExecutionProfile;
  readonly binding: TurnBinding;
}

/**
 * Builds the binding of every execution profile once (C6, C19): the caller's `profiles` plus
 * the shipped `headless-coding` (Bash, Read, Write, Edit, Glob, Grep — those that are bound),
 * which a caller's profile of the same name replaces.
 *
 * @throws {InvalidOptionError} a profile that is not an object or has no `tools` array; an
 *   unknown (misspelled) key in a profile or in one of its overrides; a part of `profiles` whose
 *   reading threw (a getter or Proxy trap).
 * @throws {UnboundToolError} a profile naming a tool that is not bound.
 */
export function createProfileBindings(options: {
  readonly catalog: ToolCatalog;
  readonly search: SearchOptions;
  readonly toolSearchInput: ToolSearchInputDefinition;
  readonly searchEnabled: boolean;
  readonly profiles: Readonly<Record<string, ExecutionProfile>> | undefined;
}): ReadonlyMap<string, ProfileBinding> {
  const { catalog, search, searchEnabled, toolSearchInput } = options;
  const profiles: Record<string, ExecutionProfile> = {
    [HEADLESS_CODING_PROFILE]: { tools: HEADLESS_CODING_TOOLS.filter((name) => catalog.get(name) !== undefined) },
    // plain data read once: a getter or Proxy trap that throws is an InvalidOptionError naming it
    ...(readOptionData(options.profiles, 'profiles', PROFILE_DATA_DEPTH) as Readonly<Record<string, ExecutionProfile>> | undefined),
  };
  const bindings = new Map<string, ProfileBinding>();
  for (const [name, profile] of Object.entries(profiles)) {
    if (profile === null || typeof profile !== 'object') {
      throw new InvalidOptionError({ option: `profiles.${name}`, value: profile, expected: 'an object { tools, instructions?, overrides? }' });
    }
    checkKnownKeys({ prefix: `profiles.${name}.`, value: profile, known: ['tools', 'instructions', 'overrides'] });
    checkNames(`profiles.${name}.tools`, profile.tools);
    for (const [toolName, override] of Object.entries(profile.overrides ?? {})) {
      if (override === null || typeof override !== 'object') {
        throw new InvalidOptionError({ option: `profiles.${name}.overrides.${toolName}`, value: override, expected: 'an object { description?, inputSchema? }' });
      }
      checkKnownKeys({ prefix: `profiles.${name}.overrides.${toolName}.`, value: override, known: ['description', 'inputSchema'] });
    }
    if (profile.instructions !== undefined && typeof profile.instructions !== 'string') {
      throw new InvalidOptionError({ option: `profiles.${name}.instructions`, value: profile.instructions, expected: 'a string' });
    }
    bindings.set(name, {
      profile,
      binding: createTurnBinding({
        catalog,
        search,
        toolSearchInput,
        searchEnabled,
        ceiling: profile.tools,
        ceilingOption: `profiles.${name}.tools`,
        ...(profile.overrides === undefined ? {} : { overrides: profile.overrides }),
        ...(profile.instructions === undefined ? {} : { instructions: profile.instructions }),
      }),
    });
  }
  return bindings;
}
