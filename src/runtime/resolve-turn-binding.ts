import { checkNames } from '../catalog/validate-binding-shapes.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import { createTurnBinding, type TurnBinding } from './create-turn-binding.js';
import type { SendInput } from './runtime-options.js';
import type { RuntimeShared } from './runtime-shared.js';

/**
 * The binding of one turn (C6): the runtime's default, a profile's, or an exact `boundTools`
 * ceiling — inside the profile's when both are given, since a ceiling can only narrow.
 *
 * @throws {InvalidOptionError} an unknown profile, or `boundTools` that is not a list of names.
 * @throws {UnboundToolError} `boundTools` naming a tool that is not bound, or outside the profile.
 */
export function resolveTurnBinding(shared: RuntimeShared, input: Pick<SendInput, 'profile' | 'boundTools'>): TurnBinding {
  let profile;
  if (input.profile !== undefined) {
    profile = shared.profiles.get(input.profile);
    if (profile === undefined) {
      throw new InvalidOptionError({ option: 'profile', value: input.profile, expected: `one of the runtime's profiles: ${[...shared.profiles.keys()].join(', ')}` });
    }
  }
  if (input.boundTools === undefined) return profile?.binding ?? shared.defaultBinding;
  checkNames('boundTools', input.boundTools);
  const outer = profile?.binding.bound ?? shared.catalog.bound;
  for (const name of input.boundTools) {
    if (!outer.includes(name)) throw new UnboundToolError({ toolName: name, option: 'boundTools', bound: outer });
  }
  return createTurnBinding({
    catalog: shared.catalog,
    search: shared.search,
    toolSearchInput: shared.toolSearchInput,
    searchEnabled: shared.searchEnabled,
    ceiling: input.boundTools,
    ...(profile?.profile.overrides === undefined
      ? {}
      : { overrides: Object.fromEntries(Object.entries(profile.profile.overrides).filter(([name]) => input.boundTools!.includes(name))) }),
    ...(profile?.profile.instructions === undefined ? {} : { instructions: profile.profile.instructions }),
  });
}
