import { TurnscopeError } from './turnscope-error.js';

/**
 * An option names a tool that is not bound. Code `unbound-tool`. `option` says which
 * (`groups.<group>`, `direct`, `requiredTools`, `sources`). Fix: bind the tool in `tools`, or
 * remove the name from that option; the bound tools are the ceiling (C1).
 */
export class UnboundToolError extends TurnscopeError {
  readonly toolName: string;
  readonly option: string;

  constructor(options: { toolName: string; option: string; bound: readonly string[] }) {
    const suggestion = closestName(options.toolName, options.bound);
    super({
      code: 'unbound-tool',
      message:
        `\`${options.option}\` names ${JSON.stringify(options.toolName)}, which is not a bound tool. ` +
        (suggestion === undefined ? '' : `Did you mean ${JSON.stringify(suggestion)}? `) +
        `Add it to \`tools\` or remove it from \`${options.option}\`.`,
    });
    this.toolName = options.toolName;
    this.option = options.option;
  }
}

function closestName(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  return candidates.find((candidate) => candidate.toLowerCase() === lower);
}
