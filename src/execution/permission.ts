/** What a permission check is asked about: one tool call that passed input validation. */
export interface PermissionRequest {
  readonly turnId: string;
  readonly stepIndex: number;
  readonly toolCallId: string;
  /** Canonical name (or `tool_search`). */
  readonly toolName: string;
  /** The validated input (a copy: changing it does not change what `execute` receives). */
  readonly input: unknown;
  /** How the tool is visible: `direct`, `discovered` (activated by a search), `required` or `search`. */
  readonly origin: ToolOrigin;
}

/** How a tool came to be visible in a step. */
export type ToolOrigin = 'direct' | 'discovered' | 'required' | 'search';

/**
 * The answer of a permission check. `allow` runs the call; `deny` ends it with `reason` as a
 * tool error (outcome `denied`); `ask` hands the call to the runtime's `approver`, with
 * `reason` (optional) saying why it needs one.
 */
export type PermissionDecision =
  | { readonly type: 'allow' }
  | { readonly type: 'deny'; readonly reason: string }
  | { readonly type: 'ask'; readonly reason?: string };

/**
 * The runtime's `permission` option: asked for every call, direct and discovered alike (C4),
 * after input validation and before the durable execution record and `execute`. May be async.
 * A check that throws (any value) or returns something else counts as `deny`, with the thrown
 * value as readable text in the reason. Its time counts against the call's timeout
 * (`timeout.toolMs`): one that has not answered by then ends the call as a timed-out tool error.
 * `deny` ends the call even when its tool has `needsApproval`; `allow` does not skip a tool's
 * `needsApproval` (the call still goes to the approver, see askApproval); an `ask` the
 * approver allows is not asked again for `needsApproval`.
 */
export type PermissionCheck = (request: PermissionRequest) => PermissionDecision | Promise<PermissionDecision>;

/** What the `approver` is asked: the permission request, why approval is needed, and a signal. */
export interface ApprovalRequest extends PermissionRequest {
  /**
   * The `reason` of the `ask` decision, when the permission check gave one; for a call whose
   * tool's `needsApproval` asks, `<tool> requires approval: its needsApproval is true` or
   * `<tool> requires approval for this input: its needsApproval returned true`.
   */
  readonly reason: string | undefined;
  /**
   * Aborted when the approval times out (`timeout.approvalMs`) or the turn ends: stop waiting
   * for a person then (e.g. withdraw the prompt); the call is already denied.
   */
  readonly abortSignal: AbortSignal;
}

/** The approver's answer: `allow` runs the call, `deny` ends it with `reason` as a tool error. */
export type ApprovalDecision = { readonly type: 'allow' } | { readonly type: 'deny'; readonly reason: string };

/**
 * The runtime's `approver` option: decides the calls the permission check answered `ask` for,
 * and the calls whose tool's AI SDK `needsApproval` asks (after a permission `allow`),
 * typically by asking a person. Async. An approver that is missing, throws, rejects, answers
 * anything but `allow` / `deny`, or does not answer within `timeout.approvalMs` denies the call,
 * and the denial's reason says which.
 */
export type ToolApprover = (request: ApprovalRequest) => ApprovalDecision | Promise<ApprovalDecision>;
