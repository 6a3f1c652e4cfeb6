/** System instructions for the demo turn (the embedded model ignores them; real models read them). */
export const DEMO_INSTRUCTIONS =
  'You are running the turnscope demo. Every tool except tool_search is deferred: its name is in the ' +
  'tool_search description, but you can only call it after a search has loaded it, from the next step on. ' +
  'Do the task with the tools, then answer briefly.';

/** Added in code mode (`turnscope demo --code-mode`). */
export const DEMO_CODE_MODE_INSTRUCTIONS =
  'Code mode is on: once a tool is callable, prefer one exec call whose JavaScript calls the tools you need as ' +
  'await tools.<name>(input) and returns what you want to see; keep using tool_search directly to load tools.';
