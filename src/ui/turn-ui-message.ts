import type { LanguageModelUsage, UIMessage, UIMessageChunk } from 'ai';
import type { TurnFinishReason, TurnStatus } from '../../machines/turn-types.js';
import type { SearchRecord } from '../runtime/turn-stream-part.js';

/**
 * The `metadata` of the assistant message a turn streams (AI SDK message metadata, sent on the
 * `start` and `finish` chunks and merged by the chat client).
 *
 * - `turnId`: the turn's id (`turn.turnId`, `result.turnId`), on `start` already.
 * - `status`: `'running'` from `start` until `finish`, then how the turn ended.
 * - `reason`: why it ended (`stop`, `max-steps`, `model-error`, …); `undefined` while running.
 * - `usage`: tokens summed over every provider request of the turn (`result.usage`);
 *   `undefined` while running.
 */
export interface TurnUIMessageMetadata {
  readonly turnId: string;
  readonly status: 'running' | TurnStatus;
  readonly reason?: TurnFinishReason;
  readonly usage?: LanguageModelUsage;
}

/**
 * The data parts a turn streams besides the SDK's own chunks (`data-<name>` in a UI message):
 *
 * - `tool-search` (kept in the message; `id` `search-<stepIndex>-<toolCallId>`): what one search
 *   did — the {@link SearchRecord} (query, ranked, activated, skipped, …, C21) with its
 *   `stepIndex` and `toolCallId` (`'prefetch'` for the runtime's prefetch, C25). The
 *   `tool_search` call itself is also an ordinary tool part with its `{ activated }` output.
 * - `tool-activation` (transient: delivered to `onData`, never kept in the message): names a
 *   search added to `pending`, callable from step `stepIndex + 1` on (C13).
 * - `turn-retry` (transient): a provider request of step `stepIndex` failed with a retryable
 *   error on attempt `attempt`; the next one comes after `delayMs` ms. The failed attempt's text
 *   was removed from the message (a `reset-step` chunk) just before. A turn's last attempt is
 *   never retried, so its partial text stays when the turn fails (with the `error` chunk).
 * - `nested-tool-call` (kept; `id` `nested-<stepIndex>-<toolCallId>`): a call made by the code of
 *   an `exec` call in code mode (`parentToolCallId`), with its `outcome` and `output` once it
 *   finished. Not a tool part, so it never becomes a tool call the model did not make when
 *   the message goes back as history.
 */
export type TurnUIDataTypes = {
  'tool-search': SearchRecord & { readonly stepIndex: number; readonly toolCallId: string };
  'tool-activation': { readonly stepIndex: number; readonly names: readonly string[] };
  'turn-retry': { readonly stepIndex: number; readonly attempt: number; readonly delayMs: number; readonly error: string };
  'nested-tool-call': {
    readonly stepIndex: number;
    readonly parentToolCallId: string;
    readonly toolCallId: string;
    readonly toolName: string;
    readonly input: unknown;
    readonly outcome?: string;
    readonly output?: unknown;
  };
};

/** A UI message of a turnscope chat: the SDK's `UIMessage` with turnscope's metadata and data parts. */
export type TurnUIMessage = UIMessage<TurnUIMessageMetadata, TurnUIDataTypes>;

/** One chunk of a turn's UI message stream: the SDK's `UIMessageChunk` typed for {@link TurnUIMessage}. */
export type TurnUIMessageChunk = UIMessageChunk<TurnUIMessageMetadata, TurnUIDataTypes>;
