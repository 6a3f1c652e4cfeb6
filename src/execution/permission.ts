/** What a permission check is asked about: one tool call that passed input validation. */
export interface PermissionRequest {
  readonly turnId: string;
  readonly stepIndex: number;
  readonly toolCallId: string;
  /** Canonical name (or `tool_search`). */
  readonly toolName: string;
  /** The validated input. */
  readonly input: unknown;
  /** How the tool is visible: `direct`, `discovered` (activated by a search), `required` or `search`. */
  readonly origin: ToolOrigin;
}

/** How a tool came to be visible in a step. */
export type ToolOrigin = 'direct' | 'discovered' | 'required' | 'search';

/** The answer of a permission check. `deny` ends the call with `reason` as a tool error. */
export type PermissionDecision = { readonly type: 'allow' } | { readonly type: 'deny'; readonly reason: string };

/**
 * The runtime's `permission` option: asked for every call, direct and discovered alike (C4),
 * after input validation and before `execute`. May be async. A check that throws or returns
 * something else counts as `deny`, with the thrown message as the reason.
 */
export type PermissionCheck = (request: PermissionRequest) => PermissionDecision | Promise<PermissionDecision>;
