import { TurnscopeError } from './turnscope-error.js';

/**
 * An option names a tool that is not bound, or not inside the turn's ceiling. Code
 * `unbound-tool`. `option` says which (`groups.<group>`, `direct`, `requiredTools`, `sources`,
 * `boundTools`, `profiles.<name>.overrides`). Fix: bind the tool in `tools` (or, when `outside`
 * is set — the tool is bound but outside a narrower ceiling — widen that ceiling), or remove the
 * name from that option; the bound tools are the ceiling (C1, C6).
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
    const suggestion = closestName(options.toolName, options.bound);
    const name = JSON.stringify(options.toolName);
    super({
      code: 'unbound-tool',
      message:
        (options.outside === undefined
          ? `\`${options.option}\` names ${name}, which is not a bound tool. `
          : `\`${options.option}\` names ${name}, which is bound but outside ${options.outside}. `) +
        (suggestion === undefined ? '' : `Did you mean ${JSON.stringify(suggestion)}? `) +
        (options.outside === undefined
          ? `Add it to \`tools\` or remove it from \`${options.option}\`.`
          : `Remove it from \`${options.option}\`, or widen ${options.outside} to include it.`),
    });
    this.toolName = options.toolName;
    this.option = options.option;
  }
}

function closestName(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  return candidates.find((candidate) => candidate.toLowerCase() === lower);
}
