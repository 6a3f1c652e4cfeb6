import { z } from 'zod';
import { MAX_TIMER_DELAY_MS, TURN_DEFAULTS } from '../../machines/turn-defaults.js';
import { parseOptions } from '../options/parse-options.js';
import { strictOptions, wholeNumber } from '../options/option-fields.js';

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

/** The code mode defaults (TURN_DEFAULTS.codeMode): 30 s, 64 MiB, 20,000 characters, 4 sandboxes at once. */
export const DEFAULT_CODE_MODE_OPTIONS: CodeModeOptions = TURN_DEFAULTS.codeMode;

/** The smallest `memoryLimitBytes`: the engine's initial WebAssembly memory (16 MiB). */
export const MIN_CODE_MODE_MEMORY_BYTES = 16 * 1024 * 1024;

/** The largest `memoryLimitBytes`: WebAssembly's 32-bit address space as this build allows it (2 GiB). */
export const MAX_CODE_MODE_MEMORY_BYTES = 2 * 1024 * 1024 * 1024;

/** The option names of `codeMode`. */
export const CODE_MODE_OPTION_NAMES = ['timeLimitMs', 'memoryLimitBytes', 'maxOutputChars', 'maxConcurrent'] as const;

const limit = (unit: string, min: number, max: number) => wholeNumber(`a whole number of ${unit} from ${min} to ${max}`, min, max);

/**
 * The `codeMode` option's schema: each limit a whole number in range, missing or `undefined`
 * ones the defaults (TURN_DEFAULTS.codeMode); parses to a frozen {@link CodeModeOptions}.
 */
export const CODE_MODE_OPTIONS_SCHEMA = strictOptions(
  {
    timeLimitMs: limit('milliseconds', 1, MAX_TIMER_DELAY_MS).default(TURN_DEFAULTS.codeMode.timeLimitMs),
    memoryLimitBytes: limit('bytes', MIN_CODE_MODE_MEMORY_BYTES, MAX_CODE_MODE_MEMORY_BYTES).default(TURN_DEFAULTS.codeMode.memoryLimitBytes),
    maxOutputChars: limit('characters', 1, Number.MAX_SAFE_INTEGER).default(TURN_DEFAULTS.codeMode.maxOutputChars),
    maxConcurrent: limit('sandboxes', 1, 1_000).default(TURN_DEFAULTS.codeMode.maxConcurrent),
  } satisfies Record<(typeof CODE_MODE_OPTION_NAMES)[number], unknown>,
  'an object with timeLimitMs, memoryLimitBytes, maxOutputChars and maxConcurrent',
)
  .prefault({})
  .transform((limits): CodeModeOptions => Object.freeze(limits));

/**
 * Applies the defaults to the `codeMode` option and checks it (CODE_MODE_OPTIONS_SCHEMA).
 *
 * @throws {InvalidOptionError} a value of the wrong type or out of range, or an unknown key, naming the option.
 */
export function resolveCodeModeOptions(options: Partial<CodeModeOptions> | undefined): CodeModeOptions {
  return parseOptions(CODE_MODE_OPTIONS_SCHEMA, options, { root: 'codeMode', prefix: 'codeMode' });
}

/** A `toolMode` value (the runtime option or `send()`'s). */
export const TOOL_MODE_SCHEMA = z.enum(['direct', 'code'], { error: "'direct' or 'code'" });
