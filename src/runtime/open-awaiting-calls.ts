import type { ModelMessage } from 'ai';
import type { TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { approvalInputDigest } from '../execution/approval-signature.js';
import { openCallId, openCallKey, type ApprovalStore } from '../execution/approval-store.js';
import { describeThrown } from '../errors/describe-thrown.js';
import { runStage } from '../execution/run-stage.js';
import { errorModelOutput } from '../execution/to-model-output.js';

/** True for a result that leaves its call open for a person (C27). */
export function isAwaiting(result: TurnToolResult): boolean {
  return result.outcome === 'awaiting-approval' || result.outcome === 'awaiting-client';
}

/**
 * Issues the requests of a step whose calls await a person (C27): each `awaiting-approval` and
 * `awaiting-client` call is recorded in the approval store (so only an answer to it counts, once),
 * and the step's assistant message — the transcript's last message — gets one
 * `tool-approval-request` part per call awaiting approval, after its other parts, as `streamText`
 * adds them: `{ type: 'tool-approval-request', approvalId, toolCallId, reason?, signature? }`.
 *
 * A store that throws makes that call an `error` result (nothing ran, the model reads why), so
 * the turn never waits for an answer nobody could give. Resolves `undefined` when `signal`
 * aborted (the turn ended).
 */
export async function openAwaitingCalls(options: {
  readonly results: readonly TurnToolResult[];
  readonly toolCalls: readonly TurnToolCall[];
  readonly turnId: string;
  readonly stepIndex: number;
  readonly store: ApprovalStore;
  readonly now: () => number;
  readonly signal: AbortSignal;
  /** The transcript so far; its last message is the step's assistant message. */
  readonly messages: readonly unknown[];
}): Promise<{ readonly results: TurnToolResult[]; readonly assistantMessage: unknown } | undefined> {
  const { turnId, stepIndex, store, signal } = options;
  const results: TurnToolResult[] = [];
  for (const result of options.results) {
    if (!isAwaiting(result)) {
      results.push(result);
      continue;
    }
    const call = options.toolCalls.find((candidate) => candidate.toolCallId === result.toolCallId);
    const kind = result.outcome === 'awaiting-approval' ? ('approval' as const) : ('client' as const);
    const inputDigest = approvalInputDigest(call?.input);
    const approvalId = result.approvalRequest?.approvalId ?? '';
    const id = kind === 'approval' ? openCallId({ kind, approvalId }) : openCallId({ kind, turnId, stepIndex, toolCallId: result.toolCallId });
    const key = kind === 'approval' ? openCallKey({ kind, approvalId }) : openCallKey({ kind, toolCallId: result.toolCallId, toolName: result.toolName, inputDigest });
    const issued = await runStage(signal, () =>
      store.issue({ id, key, kind, turnId, stepIndex, toolCallId: result.toolCallId, toolName: result.toolName, inputDigest, issuedAt: options.now() }),
    );
    if (issued.status === 'stopped') return undefined;
    if (issued.status === 'done') {
      results.push(result);
      continue;
    }
    const message = `${result.toolName} did not run: its ${kind === 'approval' ? 'approval request' : 'open client call'} could not be recorded (${describeThrown(issued.error)}).`;
    results.push({ toolCallId: result.toolCallId, toolName: result.toolName, outcome: 'error', output: message, modelOutput: errorModelOutput(message), durationMs: result.durationMs });
  }
  const requests = results.flatMap((result) =>
    result.outcome === 'awaiting-approval' && result.approvalRequest !== undefined ? [{ type: 'tool-approval-request' as const, toolCallId: result.toolCallId, ...result.approvalRequest }] : [],
  );
  const last = options.messages.at(-1) as ModelMessage | undefined;
  if (requests.length === 0 || last?.role !== 'assistant') return { results, assistantMessage: undefined };
  const content = typeof last.content === 'string' ? [{ type: 'text' as const, text: last.content }] : last.content;
  return { results, assistantMessage: { ...last, content: [...content, ...requests] } };
}
