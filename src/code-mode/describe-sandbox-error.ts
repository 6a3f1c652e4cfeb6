import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten-core';

/** An error thrown inside the sandbox, copied out of it. */
export interface SandboxError {
  /** `TypeError`, `SyntaxError`, `ToolCallError`, …; `undefined` when something other than an error was thrown. */
  readonly name: string | undefined;
  readonly message: string;
  /** The first lines of the stack, when the engine gave one. */
  readonly stack: string | undefined;
}

/** Lines of a stack kept: enough for the location, not a 10,000-frame recursion. */
const STACK_LINES = 3;
/** Characters of a message kept. */
const MAX_MESSAGE_CHARS = 2_000;

/**
 * Copies a thrown value out of the sandbox without trusting it: an `Error`'s name, message and
 * the first lines of its stack; anything else as text. Never throws (a sandbox that cannot even
 * describe its error, e.g. out of memory, gives `'unknown error'`).
 */
export function describeSandboxError(context: QuickJSContext, handle: QuickJSHandle): SandboxError {
  let dumped: unknown;
  try {
    dumped = context.dump(handle);
  } catch {
    return { name: undefined, message: 'unknown error', stack: undefined };
  }
  if (dumped !== null && typeof dumped === 'object') {
    const { name, message, stack } = dumped as { name?: unknown; message?: unknown; stack?: unknown };
    if (typeof message === 'string') {
      return {
        name: typeof name === 'string' ? name : undefined,
        message: cut(message),
        stack: typeof stack === 'string' ? stack.split('\n').slice(0, STACK_LINES).join('\n') : undefined,
      };
    }
  }
  let text: string;
  try {
    text = typeof dumped === 'string' ? dumped : (JSON.stringify(dumped) ?? String(dumped));
  } catch {
    text = String(dumped);
  }
  return { name: undefined, message: cut(text), stack: undefined };
}

function cut(text: string): string {
  return text.length <= MAX_MESSAGE_CHARS ? text : `${text.slice(0, MAX_MESSAGE_CHARS)}…`;
}
