import type { TurnStatus } from '../../machines/turn-types.js';
import type { TurnSnapshot } from './turn-snapshot.js';
import type { TurnToolResult } from '../../machines/turn-types.js';
import type { RankingDrops } from '../search/clean-ranking.js';
import type { SkipReason } from '../search/select-activations.js';

/**
 * One typed part of a turn's `stream`, in the order things happened. Every part carries
 * the 0-based `stepIndex` it belongs to.
 *
 * - `step-start`: a provider request is about to be sent; `visible` is its frozen tool list
 *   in request order, `schemaChars` the characters of each visible definition (C21).
 * - `text-delta`: text streamed by the model, with the `attempt` of the request it came from:
 *   when a `retry` part follows, drop that step's text of the failed attempt.
 * - `tool-call`: the model called a tool (the name may be hidden or unknown); with
 *   `parentToolCallId`, the code of that `exec` call did (code mode). `unparsableInput`: the
 *   input was not valid JSON (`input` is the raw text). `duplicateOf`: an earlier call of the
 *   step had this provider id, so this one is `<id>_dup<n>` and does not run.
 * - `tool-result`: the call crossed the execution pipeline; `outcome` says how it ended
 *   (`parentToolCallId` as on `tool-call`).
 * - `search`: a search finished (C21): query, limits, ranked, activated, skipped; `origin`
 *   `prefetch` for the one the runtime ran before step 0 (C25, `toolCallId` `'prefetch'`).
 * - `activation`: names a search added to `pending`; visible from the next step on (C13).
 * - `retry`: a provider request failed with a retryable error; the next attempt comes after `delayMs`.
 * - `step-end`: the step settled. `snapshot` is the turn's state at that step boundary (C28), to
 *   continue it elsewhere with `runtime.resume({ snapshot, model })`; absent on the step the
 *   turn ended with. It is converted to JSON when first read.
 * - `turn-end`: the turn reached a final state (same data as `result`'s status and reason).
 */
export type TurnStreamPart =
  | {
      type: 'step-start';
      stepIndex: number;
      attempt: number;
      visible: readonly string[];
      schemaChars: Readonly<Record<string, number>>;
    }
  | { type: 'text-delta'; stepIndex: number; attempt: number; text: string }
  | { type: 'tool-call'; stepIndex: number; toolCallId: string; toolName: string; input: unknown; parentToolCallId?: string; unparsableInput?: boolean; duplicateOf?: string }
  | ({ type: 'tool-result'; stepIndex: number; parentToolCallId?: string } & TurnToolResult)
  | ({ type: 'search'; stepIndex: number; toolCallId: string } & SearchRecord)
  | { type: 'activation'; stepIndex: number; names: readonly string[] }
  | { type: 'retry'; stepIndex: number; attempt: number; delayMs: number; error: string }
  | { type: 'step-end'; stepIndex: number; finishReason: string; readonly snapshot?: TurnSnapshot }
  | { type: 'turn-end'; status: TurnStatus; reason: string };

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
  /** Names in rank order with their scores (higher is better), before the walk of C10. */
  readonly ranked: readonly { readonly name: string; readonly score: number }[];
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
}
