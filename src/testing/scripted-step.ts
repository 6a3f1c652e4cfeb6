import type { LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';

/** One tool call a scripted step makes. */
export interface ScriptedToolCall {
  readonly toolName: string;
  /** An object (sent as JSON) or a raw string (sent as is, e.g. to test malformed JSON). */
  readonly input: unknown;
  /** Default: `call-<step>-<index>`. */
  readonly toolCallId?: string;
}

/**
 * What the scripted model answers to one request. `toolCalls` and `text` may be combined;
 * `error` makes the request fail (e.g. an `APICallError` with `isRetryable: true`);
 * `delayMs` waits before answering (aborted with the request's signal). `parts` are provider
 * stream parts (`LanguageModelV4StreamPart`: reasoning, sources, files, tool-input deltas,
 * `raw` chunks, an `error`, …) streamed as given, before `text` and `toolCalls`.
 */
export interface ScriptedStep {
  readonly parts?: readonly LanguageModelV4StreamPart[];
  readonly toolCalls?: readonly ScriptedToolCall[];
  readonly text?: string;
  readonly error?: unknown;
  readonly delayMs?: number;
}

/** What the scripted model saw in one request, recorded in order. */
export interface RecordedRequest {
  /** 0-based index of the request (retries count as requests). */
  readonly index: number;
  /** Names of the tools whose complete definitions the request carried, in request order. */
  readonly toolNames: readonly string[];
  /** The complete function-tool definitions as the provider would receive them. */
  readonly tools: readonly { readonly name: string; readonly description?: string; readonly inputSchema: unknown }[];
  /** The prompt messages of the request. */
  readonly prompt: LanguageModelV4CallOptions['prompt'];
}

/** A step given as data, or computed from the request (e.g. to react to what is visible). */
export type ScriptedStepSource = ScriptedStep | ((request: RecordedRequest) => ScriptedStep);
