import type { TurnStatus } from '../../machines/turn-types.js';
import type { TurnSnapshot } from './turn-snapshot.js';
import type { TurnError, TurnToolResult } from '../../machines/turn-types.js';
import type { LanguageModelUsage, ProviderMetadata, TextStreamPart, ToolSet } from 'ai';
import type { RankingDrops } from '../search/clean-ranking.js';
import type { SkipReason } from '../search/select-activations.js';

/**
 * The parts of `streamText`'s `fullStream` (ai 7) that carry what the model produced, exactly
 * as the SDK types them (`TextStreamPart`); on the turn's stream each also carries its
 * `stepIndex` and `attempt` (see {@link TurnStreamPart}).
 *
 * - `text-start` / `text-delta` / `text-end`: one text block, by `id` (`text-end` may carry
 *   the provider's `citations`).
 * - `reasoning-start` / `reasoning-delta` / `reasoning-end`: one reasoning block, by `id`. Its
 *   `providerMetadata` is what the provider needs to accept the block back on the next step
 *   (Anthropic's `signature` on a delta, `redactedData` on the start of a redacted block;
 *   OpenAI Responses' `itemId` and `reasoningEncryptedContent`); the transcript keeps it as the
 *   reasoning part's `providerOptions`, so the next step's request replays it unchanged.
 * - `reasoning-file`: a file the model produced as part of its reasoning.
 * - `source`: a source the model used (`sourceType` `url` with `url`, or `document` with
 *   `mediaType`), with its `id` and `title`.
 * - `file`: a file the model produced (`file.mediaType`, `file.base64`, `file.uint8Array`).
 * - `tool-input-start` / `tool-input-delta` / `tool-input-end`: a tool call's input as it
 *   streams, by `id` = the provider's call id (`toolName` canonical, as on `tool-call`). The
 *   `tool-call` part follows with the parsed input; a call id repeated in the step is renamed
 *   there only (`duplicateOf` names the id the input parts used). Providers that send a call
 *   whole send no input parts.
 * - `custom`: a provider-specific part (`kind` `<provider>.<name>`).
 * - `raw`: one unprocessed chunk of the provider's stream (`rawValue`); only with
 *   `includeRawChunks: true` (runtime option or per `send()`; default off).
 */
export type ModelOutputPart = Extract<
  TextStreamPart<ToolSet>,
  {
    type:
      | 'text-start'
      | 'text-delta'
      | 'text-end'
      | 'reasoning-start'
      | 'reasoning-delta'
      | 'reasoning-end'
      | 'reasoning-file'
      | 'source'
      | 'file'
      | 'tool-input-start'
      | 'tool-input-delta'
      | 'tool-input-end'
      | 'custom'
      | 'raw';
  }
>;

/**
 * What the SDK's `start-step` and `finish-step` parts say about one provider response: the
 * request (`url`, `body`) and warnings, the response metadata (`id`, `modelId`, `timestamp`,
 * `headers`), its `usage` (tokens of this response), `rawFinishReason` (the provider's own
 * finish reason), `providerMetadata` and `performance` (tokens per second). `request.body` is
 * the wire body as sent (on OpenAI's Responses API `tool_search` is `turnscope_tool_search`
 * there, as in `raw` parts); everything else uses canonical names.
 */
export interface StepResponse {
  readonly request: Extract<TextStreamPart<ToolSet>, { type: 'start-step' }>['request'];
  readonly warnings: Extract<TextStreamPart<ToolSet>, { type: 'start-step' }>['warnings'];
  readonly response: Extract<TextStreamPart<ToolSet>, { type: 'finish-step' }>['response'];
  readonly usage: LanguageModelUsage;
  readonly rawFinishReason: string | undefined;
  readonly providerMetadata: ProviderMetadata | undefined;
  readonly performance: Extract<TextStreamPart<ToolSet>, { type: 'finish-step' }>['performance'];
}

/**
 * One typed part of a turn's `stream`, in the order things happened. Every part but
 * `turn-end` carries the 0-based `stepIndex` it belongs to. It carries every part of
 * `streamText`'s `fullStream` (ai 7) in turnscope's shape: `start-step` / `finish-step` are
 * `step-start` / `step-end`, `start` / `finish` / `abort` / `error` are `turn-end` (with the
 * turn's usage and error), a tool's `tool-result` / `tool-error` / `tool-output-denied` is
 * turnscope's `tool-result` (its `outcome` says which). `ping` and `steering-message` are not
 * passed on.
 *
 * - `step-start`: a provider request is about to be sent; `visible` is its frozen tool list
 *   in request order, `schemaChars` the characters of each visible definition (C21).
 * - a {@link ModelOutputPart} (`text-*`, `reasoning-*`, `source`, `file`, `tool-input-*`,
 *   `custom`, `raw`): what the model streamed, with the `attempt` of the request it came from
 *   (1, then 2 for the first retry, …).
 * - `tool-call`: the model called a tool (the name may be hidden or unknown); with
 *   `parentToolCallId`, the code of that `exec` call did (code mode). `unparsableInput`: the
 *   input was not valid JSON (`input` is the raw text). `duplicateOf`: an earlier call of the
 *   step had this provider id, so this one is `<id>_dup<n>` and does not run.
 * - `tool-result`: the call crossed the execution pipeline; `outcome` says how it ended
 *   (`parentToolCallId` as on `tool-call`).
 * - `search`: a search finished (C21): query, limits, ranked, activated, skipped; `origin`
 *   `prefetch` for the one the runtime ran before step 0 (C25, `toolCallId` `'prefetch'`).
 * - `activation`: names a search added to `pending`; visible from the next step on (C13).
 * - `retry`: the provider request `attempt` of step `stepIndex` failed with a retryable error
 *   and is abandoned; attempt `attempt + 1` comes after `delayMs`, from a new `step-start`.
 *   Everything the abandoned attempt streamed (the model output parts with this `stepIndex`
 *   and `attempt`: text, reasoning, tool input) is not part of the answer: a UI drops it
 *   (turnscope/ui sends `reset-step`). No tool call of an abandoned attempt is recorded or run.
 *   A block the abandoned attempt opened and the provider never closed gets its
 *   `reasoning-end` / `text-end` / `tool-input-end` part (same `stepIndex` and `attempt`)
 *   before the `retry` part.
 *   Only a retried attempt is abandoned. The last attempt of a turn that ends before that
 *   attempt's `step-end` (failed: `model-error`, `retries-exhausted`; or `cancelled` while the
 *   model streamed) gets no `retry` part: what it streamed stays, as the user saw it, next to
 *   the turn's error — as `streamText`'s UI stream keeps a failed request's partial text beside
 *   its `error` chunk, and the SDK's chat core shows both. Its open blocks get their `*-end`
 *   parts before `turn-end`; its text is not in `result.text`, `result.steps` or
 *   `result.messages` (no step was answered), and none of its tool calls is recorded or run.
 * - `step-end`: the step settled (after its tool results). `finishReason` is the unified one
 *   (`stop`, `tool-calls`, `length`, …); the fields of {@link StepResponse} describe the
 *   response of the attempt that succeeded (absent only when that request was not made by this
 *   runtime's `streamText`, e.g. a test seam). `snapshot` is the turn's state at that step
 *   boundary (C28), to continue it elsewhere with `runtime.resume({ snapshot, model })`;
 *   absent on the step the turn ended with. It is converted to JSON when first read.
 * - `turn-end`: the turn reached a final state (same data as `result`'s status, reason, usage
 *   summed over every request, and error for `failed` and `cancelled`).
 */
export type TurnStreamPart =
  | {
      type: 'step-start';
      stepIndex: number;
      attempt: number;
      visible: readonly string[];
      schemaChars: Readonly<Record<string, number>>;
    }
  | ({ stepIndex: number; attempt: number } & ModelOutputPart)
  | { type: 'tool-call'; stepIndex: number; toolCallId: string; toolName: string; input: unknown; parentToolCallId?: string; unparsableInput?: boolean; duplicateOf?: string }
  | ({ type: 'tool-result'; stepIndex: number; parentToolCallId?: string } & TurnToolResult)
  | ({ type: 'search'; stepIndex: number; toolCallId: string } & SearchRecord)
  | { type: 'activation'; stepIndex: number; names: readonly string[] }
  | { type: 'retry'; stepIndex: number; attempt: number; delayMs: number; error: string }
  | ({ type: 'step-end'; stepIndex: number; finishReason: string; readonly snapshot?: TurnSnapshot } & Partial<StepResponse>)
  | { type: 'turn-end'; status: TurnStatus; reason: string; usage: LanguageModelUsage; error?: TurnError };

/** What one `tool_search` call did (C21). */
export interface SearchRecord {
  /**
   * Who searched: `model` (a `tool_search` call) or `prefetch` (the runtime, with the user's
   * latest message, before step 0: C25).
   */
  readonly origin: 'model' | 'prefetch';
  readonly query: string;
  /** The limit the model asked for; `undefined` when it gave none. */
  readonly requestedLimit: number | undefined;
  /** The limit used after applying the default and clamping to the maximum (C10). */
  readonly effectiveLimit: number;
  /**
   * Names in rank order with their scores (higher is better), before the walk of C10, each with
   * its `nameCoverage` (0–1) when the ranker gave it (the default ranker does for the matches it
   * scores): what lowered its relevance floor (C24, `search.relevanceFloorNameWeight`).
   */
  readonly ranked: readonly { readonly name: string; readonly score: number; readonly nameCoverage?: number }[];
  /** Names the search returned and activated (already-active matches included). */
  readonly activated: readonly string[];
  /**
   * Matches the walk did not activate, with the reason: `oversize` and `budget` (C10),
   * `below-relevance-floor` (C24: scored below `search.relevanceFloor` of the best match).
   */
  readonly skipped: readonly { readonly name: string; readonly reason: SkipReason }[];
  /** Characters of the complete definitions this search newly activated. */
  readonly schemaCharsActivated: number;
  /**
   * What was dropped from the ranker's answer before the walk: malformed entries, names no tool
   * has, repeats, entries past what was asked. Absent when the answer was clean.
   */
  readonly rankerDrops?: RankingDrops;
  /**
   * In `search.mode: 'confirm'`: the names the search offered for `select:` instead of
   * activating them (nothing else is activated). `undefined` in `'load'` mode.
   */
  readonly candidates?: readonly string[];
  readonly durationMs: number;
  /**
   * Why the search activated nothing without ranking: set only for a prefetch (C25) whose ranker
   * threw, rejected, did not answer within the search's timeout, or was cut short by the turn's
   * cancellation. `undefined` for a search that ran.
   */
  readonly failure?: string;
}
