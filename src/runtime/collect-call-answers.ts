import { toolModelMessageSchema, type ModelMessage } from 'ai';
import type { TurnCallAnswer, TurnToolCall } from '../../machines/turn-types.js';

/** A part of a message's content, read loosely: the caller's messages are data, not trusted shapes. */
type Part = { readonly type?: unknown; readonly [key: string]: unknown };

/**
 * Reads, from a new turn's messages, the answers to the calls an earlier turn left open (C27),
 * the way ai's `collectToolApprovals` reads them: when every message after the last assistant
 * message is a tool message, each call of that assistant message that carries a
 * `tool-approval-request` gets the `tool-approval-response` to it (or `none`; a `tool-result` for
 * it instead is `refused`: an approval, not a result, settles it; so are responses to one request
 * that both approve and deny it, and one whose `approved` is not a boolean); a call of a
 * client-side tool (`isClientTool`: bound, without `execute`) gets the client's `tool-result` as
 * its output (or `none`; `refused` when that output is not an AI SDK `ToolResultOutput` of JSON
 * data, as ai's `toolModelMessageSchema` checks it: `null`, an unknown `type`, a function, a
 * BigInt, a cycle); a call whose input in the messages is not JSON data (a cycle, a BigInt) is
 * `refused` with its input left out (`null`), since the turn's state must stay serialisable
 * (C28); a `tool-result` for a call of a tool that neither runs here nor is a client tool
 * (`isKnownTool` false: e.g. the send left out `clientTools`) is `refused`, and so is one for a
 * tool the runtime runs when no call of that assistant message is open (an earlier turn that ended
 * awaiting a person left its other calls' results there; otherwise the messages claim a run that
 * never happened — a transcript that ended at `maxSteps` and is sent again without a new user
 * message included). Nothing is trusted here:
 * the answering step checks each answer against the requests the runtime issued (answerOpenCall).
 *
 * `messages` is the transcript the turn starts with: every tool result for an answered call is
 * taken out (the answering step gives the call its one result), a second result for one call id is
 * dropped (providers refuse duplicates), and so is a result whose call id is no call of the last
 * assistant message (providers refuse a result without its call), and so are, when no call is answered, approval responses
 * that answer nothing (`streamText` would refuse them). When the messages after the assistant
 * message are not all tool messages (the client wrote a new user message), each call there without
 * a result gets a tool error result, in a tool message right after the assistant's tool messages,
 * so the transcript stays valid and the turn goes on. Ids are read with Maps: `__proto__` is an id
 * like another. A call id repeated in the message counts once (the first).
 */
export function collectCallAnswers(options: {
  readonly messages: readonly ModelMessage[];
  readonly isClientTool: (toolName: string) => boolean;
  /** True for a tool that runs in this request (bound, `tool_search`, `exec`); default: every tool. */
  readonly isKnownTool?: (toolName: string) => boolean;
}): { readonly messages: readonly ModelMessage[]; readonly calls: readonly TurnToolCall[] } {
  const { messages, isClientTool } = options;
  const isKnownTool = options.isKnownTool ?? (() => true);
  const unchanged = { messages, calls: [] };
  const lastAssistant = messages.findLastIndex((message) => message?.role === 'assistant');
  if (lastAssistant < 0) return unchanged;
  const trailing = messages.slice(lastAssistant + 1);
  const assistant = messages[lastAssistant]!;
  const assistantContent = Array.isArray(assistant.content) ? (assistant.content as readonly Part[]) : [];
  // a result for a call id the assistant message did not make would make the provider refuse the request
  const withoutOrphans = withoutOrphanResults(messages, lastAssistant, assistantContent);
  if (!Array.isArray(assistant.content)) return withoutOrphans === messages ? unchanged : { messages: withoutOrphans, calls: [] };
  const callParts = uniqueCalls(assistantContent);
  const firstOther = trailing.findIndex((message) => message?.role !== 'tool');
  if (firstOther >= 0) return withMissingResults(withoutOrphans, lastAssistant + 1 + firstOther, callParts);

  const requestsByCall = new Map<string, Part[]>();
  for (const part of assistant.content as readonly Part[]) {
    if (part?.type === 'tool-approval-request' && typeof part.toolCallId === 'string' && typeof part.approvalId === 'string') {
      requestsByCall.set(part.toolCallId, [...(requestsByCall.get(part.toolCallId) ?? []), part]);
    }
  }
  const resultsByCall = new Map<string, Part>();
  const responses = new Map<string, Part[]>();
  const duplicates = new Set<Part>();
  const keptTrailing = withoutOrphans.slice(lastAssistant + 1);
  for (const part of keptTrailing.flatMap((message) => (Array.isArray(message.content) ? (message.content as readonly Part[]) : []))) {
    if (part?.type === 'tool-result' && typeof part.toolCallId === 'string') {
      if (resultsByCall.has(part.toolCallId)) duplicates.add(part);
      else resultsByCall.set(part.toolCallId, part);
    }
    if (part?.type === 'tool-approval-response' && typeof part.approvalId === 'string') responses.set(part.approvalId, [...(responses.get(part.approvalId) ?? []), part]);
  }

  // results for the runtime's own tools are its own only beside calls it left open (the step that ended the earlier turn)
  const leftOpen = requestsByCall.size > 0 || callParts.some((part) => isClientTool(part.toolName as string));
  const calls: TurnToolCall[] = [];
  for (const part of callParts) {
    const answer = answerOf(part, { requestsByCall, resultsByCall, responses, isClientTool, isKnownTool, leftOpen });
    if (answer === undefined) continue;
    // the turn's state holds the call (C28): an input that is not JSON data stays out of it
    const jsonInput = isJsonData(part.input);
    calls.push({
      toolCallId: part.toolCallId as string,
      toolName: part.toolName as string,
      input: jsonInput ? part.input : null,
      answer: jsonInput ? answer : { type: 'refused', why: 'its input in the messages is not JSON data (a cycle, a BigInt, …), so it matches no call this runtime left open' },
    });
  }
  const answered = new Set(calls.map((call) => call.toolCallId));
  const keep = (item: Part) =>
    !duplicates.has(item) && !(item?.type === 'tool-result' && answered.has(item.toolCallId as string)) && (calls.length > 0 || item?.type !== 'tool-approval-response');
  const rewritten = keptTrailing.flatMap((message): ModelMessage[] => {
    const content = (message.content as readonly Part[]).filter(keep);
    if (content.length === message.content.length) return [message];
    return content.length === 0 ? [] : [{ ...message, content } as ModelMessage];
  });
  return { messages: [...messages.slice(0, lastAssistant + 1), ...rewritten], calls };
}

/** The assistant message's tool calls the runtime would run (not provider-executed), each id once (the first). */
function uniqueCalls(content: readonly Part[]): Part[] {
  const seen = new Set<string>();
  return content.filter((part) => {
    if (part?.type !== 'tool-call' || part.providerExecuted === true || typeof part.toolCallId !== 'string' || typeof part.toolName !== 'string') return false;
    if (seen.has(part.toolCallId)) return false;
    seen.add(part.toolCallId);
    return true;
  });
}

/** Gives each call with no result before message `at` (a message that is not a tool message) a tool error result, in a tool message inserted there. */
function withMissingResults(messages: readonly ModelMessage[], at: number, callParts: readonly Part[]): { readonly messages: readonly ModelMessage[]; readonly calls: readonly TurnToolCall[] } {
  const answered = new Set(
    messages
      .slice(0, at)
      .filter((message) => message?.role === 'tool' && Array.isArray(message.content))
      .flatMap((message) => (message.content as readonly Part[]).filter((part) => part?.type === 'tool-result').map((part) => part.toolCallId)),
  );
  const missing = callParts.filter((part) => !answered.has(part.toolCallId));
  if (missing.length === 0) return { messages, calls: [] };
  const results = missing.map((part) => ({
    type: 'tool-result' as const,
    toolCallId: part.toolCallId as string,
    toolName: part.toolName as string,
    output: { type: 'error-text' as const, value: `${String(part.toolName)} did not run: the request answered its call with a new message, not with a result or an approval; call it again if it is still needed.` },
  }));
  return { messages: [...messages.slice(0, at), { role: 'tool', content: results }, ...messages.slice(at)], calls: [] };
}

function answerOf(
  call: Part,
  found: {
    readonly requestsByCall: ReadonlyMap<string, readonly Part[]>;
    readonly resultsByCall: ReadonlyMap<string, Part>;
    readonly responses: ReadonlyMap<string, readonly Part[]>;
    readonly isClientTool: (toolName: string) => boolean;
    readonly isKnownTool: (toolName: string) => boolean;
    readonly leftOpen: boolean;
  },
): TurnCallAnswer | undefined {
  const toolCallId = call.toolCallId as string;
  const toolName = call.toolName as string;
  const client = found.isClientTool(toolName);
  const result = found.resultsByCall.get(toolCallId);
  const requests = found.requestsByCall.get(toolCallId) ?? [];
  const request = requests.find((candidate) => found.responses.has(candidate.approvalId as string));
  if (request !== undefined) {
    const answers = found.responses.get(request.approvalId as string)!;
    const shown = JSON.stringify(request.approvalId);
    if (answers.some((candidate) => typeof candidate.approved !== 'boolean')) {
      return { type: 'refused', why: `a tool-approval-response to approval request ${shown} has an \`approved\` that is not true or false, so it neither approves nor denies; answer it again` };
    }
    if (new Set(answers.map((candidate) => candidate.approved)).size > 1) {
      return { type: 'refused', why: `the request carried tool-approval-responses to approval request ${shown} that both approved and denied it, so none counts; answer it again with one` };
    }
    const response = answers[0]!;
    return {
      type: 'approval',
      approvalId: request.approvalId as string,
      approved: response.approved === true,
      ...(typeof response.reason === 'string' ? { reason: response.reason } : {}),
      ...(typeof request.signature === 'string' ? { signature: request.signature } : {}),
    };
  }
  if (requests.length > 0) {
    const approvalId = requests[0]!.approvalId as string;
    if (result === undefined) return { type: 'none', approvalId };
    return { type: 'refused', why: `the request carried a tool-result for it, but it awaits approval request ${JSON.stringify(approvalId)}: an approval, not a result, was expected` };
  }
  if (client) {
    if (result === undefined) return { type: 'none' };
    if (!isToolResultOutput(result)) {
      return { type: 'refused', why: "the output the client sent for it is not an AI SDK tool output (e.g. { type: 'json', value } of JSON data, or { type: 'text', value: string }), so it does not count; send a valid output for this call" };
    }
    return { type: 'client-output', output: result.output };
  }
  if (result !== undefined && !found.isKnownTool(toolName)) {
    return { type: 'refused', why: `no tool ${JSON.stringify(toolName)} runs in this request and this runtime left no call of it open for the client, so a result sent for it does not count` };
  }
  if (result !== undefined && !found.leftOpen) {
    return { type: 'refused', why: 'this runtime left no call of that assistant message open, so a result sent after it is not one this runtime produced; call it again if it is still needed' };
  }
  // a result for a tool the runtime runs itself is the runtime's own (an earlier step of that turn)
  return undefined;
}

/** The messages with every `tool-result` after the last assistant message whose call id is no call of it taken out (a tool message left empty goes too). */
function withoutOrphanResults(messages: readonly ModelMessage[], lastAssistant: number, assistantContent: readonly Part[]): readonly ModelMessage[] {
  const callIds = new Set(assistantContent.filter((part) => part?.type === 'tool-call' && typeof part.toolCallId === 'string').map((part) => part.toolCallId as string));
  const isOrphan = (part: Part) => part?.type === 'tool-result' && !(typeof part.toolCallId === 'string' && callIds.has(part.toolCallId));
  const trailing = messages.slice(lastAssistant + 1);
  if (!trailing.some((message) => message?.role === 'tool' && Array.isArray(message.content) && (message.content as readonly Part[]).some(isOrphan))) return messages;
  const kept = trailing.flatMap((message): ModelMessage[] => {
    if (message?.role !== 'tool' || !Array.isArray(message.content)) return [message];
    const content = (message.content as readonly Part[]).filter((part) => !isOrphan(part));
    if (content.length === message.content.length) return [message];
    return content.length === 0 ? [] : [{ ...message, content } as ModelMessage];
  });
  return [...messages.slice(0, lastAssistant + 1), ...kept];
}

/** True when `value` has a JSON form (no cycle, no BigInt, no getter that throws). */
function isJsonData(value: unknown): boolean {
  try {
    JSON.stringify(value);
    return true;
  } catch {
    return false;
  }
}

/** True for a `tool-result` part whose `output` is an AI SDK `ToolResultOutput` of JSON data (ai's own `toolModelMessageSchema`). */
function isToolResultOutput(result: Part): boolean {
  // a cycle would send the schema's recursion into a stack overflow: JSON form first
  if (!isJsonData(result.output)) return false;
  try {
    return toolModelMessageSchema.safeParse({ role: 'tool', content: [{ type: 'tool-result', toolCallId: result.toolCallId, toolName: result.toolName, output: result.output }] }).success;
  } catch {
    return false;
  }
}
