import { listFullNames, namesEndingWith } from '../catalog/names-ending-with.js';
import { cutForMessage } from './cut-for-message.js';
import { TurnscopeError } from './turnscope-error.js';

/**
 * An option names a tool that is not bound, or not inside the turn's ceiling. Code
 * `unbound-tool`. `option` says which (`groups.<group>`, `direct`, `requiredTools`, `sources`,
 * `boundTools`, `profiles.<name>.overrides`). Fix: bind the tool in `tools` (or, when `outside`
 * is set — the tool is bound but outside a narrower ceiling — widen that ceiling), or remove the
 * name from that option; the bound tools are the ceiling (C1, C6). The message suggests the
 * bound name spelled the same ignoring case, else the bound names that end with it after `_` or
 * `-` (`read_file` → `"mcp__filesystem__read_file"`: an MCP tool's own name without the
 * `mcp__<server>__` prefix of its canonical name), at most 5 and how many more. A name or option
 * over 120 characters is cut in the message (`cutForMessage`), kept whole in `toolName` / `option`.
 */
export class UnboundToolError extends TurnscopeError {
  readonly toolName: string;
  readonly option: string;

  /**
   * @param options.bound the names the option may use.
   * @param options.outside set when the tool is bound to the runtime but outside a narrower
   *   ceiling, named here (e.g. `the profile "triage"`, `this turn's ceiling`). Default: the
   *   tool is not bound at all.
   */
  constructor(options: { toolName: string; option: string; bound: readonly string[]; outside?: string }) {
    const suggestion = suggestionOf(options.toolName, options.bound);
    const name = JSON.stringify(cutForMessage(options.toolName));
    const option = cutForMessage(options.option);
    super({
      code: 'unbound-tool',
      message:
        (options.outside === undefined
          ? `\`${option}\` names ${name}, which is not a bound tool. `
          : `\`${option}\` names ${name}, which is bound but outside ${options.outside}. `) +
        (suggestion === undefined ? '' : `Did you mean ${suggestion}? `) +
        (options.outside === undefined
          ? `Add it to \`tools\` or remove it from \`${option}\`.`
          : `Remove it from \`${option}\`, or widen ${options.outside} to include it.`),
    });
    this.toolName = options.toolName;
    this.option = options.option;
  }
}

/** `"Name"` for a bound name equal ignoring case, else `"a" or "b"` for the bound names ending with it; `undefined` for none. */
function suggestionOf(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const sameCase = candidates.find((candidate) => candidate.toLowerCase() === lower);
  if (sameCase !== undefined) return JSON.stringify(sameCase);
  const endings = namesEndingWith(name, candidates, true);
  return endings.length === 0 ? undefined : listFullNames(endings, ' or ');
}
