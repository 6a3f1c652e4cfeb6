import { InvalidOptionError } from '../errors/invalid-option-error.js';

/** The name of code mode's tool, reserved while code mode is on: no bound tool may use it then. */
export const EXEC_TOOL_NAME = 'exec';

/**
 * How the model reaches its tools in a turn. `'direct'`: it calls them one by one.
 * `'code'`: it may also call `exec` with JavaScript that calls them as `tools.<name>(input)`.
 */
export type ToolMode = 'direct' | 'code';

/** The limits of one `exec` call's sandbox (the `codeMode` runtime option). */
export interface CodeModeOptions {
  /**
   * Wall-clock milliseconds one `exec` call may take, from the start of its code to its result,
   * nested tool calls included (starting the sandbox does not count). At the limit the code is
   * stopped (an infinite loop too), running nested calls are aborted and the call is a tool
   * error. Default 30,000. The whole call, sandbox start included, is also bounded by
   * `timeout.perToolMs.exec ?? timeout.toolMs` like every tool (a tool error with
   * `timedOut: true`). The code runs in a worker thread, so neither limit waits on the event
   * loop: a loop that never yields blocks nothing else, and ending the turn stops it at once.
   */
  readonly timeLimitMs: number;
  /**
   * Bytes of memory the sandbox may use: its whole WebAssembly memory (the QuickJS engine, the
   * code's heap and stack) never grows past this, and QuickJS's own allocator is held to it too.
   * At the limit the call is a tool error. Default 67,108,864 (64 MiB); at least 16,777,216
   * (16 MiB, the engine's initial memory).
   */
  readonly memoryLimitBytes: number;
  /**
   * Characters the code may produce: its `console` output plus its JSON return value. Past the
   * limit the code is stopped and the call is a tool error (nothing is cut silently). Default 20,000.
   */
  readonly maxOutputChars: number;
  /**
   * `exec` calls that may hold a sandbox (a worker thread) at once, across every turn of the
   * runtime; the others wait in call order, their wait counting against their own tool timeout
   * (`timeout.perToolMs.exec ?? timeout.toolMs`), not against `timeLimitMs`. Each sandbox may
   * use up to `memoryLimitBytes`, so this bounds their total too. Default 4.
   */
  readonly maxConcurrent: number;
}

/** The code mode defaults: 30 s, 64 MiB, 20,000 characters, 4 sandboxes at once. */
export const DEFAULT_CODE_MODE_OPTIONS: CodeModeOptions = Object.freeze({
  timeLimitMs: 30_000,
  memoryLimitBytes: 64 * 1024 * 1024,
  maxOutputChars: 20_000,
  maxConcurrent: 4,
});

/** The smallest `memoryLimitBytes`: the engine's initial WebAssembly memory (16 MiB). */
export const MIN_CODE_MODE_MEMORY_BYTES = 16 * 1024 * 1024;

/** The largest `memoryLimitBytes`: WebAssembly's 32-bit address space as this build allows it (2 GiB). */
export const MAX_CODE_MODE_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

/** The largest delay `setTimeout` honours, in ms (2^31 − 1). */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** The option names of `codeMode`, for the runtime's unknown-option check. */
export const CODE_MODE_OPTION_NAMES = ['timeLimitMs', 'memoryLimitBytes', 'maxOutputChars', 'maxConcurrent'] as const;

/**
 * Applies the defaults to the `codeMode` option and checks it.
 *
 * @throws {InvalidOptionError} a value of the wrong type or out of range, naming the option.
 */
export function resolveCodeModeOptions(options: Partial<CodeModeOptions> | undefined): CodeModeOptions {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw new InvalidOptionError({ option: 'codeMode', value: options, expected: 'an object with timeLimitMs, memoryLimitBytes, maxOutputChars and maxConcurrent' });
  }
  const defined = Object.fromEntries(Object.entries(options ?? {}).filter(([, value]) => value !== undefined));
  const merged = { ...DEFAULT_CODE_MODE_OPTIONS, ...defined } as CodeModeOptions;
  return Object.freeze({
    timeLimitMs: wholeNumber('codeMode.timeLimitMs', merged.timeLimitMs, 1, MAX_TIMER_DELAY_MS, 'milliseconds'),
    memoryLimitBytes: wholeNumber('codeMode.memoryLimitBytes', merged.memoryLimitBytes, MIN_CODE_MODE_MEMORY_BYTES, MAX_CODE_MODE_MEMORY_BYTES, 'bytes'),
    maxOutputChars: wholeNumber('codeMode.maxOutputChars', merged.maxOutputChars, 1, Number.MAX_SAFE_INTEGER, 'characters'),
    maxConcurrent: wholeNumber('codeMode.maxConcurrent', merged.maxConcurrent, 1, 1_000, 'sandboxes'),
  });
}

/**
 * Checks a `toolMode` value (the runtime option or `send()`'s).
 *
 * @throws {InvalidOptionError} anything but `'direct'` or `'code'`.
 */
export function checkToolMode(option: string, value: unknown): ToolMode | undefined {
  if (value === undefined || value === 'direct' || value === 'code') return value;
  throw new InvalidOptionError({ option, value, expected: "'direct' or 'code'" });
}

function wholeNumber(option: string, value: unknown, min: number, max: number, unit: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidOptionError({ option, value, expected: `a whole number of ${unit} from ${min} to ${max}` });
  }
  return value;
}
