import type { Tool } from 'ai';
import type { TurnToolCall } from '../../machines/turn-types.js';
import { askPermission, type PermissionVerdict } from './ask-permission.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { isCallStop, type CallStop } from './call-stop.js';
import type { CallBudget } from './create-call-budget.js';
import { runStage } from './run-stage.js';
import type { StepExecutionContext } from './step-execution-context.js';

/**
 * The stage right after the permission check (C4): a tool's own AI SDK `needsApproval` — the
 * tool author's demand that a person approves the call — means "ask". `true`, or a function
 * `(input, { toolCallId, messages, context })` that returns or resolves to a truthy value for
 * this call's validated input (a copy of it), sends the call to the runtime's `approver`, with
 * the reason `<tool> requires approval…: its needsApproval …`, under `timeout.approvalMs` like any `ask`; the
 * approver's `deny` denies. `false`, `undefined` or a falsy answer: the call goes on.
 *
 * Runs only for a call the permission check let through without an approver: a permission
 * `deny` has already ended the call, and a call the approver already allowed (permission `ask`)
 * is not asked twice. A permission `allow` does not skip it: a generic permission callback does
 * not know this tool's demand. It also applies to client tools and code mode's nested calls,
 * which cross the same pipeline.
 *
 * With no `approver` and `awaitPerson` (an ordinary step's call), the verdict is
 * `await-approval`: the turn ends with a `tool-approval-request` (C27).
 *
 * Denied (never thrown, the reason says why): no `approver` configured and no person to wait
 * for (a nested call; the reason says to set `approver` on `createToolSearchRuntime`); a `needsApproval` function that throws, rejects or
 * does not answer within the call's budget (`timeout.toolMs` / `perToolMs`, `0`: none); the
 * approver denying, failing or not answering in time (see askPermission). A turn that ends
 * while the function runs stops the call (a {@link CallStop}).
 */
export async function askApproval(options: {
  readonly tool: Tool;
  readonly call: TurnToolCall;
  /** The validated input, as `execute` will receive it. */
  readonly input: unknown;
  readonly context: StepExecutionContext;
  /** The call's budget: a `needsApproval` function runs under it; the approver's wait is outside it. */
  readonly budget: CallBudget;
  /** With no approver, a call that needs approval awaits a person (`await-approval`, C27) instead of being denied. Default false. */
  readonly awaitPerson?: boolean;
}): Promise<PermissionVerdict | CallStop> {
  const { tool, call, input, context, budget } = options;
  const demand = await approvalDemand(tool, call, input, context, budget);
  if (isCallStop(demand) || demand.type !== 'ask') return demand;
  const { approver, approvalTimeoutMs } = context.pipeline;
  if (approver === undefined && options.awaitPerson === true) return { type: 'await-approval', reason: demand.reason };
  if (approver === undefined) {
    return {
      type: 'deny',
      reason: `${demand.reason}, and no approver is configured: to approve such calls, set the approver option of createToolSearchRuntime`,
    };
  }
  return askPermission({
    request: {
      turnId: context.turnId,
      stepIndex: context.stepIndex,
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      input: copyOf(input),
      origin: context.originOf(call.toolName),
    },
    permission: () => ({ type: 'ask', reason: demand.reason }),
    approver,
    approvalTimeoutMs,
    budget,
  });
}

type Demand =
  | { readonly type: 'allow'; readonly approved: false }
  | { readonly type: 'deny'; readonly reason: string }
  | { readonly type: 'ask'; readonly reason: string }
  | CallStop;

async function approvalDemand(tool: Tool, call: TurnToolCall, input: unknown, context: StepExecutionContext, budget: CallBudget): Promise<Demand> {
  let needsApproval: unknown;
  try {
    needsApproval = (tool as { needsApproval?: unknown }).needsApproval;
  } catch (error) {
    return { type: 'deny', reason: `${call.toolName}'s needsApproval could not be read (${describeThrown(error)}), so the call did not run` };
  }
  if (typeof needsApproval !== 'function') {
    return needsApproval ? { type: 'ask', reason: `${call.toolName} requires approval: its needsApproval is true` } : { type: 'allow', approved: false };
  }
  const failed = (why: string): Demand => ({ type: 'deny', reason: `${call.toolName}'s needsApproval ${why}, so the call did not run` });
  const run = await runStage(budget.signal, () =>
    (needsApproval as (input: unknown, options: unknown) => unknown)(copyOf(input), { toolCallId: call.toolCallId, messages: [...context.messages], context: undefined }),
  );
  if (run.status === 'stopped') {
    // the turn ended, or the call's budget was spent while the function ran: the call did not run
    return budget.timedOut() ? failed(`did not answer within ${budget.timeoutMs} ms`) : { stopped: 'permission check', ran: false };
  }
  if (run.status === 'threw') return failed(`failed: ${describeThrown(run.error)}`);
  if (!run.value) return { type: 'allow', approved: false };
  // the AI SDK asks on any truthy answer; the reason says when it was not `true`
  const answer = run.value === true ? 'true' : `${typeof run.value === 'symbol' ? 'a symbol' : describeThrown(run.value)} (not a boolean; a truthy answer asks)`;
  return { type: 'ask', reason: `${call.toolName} requires approval for this input: its needsApproval returned ${answer}` };
}

function copyOf(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
