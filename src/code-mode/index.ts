// turnscope/code-mode: the names, options and output of the exec tool (`toolMode: 'code'`):
// JavaScript in a QuickJS sandbox calling tools through the same pipeline. The runtime runs code
// mode itself; this entry is for code that configures it or reads its results.
export { EXEC_TOOL_NAME, DEFAULT_CODE_MODE_OPTIONS, MIN_CODE_MODE_MEMORY_BYTES } from './code-mode-options.js';
export type { CodeModeOptions, ToolMode } from './code-mode-options.js';
export { execModelView } from './create-exec-tool.js';
export type { ExecOutput } from './create-exec-tool.js';
