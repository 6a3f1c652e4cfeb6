import { TurnscopeError } from './turnscope-error.js';

/**
 * The `groups` option puts one tool in two groups. Code `conflicting-group`. Fix: keep each
 * tool in exactly one group; the inventory lists every deferred tool once (C7).
 */
export class ConflictingGroupError extends TurnscopeError {
  readonly toolName: string;
  readonly groups: readonly [string, string];

  constructor(options: { toolName: string; groups: readonly [string, string] }) {
    super({
      code: 'conflicting-group',
      message:
        `Tool ${JSON.stringify(options.toolName)} is in two groups, ${JSON.stringify(options.groups[0])} and ` +
        `${JSON.stringify(options.groups[1])}. Keep it in one group.`,
    });
    this.toolName = options.toolName;
    this.groups = options.groups;
  }
}
