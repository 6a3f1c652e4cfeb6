import { ownValue } from '../catalog/own-value.js';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { EXEC_TOOL_NAME } from '../code-mode/code-mode-options.js';

/** One earlier tool call and how it ended, as the model can read it from its prompt. */
export interface TranscriptCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  /**
   * `undefined` while no result is in the prompt. `denied`: the output is `execution-denied`
   * (a person or the permission check said no; `text` is the reason, if any).
   */
  readonly result: { readonly ok: boolean; readonly text: string; readonly value: unknown; readonly denied?: boolean } | undefined;
}

/** What the prompt says about the turn so far. */
export interface DemoTranscript {
  /** 0-based index of the step being requested: the number of assistant messages so far. */
  readonly stepIndex: number;
  /** Every tool call of earlier steps, in order, with its result. */
  readonly calls: readonly TranscriptCall[];
  /** Queries of earlier `tool_search` calls, in order. */
  readonly searchedQueries: readonly string[];
  /** Names earlier `tool_search` results reported as activated, in order, deduplicated. */
  readonly activated: readonly string[];
}

/**
 * Reads the earlier steps out of a provider prompt: assistant tool calls joined to their
 * tool results. A result is not ok when its output is `error-text`, `error-json` or
 * `execution-denied`. An `exec` call (code mode) is followed by one entry per tool its code
 * called (`<id>/<n>`), from the `calls` of its result, with the output its code returned under
 * that tool's name; a failed `exec` counts as a failed call of each tool its code names.
 */
export function readDemoTranscript(prompt: LanguageModelV4Prompt): DemoTranscript {
  const calls = new Map<string, { toolCallId: string; toolName: string; input: unknown; result?: TranscriptCall['result'] }>();
  let stepIndex = 0;
  for (const message of prompt) {
    if (message.role === 'assistant') {
      stepIndex += 1;
      for (const part of message.content) {
        if (part.type === 'tool-call') {
          calls.set(part.toolCallId, { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
        }
      }
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type !== 'tool-result') continue;
        const call = calls.get(part.toolCallId);
        if (call === undefined) continue;
        const output = part.output;
        const ok = output.type !== 'error-text' && output.type !== 'error-json' && output.type !== 'execution-denied';
        const value = 'value' in output ? output.value : undefined;
        call.result =
          output.type === 'execution-denied'
            ? { ok, text: output.reason ?? '', value, denied: true }
            : { ok, text: outputText(value), value };
      }
    }
  }
  const all = [...calls.values()].flatMap((call): TranscriptCall[] => [{ ...call, result: call.result }, ...nestedCalls(call)]);
  const searches = all.filter((call) => call.toolName === 'tool_search');
  const activated = new Set<string>();
  for (const search of searches) {
    const names = (search.result?.value as { activated?: unknown } | undefined)?.activated;
    if (search.result?.ok === true && Array.isArray(names)) {
      for (const name of names) if (typeof name === 'string') activated.add(name);
    }
  }
  return {
    stepIndex,
    calls: all,
    searchedQueries: searches.map((search) => String((search.input as { query?: unknown } | null)?.query ?? '')),
    activated: [...activated],
  };
}

/** The calls an `exec` call's code made, as its result tells them. */
function nestedCalls(call: { toolCallId: string; toolName: string; input: unknown; result?: TranscriptCall['result'] }): TranscriptCall[] {
  if (call.toolName !== EXEC_TOOL_NAME || call.result === undefined) return [];
  if (!call.result.ok) {
    const code = String((call.input as { code?: unknown } | null)?.code ?? '');
    const named = [...new Set([...code.matchAll(/tools(?:\.([\w$]+)|\["([^"]+)"\])\(/g)].map((match) => match[1] ?? match[2]!))];
    return named.map((toolName, index) => ({
      toolCallId: `${call.toolCallId}/${index + 1}`,
      toolName,
      input: undefined,
      result: { ok: false, text: call.result!.text, value: undefined },
    }));
  }
  const view = call.result.value as { result?: Record<string, unknown>; calls?: { tool?: unknown; outcome?: unknown; error?: unknown }[] } | undefined;
  return (view?.calls ?? []).map((nested, index) => {
    const toolName = String(nested.tool);
    const ok = nested.outcome === 'ok';
    const value = ok ? ownValue(view?.result, toolName) : nested.error;
    return { toolCallId: `${call.toolCallId}/${index + 1}`, toolName, input: undefined, result: { ok, text: outputText(value), value } };
  });
}

/** The text of a tool output value: a string, the text parts of MCP content, else its JSON. */
function outputText(value: unknown): string {
  if (typeof value === 'string') return value;
  const content = (value as { content?: unknown } | null | undefined)?.content;
  if (Array.isArray(content)) return outputText(content);
  if (Array.isArray(value)) {
    return value
      .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part ? String(part.text) : ''))
      .filter((text) => text !== '')
      .join('\n');
  }
  return value === undefined ? '' : JSON.stringify(value);
}
