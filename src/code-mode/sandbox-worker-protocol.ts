import type { CodeModeOptions } from './code-mode-options.js';
import type { SandboxRun } from './run-sandboxed-code.js';

/** What a sandbox worker starts with (its `workerData`). */
export interface SandboxWorkerData {
  /** The engine the host compiled (a `WebAssembly.Module`), so the worker does not compile it again. */
  readonly engine: object;
}

/** Host → worker: run this code (once per worker), or the answer to nested call `id` as the JSON the sandbox parses. */
export type SandboxHostMessage =
  | { readonly type: 'run'; readonly code: string; readonly limits: CodeModeOptions; readonly toolNames: readonly string[] }
  | { readonly type: 'answer'; readonly id: number; readonly json: string };

/** Worker → host: the code's clock started, a `console` entry, a nested call, the run's result. */
export type SandboxWorkerMessage =
  | { readonly type: 'code-start' }
  | { readonly type: 'log'; readonly text: string }
  | { readonly type: 'call'; readonly id: number; readonly name: string; readonly input: unknown }
  | { readonly type: 'done'; readonly run: SandboxRun };
