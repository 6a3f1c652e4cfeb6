import type { ModelMessage } from 'ai';
import type { TurnCallAnswer, TurnToolCall } from '../../machines/turn-types.js';

/** A part of a message's content, read loosely: the caller's messages are data, not trusted shapes. */
type Part = { readonly type?: unknown; readonly [key: string]: unknown };

/**
 * Reads, from a new turn's messages, the answers to the calls an earlier turn left open (C27),
 * the way ai's `collectToolApprovals` reads them: when every message after the last assistant
 * message is a tool message, each call of that assistant message that has no tool result there
 * and carries a `tool-approval-request` gets the `tool-approval-response` to it (or `none`); a
 * call of a client-side tool (`isClientTool`: bound, without `execute`) gets the client's
 * `tool-result` as its output (or `none`). Nothing is trusted here: the answering step checks
 * each answer against the requests the runtime issued (answerOpenCall).
 *
 * `messages` is the transcript the turn starts with: the client's tool results for open calls are
 * taken out (the answering step gives the call its result), and so are, when no call is open,
 * approval responses that answer nothing (`streamText` would refuse them). Ids are read with Maps:
 * `__proto__` is an id like another. A call id repeated in the message counts once (the first).
 */
export function collectCallAnswers(options: {
  readonly messages: readonly ModelMessage[];
  readonly isClientTool: (toolName: string) => boolean;
}): { readonly messages: readonly ModelMessage[]; readonly calls: readonly TurnToolCall[] } {
  const { messages, isClientTool } = options;
  const unchanged = { messages, calls: [] };
  const lastAssistant = messages.findLastIndex((message) => message?.role === 'assistant');
  if (lastAssistant < 0) return unchanged;
  const trailing = messages.slice(lastAssistant + 1);
  const assistant = messages[lastAssistant]!;
  if (!trailing.every((message) => message?.role === 'tool') || !Array.isArray(assistant.content)) return unchanged;

  const requestsByCall = new Map<string, Part[]>();
  for (const part of assistant.content as readonly Part[]) {
    if (part?.type === 'tool-approval-request' && typeof part.toolCallId === 'string' && typeof part.approvalId === 'string') {
      requestsByCall.set(part.toolCallId, [...(requestsByCall.get(part.toolCallId) ?? []), part]);
    }
  }
  const resultsByCall = new Map<string, Part>();
  const responses = new Map<string, Part>();
  for (const part of trailing.flatMap((message) => (Array.isArray(message.content) ? (message.content as readonly Part[]) : []))) {
    if (part?.type === 'tool-result' && typeof part.toolCallId === 'string' && !resultsByCall.has(part.toolCallId)) resultsByCall.set(part.toolCallId, part);
    if (part?.type === 'tool-approval-response' && typeof part.approvalId === 'string' && !responses.has(part.approvalId)) responses.set(part.approvalId, part);
  }

  const calls: TurnToolCall[] = [];
  const taken = new Set<Part>();
  const seen = new Set<string>();
  for (const part of assistant.content as readonly Part[]) {
    if (part?.type !== 'tool-call' || part.providerExecuted === true || typeof part.toolCallId !== 'string' || typeof part.toolName !== 'string') continue;
    if (seen.has(part.toolCallId)) continue;
    seen.add(part.toolCallId);
    const answer = answerOf(part, { requestsByCall, resultsByCall, responses, isClientTool });
    if (answer === undefined) continue;
    if (answer.type === 'client-output') taken.add(resultsByCall.get(part.toolCallId)!);
    calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input, answer });
  }
  const keep = (item: Part) => !taken.has(item) && (calls.length > 0 || item?.type !== 'tool-approval-response');
  const rewritten = trailing.flatMap((message): ModelMessage[] => {
    const content = (message.content as readonly Part[]).filter(keep);
    if (content.length === message.content.length) return [message];
    return content.length === 0 ? [] : [{ ...message, content } as ModelMessage];
  });
  return { messages: [...messages.slice(0, lastAssistant + 1), ...rewritten], calls };
}

function answerOf(
  call: Part,
  found: {
    readonly requestsByCall: ReadonlyMap<string, readonly Part[]>;
    readonly resultsByCall: ReadonlyMap<string, Part>;
    readonly responses: ReadonlyMap<string, Part>;
    readonly isClientTool: (toolName: string) => boolean;
  },
): TurnCallAnswer | undefined {
  const toolCallId = call.toolCallId as string;
  const client = found.isClientTool(call.toolName as string);
  const result = found.resultsByCall.get(toolCallId);
  // a result for a tool the runtime runs itself is the runtime's own (an earlier step of that turn)
  if (result !== undefined) return client ? { type: 'client-output', output: result.output } : undefined;
  const requests = found.requestsByCall.get(toolCallId) ?? [];
  const request = requests.find((candidate) => found.responses.has(candidate.approvalId as string));
  if (request !== undefined) {
    const response = found.responses.get(request.approvalId as string)!;
    return {
      type: 'approval',
      approvalId: request.approvalId as string,
      approved: response.approved === true,
      ...(typeof response.reason === 'string' ? { reason: response.reason } : {}),
      ...(typeof request.signature === 'string' ? { signature: request.signature } : {}),
    };
  }
  if (requests.length > 0) return { type: 'none', approvalId: requests[0]!.approvalId as string };
  return client ? { type: 'none' } : undefined;
}
