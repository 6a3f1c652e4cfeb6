import { Buffer } from 'node:buffer';
import { setMaxListeners } from 'node:events';
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle } from 'quickjs-emscripten-core';
import type { CodeModeOptions } from './code-mode-options.js';
import { canAllocateInSandbox } from './can-allocate-in-sandbox.js';
import { createSandboxModule } from './create-sandbox-module.js';
import { describeSandboxError, type SandboxError } from './describe-sandbox-error.js';
import { disposeStrayContexts } from './dispose-stray-contexts.js';
import { sandboxPrelude } from './sandbox-prelude.js';
import { describeThrown } from '../errors/describe-thrown.js';

/** What a nested tool call answers the code: the tool's output, or why the call did not succeed. */
export type SandboxCallAnswer =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly message: string; readonly outcome: string };

/** Why a sandboxed run did not produce a result. */
export type SandboxFailureReason =
  | 'syntax-error'
  | 'runtime-error'
  | 'time-limit'
  | 'memory-limit'
  | 'output-limit'
  | 'not-json'
  | 'unsettled'
  | 'aborted'
  | 'sandbox-error';

/** The result of {@link runSandboxedCode}: never an exception. */
export type SandboxRun =
  | {
      readonly ok: true;
      /** The code's return value, through JSON; `undefined` when it returned nothing. */
      readonly value: unknown;
      /** One entry per `console` call, in order. */
      readonly logs: readonly string[];
    }
  | {
      readonly ok: false;
      readonly reason: SandboxFailureReason;
      /** What happened, for the model: says which limit, or where the code failed. */
      readonly message: string;
      /** The `console` output before the code stopped. */
      readonly logs: readonly string[];
    };

/** The source name the code is evaluated under; error locations point into it. */
const SOURCE_NAME = 'exec.js';

/** The code becomes the body of an async function; written on its first line so line numbers match. */
const WRAPPER_HEAD = '(async () => { ';

/** QuickJS's own stack limit, well inside the host's, so deep recursion is a catchable `stack overflow`. */
const MAX_STACK_BYTES = 256 * 1024;

/**
 * Runs JavaScript in a QuickJS sandbox (a fresh WebAssembly instance, see
 * `createSandboxModule`) on the calling thread, with no access to the host: no `require`, no file system, no network,
 * no timers. The code is the body of an async function: it may `await` and `return` a JSON
 * value. It reaches tools only through `tools.<name>(input)`, which calls `callTool` (a promise
 * bridge: the sandbox's promise is settled when the host's call settles, then pending jobs run).
 *
 * Limits (`limits`, see `CodeModeOptions`): wall time from the start to the result
 * (`timeLimitMs`: an interrupt handler stops running code, and waiting for tools stops too),
 * memory (`memoryLimitBytes`: a cap on the instance's WebAssembly memory plus QuickJS's own
 * allocator limit), and output (`maxOutputChars`: `console` output plus the JSON result).
 * Reaching one ends the run with a failure naming the limit; so does `abortSignal`.
 *
 * The signal given to `callTool` aborts when the run stops or ends, so nested calls still
 * running are told to stop. After the code's promise settles, the run waits for nested calls
 * the code started but did not await (within the time limit), so none is left behind.
 *
 * Synchronous code holds the calling thread until it yields or the interrupt handler stops it
 * at `timeLimitMs`: meanwhile no timer, no other promise and no `abortSignal` listener of that
 * thread runs. So `exec` calls it only inside a worker thread (`runSandboxedCodeInWorker`).
 */
export async function runSandboxedCode(options: {
  readonly code: string;
  readonly limits: CodeModeOptions;
  /** The names `tools` lists as its own keys (other names still reach `callTool`). */
  readonly toolNames: readonly string[];
  /** Runs a nested call; may answer with the answer's JSON already encoded (a string). */
  readonly callTool: (name: string, input: unknown, abortSignal: AbortSignal) => Promise<SandboxCallAnswer | string>;
  readonly abortSignal: AbortSignal;
  /** Told each `console` entry as it is kept (a worker streams them, so a terminated run keeps them). */
  readonly onLog?: (text: string) => void;
  /** Told when the code's clock starts (the sandbox has started). */
  readonly onCodeStart?: () => void;
}): Promise<SandboxRun> {
  const { limits } = options;
  const logs: string[] = [];
  let outputChars = 0;
  const stop = new AbortController();
  // every nested call listens to it while it runs (Promise.all over many calls is many listeners, not a leak)
  setMaxListeners(0, stop.signal);
  let stopped: { reason: 'time-limit' | 'output-limit' | 'aborted' | 'memory-limit' | 'sandbox-error'; detail?: string } | undefined;
  let wake: () => void = () => {};
  const halt = (reason: NonNullable<typeof stopped>['reason'], detail?: string) => {
    if (stopped !== undefined) return;
    stopped = { reason, ...(detail === undefined ? {} : { detail }) };
    stop.abort(new Error(`the code was stopped (${reason})`));
    wake();
  };
  const onAbort = () => halt('aborted', abortDetail(options.abortSignal.reason));
  options.abortSignal.addEventListener('abort', onAbort, { once: true });
  if (options.abortSignal.aborted) onAbort();

  const failure = (reason: SandboxFailureReason, message: string): SandboxRun => ({ ok: false, reason, message, logs: [...logs] });
  const stoppedFailure = (): SandboxRun => {
    const { reason, detail } = stopped!;
    return failure(reason, stopMessage(reason, limits, detail));
  };

  let sandbox: Awaited<ReturnType<typeof createSandboxModule>>;
  try {
    sandbox = await createSandboxModule({ memoryLimitBytes: limits.memoryLimitBytes });
  } catch (error) {
    options.abortSignal.removeEventListener('abort', onAbort);
    return failure('sandbox-error', `the sandbox could not start: ${describeThrown(error)}`);
  }
  // the clock starts with the code: starting the engine is not the code's time
  const deadline = Date.now() + limits.timeLimitMs;
  const timer = setTimeout(() => halt('time-limit'), limits.timeLimitMs);
  options.onCodeStart?.();
  const { module, memory } = sandbox;
  const memoryFull = () => memory.buffer.byteLength + 65_536 > limits.memoryLimitBytes;
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(limits.memoryLimitBytes);
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  runtime.setInterruptHandler(() => {
    if (stopped === undefined && Date.now() >= deadline) halt('time-limit');
    return stopped !== undefined;
  });
  const context = runtime.newContext();
  const deferreds = new Set<QuickJSDeferredPromise>();
  const inFlight = new Set<Promise<void>>();
  let promise: QuickJSHandle | undefined;

  const codeLines = options.code.split('\n').length;
  /** Classifies a failure the engine reported: a stop of ours, memory, or the code's own error. */
  const engineFailure = (error: SandboxError, during: 'evaluation' | 'run'): SandboxRun => {
    if (stopped !== undefined) return stoppedFailure();
    if (/out of memory/i.test(error.message) || (error.name === undefined && memoryFull())) {
      return failure('memory-limit', stopMessage('memory-limit', limits));
    }
    if (during === 'evaluation' && error.name === 'SyntaxError') {
      return failure('syntax-error', `the code has a syntax error, nothing ran: ${formatError(error, codeLines)}`);
    }
    return failure('runtime-error', `the code threw ${formatError(error, codeLines)}`);
  };

  try {
    if (stopped !== undefined) return stoppedFailure();
    installHost(context, {
      log: (text) => {
        outputChars += text.length;
        if (outputChars > limits.maxOutputChars) halt('output-limit');
        else {
          logs.push(text);
          options.onLog?.(text);
        }
      },
      call: (name, input) => {
        const deferred = context.newPromise();
        deferreds.add(deferred);
        const settled = options
          .callTool(name, input, stop.signal)
          .catch((error: unknown): SandboxCallAnswer => ({ ok: false, outcome: 'error', message: `tools.${name} failed: ${describeThrown(error)}` }))
          .then((answer) => {
            if (stopped !== undefined || !deferred.alive) return;
            const json = typeof answer === 'string' ? answer : answerJson(name, answer);
            // the UTF-8 copy newString makes (its terminating zero too) must fit, see canAllocateInSandbox
            if (!canAllocateInSandbox({ module, bytes: Buffer.byteLength(json) + 1, memoryLimitBytes: limits.memoryLimitBytes })) {
              halt('memory-limit');
              return;
            }
            let handle: QuickJSHandle | undefined;
            try {
              handle = context.newString(json);
              deferred.resolve(handle);
            } catch (error) {
              if (memoryFull()) halt('memory-limit');
              else halt('sandbox-error', describeThrown(error));
            } finally {
              disposeQuietly(handle);
            }
          })
          .finally(() => {
            disposeQuietly(deferred);
            deferreds.delete(deferred);
            inFlight.delete(settled);
            wake();
          });
        inFlight.add(settled);
        return deferred.handle;
      },
    });
    const prelude = context.evalCode(sandboxPrelude(options.toolNames), 'prelude.js');
    if (prelude.error !== undefined) {
      const error = describeSandboxError(context, prelude.error);
      prelude.error.dispose();
      if (stopped !== undefined) return stoppedFailure();
      return failure('sandbox-error', `the sandbox could not start: ${formatError(error)}`);
    }
    prelude.value.dispose();

    const evaluation = context.evalCode(`${WRAPPER_HEAD}${options.code}\n})()`, SOURCE_NAME);
    if (evaluation.error !== undefined) {
      const error = describeSandboxError(context, evaluation.error);
      evaluation.error.dispose();
      return engineFailure(error, 'evaluation');
    }
    promise = evaluation.value;

    for (;;) {
      const jobs = runtime.executePendingJobs();
      let jobError: SandboxError | undefined;
      if (jobs.error !== undefined) {
        jobError = describeSandboxError(context, jobs.error);
        jobs.error.dispose();
      }
      // after the error's disposal: a stray context may own it (see disposeStrayContexts)
      disposeStrayContexts(runtime, context);
      if (jobError !== undefined) return engineFailure(jobError, 'run');
      if (stopped !== undefined) return stoppedFailure();
      const state = context.getPromiseState(promise);
      if (state.type === 'rejected') {
        const error = describeSandboxError(context, state.error);
        state.error.dispose();
        return engineFailure(error, 'run');
      }
      if (state.type === 'fulfilled') {
        const encoded = encodeResult(context, state.value);
        if (!state.notAPromise) state.value.dispose();
        if (!encoded.ok) return stopped === undefined ? failure('not-json', encoded.message) : stoppedFailure();
        outputChars += encoded.json?.length ?? 0;
        if (outputChars > limits.maxOutputChars) return failure('output-limit', stopMessage('output-limit', limits));
        // nested calls the code started without awaiting them: let them finish within the limits
        while (inFlight.size > 0 && stopped === undefined) await nextWake();
        return { ok: true, value: encoded.json === undefined ? undefined : JSON.parse(encoded.json), logs: [...logs] };
      }
      if (inFlight.size === 0) {
        return failure(
          'unsettled',
          'the code awaited something that never settles (the sandbox has no timers or I/O; only tools.<name>() calls resolve), so it was stopped.',
        );
      }
      await nextWake();
    }
  } catch (error) {
    if (stopped !== undefined) return stoppedFailure();
    return memoryFull() ? failure('memory-limit', stopMessage('memory-limit', limits)) : failure('sandbox-error', `the sandbox failed: ${describeThrown(error)}`);
  } finally {
    clearTimeout(timer);
    options.abortSignal.removeEventListener('abort', onAbort);
    if (!stop.signal.aborted) stop.abort(new Error('the code ended before this call finished'));
    // the instance is discarded either way; a failed disposal must not turn a result into an error
    for (const deferred of deferreds) disposeQuietly(deferred);
    disposeQuietly(promise);
    try {
      disposeStrayContexts(runtime, context);
    } catch {
      // ignored: see disposeQuietly
    }
    disposeQuietly(context);
    disposeQuietly(runtime);
  }

  function nextWake(): Promise<void> {
    return new Promise<void>((resolve) => {
      wake = resolve;
      if (stopped !== undefined) resolve();
    });
  }
}

/**
 * Disposes a handle, deferred promise, context or runtime of an instance that is discarded
 * anyway: a failed disposal (an instance the memory limit broke) must not turn a result into an
 * error, nor skip the disposals after it.
 */
function disposeQuietly(disposable: { readonly alive: boolean; dispose(): void } | undefined): void {
  try {
    if (disposable?.alive === true) disposable.dispose();
  } catch {
    // ignored: nothing of this instance is used again
  }
}

/** Puts `__turnscopeHost` (`log`, `call`) on the sandbox's global object for the prelude to take. */
function installHost(
  context: QuickJSContext,
  host: { log(text: string): void; call(name: string, input: unknown): QuickJSHandle },
): void {
  const object = context.newObject();
  const log = context.newFunction('log', (text) => {
    host.log(context.getString(text));
  });
  const call = context.newFunction('call', (name, input) => host.call(context.getString(name), JSON.parse(context.getString(input)) as unknown));
  context.setProp(object, 'log', log);
  context.setProp(object, 'call', call);
  context.setProp(context.global, '__turnscopeHost', object);
  log.dispose();
  call.dispose();
  object.dispose();
}

/** The JSON of the code's return value, through the sandbox's own `JSON.stringify`. */
function encodeResult(context: QuickJSContext, value: QuickJSHandle): { ok: true; json: string | undefined } | { ok: false; message: string } {
  const encode = context.getProp(context.global, '__turnscopeEncode');
  const encoded = context.callFunction(encode, context.undefined, value);
  encode.dispose();
  if (encoded.error !== undefined) {
    const error = describeSandboxError(context, encoded.error);
    encoded.error.dispose();
    return { ok: false, message: `the code returned a value that is not JSON (${formatError(error)}); return plain data.` };
  }
  const json = context.typeof(encoded.value) === 'string' ? context.getString(encoded.value) : undefined;
  encoded.value.dispose();
  return { ok: true, json };
}

/** The JSON the sandbox's `tools.<name>()` parses: a failure to encode the output is a failed call. */
export function answerJson(name: string, answer: SandboxCallAnswer): string {
  try {
    return JSON.stringify(answer);
  } catch (error) {
    return JSON.stringify({ ok: false, outcome: 'error', message: `tools.${name} returned output that is not JSON (${describeThrown(error)}).` });
  }
}

/** What the model is told when a run stopped for `reason`. */
export function stopMessage(reason: SandboxFailureReason, limits: CodeModeOptions, detail?: string): string {
  switch (reason) {
    case 'time-limit':
      return `the code ran past its time limit of ${limits.timeLimitMs} ms (codeMode.timeLimitMs) and was stopped; running tool calls were aborted.`;
    case 'memory-limit':
      return `the code ran out of memory: the sandbox may use at most ${limits.memoryLimitBytes} bytes (codeMode.memoryLimitBytes).`;
    case 'output-limit':
      return (
        `the code's output passed ${limits.maxOutputChars} characters (codeMode.maxOutputChars: console output and the ` +
        'returned JSON together) and it was stopped. Return less: a summary, or only the fields you need.'
      );
    case 'aborted':
      return `the code was stopped before it finished: ${detail ?? 'the call was aborted'}.`;
    default:
      return `the sandbox failed: ${detail ?? 'unknown error'}.`;
  }
}

/**
 * `TypeError: boom (line 3)`: the first line of the code the stack names (the wrapper shares
 * line 1). A line past the code's last (`codeLines`) is the wrapper's closing line, where an
 * unfinished statement is found: it is reported as the end of the code.
 */
function formatError(error: SandboxError, codeLines = Number.POSITIVE_INFINITY): string {
  const head = error.name === undefined ? error.message : `${error.name}: ${error.message}`;
  const location = error.stack?.match(/exec\.js:(\d+)/);
  if (location === null || location === undefined) return head;
  const line = Number(location[1]);
  return line > codeLines ? `${head} (at the end of the code, line ${codeLines})` : `${head} (line ${line})`;
}

/** Why the run's abort signal fired, for the `aborted` message. */
export function abortDetail(reason: unknown): string {
  if (reason instanceof Error) return reason.name === 'TimeoutError' ? `the exec call ${reason.message}` : reason.message;
  return reason === undefined ? 'the call was aborted' : describeThrown(reason);
}

