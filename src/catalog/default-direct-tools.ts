/**
 * The direct baseline of C5: sent on every step when bound. Every other bound tool is
 * deferred unless the caller passes its own `direct` list.
 */
export const DEFAULT_DIRECT_TOOLS: readonly string[] = Object.freeze([
  'Bash',
  'Read',
  'ArchiveRead',
  'Write',
  'Edit',
  'Glob',
  'Grep',
  'WebFetch',
  'AskUserQuestion',
  'StopBackgroundTask',
]);
