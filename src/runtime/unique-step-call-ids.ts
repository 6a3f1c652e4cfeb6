import type { ModelStepOutput, TurnToolCall } from '../../machines/turn-types.js';

/**
 * Makes the tool call ids of one provider step unique, so every call of the step gets exactly
 * one result under its own id and the next request is one every provider accepts (Anthropic
 * rejects two `tool_result` blocks for one `tool_use` id; OpenAI's Chat and Responses APIs
 * expect each call id answered once).
 *
 * The first call with an id keeps it. Each later call of the same step with that id (some
 * OpenAI-compatible servers number calls per response, or send one call twice) is renamed to
 * `<id>_dup<n>` (`n` = 2 for the second occurrence, raised until no call of the step has the
 * id; the suffix keeps ids within Anthropic's `[a-zA-Z0-9_-]`) and marked `duplicateOf: <id>`:
 * the runtime answers it with a tool error and never runs it. Its tool-call part in the
 * assistant message is renamed the same way (the k-th part with an id is the k-th call with
 * it), so the transcript pairs each call with its result. Ids repeated in another step are
 * left alone: a call is identified by turn, step and call id (C29). A step without repeated
 * ids is returned as it is.
 */
export function uniqueStepCallIds<T extends ModelStepOutput>(step: T): T {
  const taken = new Set(step.toolCalls.map((call) => call.toolCallId));
  if (taken.size === step.toolCalls.length) return step;
  /** Per original id: the id of each of its occurrences, in order. */
  const renamed = new Map<string, string[]>();
  const toolCalls: TurnToolCall[] = step.toolCalls.map((call) => {
    const ids = renamed.get(call.toolCallId) ?? [];
    renamed.set(call.toolCallId, ids);
    if (ids.length === 0) {
      ids.push(call.toolCallId);
      return call;
    }
    let n = ids.length + 1;
    while (taken.has(`${call.toolCallId}_dup${n}`)) n += 1;
    const id = `${call.toolCallId}_dup${n}`;
    taken.add(id);
    ids.push(id);
    return { ...call, toolCallId: id, duplicateOf: call.toolCallId };
  });
  const seen = new Map<string, number>();
  const responseMessages = step.responseMessages.map((message) => {
    const content = (message as { role?: unknown; content?: unknown }).content;
    if ((message as { role?: unknown }).role !== 'assistant' || !Array.isArray(content)) return message;
    return {
      ...(message as object),
      content: content.map((part: unknown) => {
        const toolCall = part as { type?: unknown; toolCallId?: unknown };
        if (toolCall.type !== 'tool-call' || typeof toolCall.toolCallId !== 'string') return part;
        const occurrence = seen.get(toolCall.toolCallId) ?? 0;
        seen.set(toolCall.toolCallId, occurrence + 1);
        const id = renamed.get(toolCall.toolCallId)?.[occurrence];
        return id === undefined || id === toolCall.toolCallId ? part : { ...toolCall, toolCallId: id };
      }),
    };
  });
  return { ...step, toolCalls, responseMessages };
}
