import type { ToolPolicy } from '../execution/tool-policy.js';

/**
 * What the pipeline does with `tool_search`'s calls, declared here instead of tested by name in
 * the pipeline (C4):
 *
 * - `replayable: false`: a search is recorded in the journal but always runs again; its effect
 *   is the turn's activation (C5), which a retried turn must rebuild.
 * - `truncateOutput: false`: its result is bounded by the search's own limits (C10, C11), and a
 *   cut one would hide what the search activated.
 * - `thrownText: 'verbatim'`: its step `execute` throws messages written for the model
 *   (`tool_search could not rank …`, `tool_search needs a non-empty query …`).
 * - `timeoutNote`: a search stopped by its timeout activated nothing, so it may simply run again.
 * - `nestable: true`: code mode's code may search (`tools.tool_search(…)`); what it loads is
 *   callable from the next step.
 */
export const TOOL_SEARCH_POLICY: ToolPolicy = Object.freeze({
  replayable: false,
  truncateOutput: false,
  thrownText: 'verbatim',
  timeoutNote: 'while ranking and was stopped; nothing was activated. You may search again.',
  nestable: true,
});
