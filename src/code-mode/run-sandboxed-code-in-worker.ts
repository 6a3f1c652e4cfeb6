import { setMaxListeners } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CodeModeOptions } from './code-mode-options.js';
import { acquireSandboxSlot } from './acquire-sandbox-slot.js';
import { compileSandboxEngine } from './create-sandbox-module.js';
import { abortDetail, answerJson, stopMessage, type SandboxCallAnswer, type SandboxRun } from './run-sandboxed-code.js';
import type { SandboxHostMessage, SandboxWorkerData, SandboxWorkerMessage } from './sandbox-worker-protocol.js';
import { describeThrown } from '../errors/describe-thrown.js';

/**
 * Milliseconds past `timeLimitMs` after which the host ends a worker that has not answered. The
 * worker stops its own code at the limit; this only covers a worker stuck where QuickJS does not
 * check its interrupt handler (e.g. one long native operation).
 */
const BACKSTOP_GRACE_MS = 1_000;

/**
 * Runs `exec` code like {@link runSandboxedCode} — same options, same {@link SandboxRun} — but in
 * a worker thread of its own, so code that never yields (`while (true) {}`) cannot block this
 * thread's event loop: other turns, timers, `timeout.toolMs` and cancellation go on meanwhile.
 *
 * The worker runs QuickJS; each `tools.<name>(input)` comes here as a message, runs through
 * `callTool` on this thread (the one execution pipeline) and goes back as JSON. `console`
 * output is streamed here as it is written, so a run that is ended early still reports it.
 *
 * Ending: the worker stops its own code at `timeLimitMs` (and at the memory and output limits)
 * and reports why. When `abortSignal` fires (the `exec` call's timeout, or the turn ending) the
 * worker is terminated at once, whatever the code is doing, and the run fails as `aborted`.
 * The signal given to `callTool` aborts when the run ends, so nested calls still running stop.
 * Never rejects: a worker that cannot start or dies is a `sandbox-error` failure.
 *
 * At most `limits.maxConcurrent` runs of one runtime hold a worker at once; the others wait
 * for a slot (an abort while waiting ends the run as `aborted`).
 *
 * Cost: a worker thread per call. The engine is compiled once per process and sent to each
 * worker, and a spare worker is started ahead for the next call, so a call usually finds its
 * thread ready; one that does not waits about 100 ms for it (more from the TypeScript sources).
 */
export async function runSandboxedCodeInWorker(options: {
  readonly code: string;
  readonly limits: CodeModeOptions;
  readonly toolNames: readonly string[];
  readonly callTool: (name: string, input: unknown, abortSignal: AbortSignal) => Promise<SandboxCallAnswer>;
  readonly abortSignal: AbortSignal;
}): Promise<SandboxRun> {
  const { limits, abortSignal } = options;
  const logs: string[] = [];
  const aborted = (): SandboxRun => ({ ok: false, reason: 'aborted', message: stopMessage('aborted', limits, abortDetail(abortSignal.reason)), logs: [...logs] });
  const broken = (message: string): SandboxRun => ({ ok: false, reason: 'sandbox-error', message, logs: [...logs] });
  if (abortSignal.aborted) return aborted();
  let engine: object;
  try {
    engine = await compileSandboxEngine();
  } catch (error) {
    return broken(`the sandbox could not start: ${describeThrown(error)}`);
  }
  if (abortSignal.aborted) return aborted();
  // at most limits.maxConcurrent runs of this runtime hold a worker at once
  const releaseSlot = await acquireSandboxSlot(limits, abortSignal);
  if (releaseSlot === undefined) return aborted();
  try {
    return await runInWorker(options, engine, logs, aborted, broken);
  } finally {
    releaseSlot();
  }
}

/** The run itself, once a sandbox slot is held. */
async function runInWorker(
  options: Parameters<typeof runSandboxedCodeInWorker>[0],
  engine: object,
  logs: string[],
  aborted: () => SandboxRun,
  broken: (message: string) => SandboxRun,
): Promise<SandboxRun> {
  const { limits, abortSignal } = options;
  if (abortSignal.aborted) return aborted();
  const calls = new AbortController();
  // every nested call listens to it while it runs (Promise.all over many calls is many listeners, not a leak)
  setMaxListeners(0, calls.signal);
  let worker: Worker;
  try {
    worker = takeSandboxWorker(engine);
  } catch (error) {
    return broken(`the sandbox could not start: ${describeThrown(error)}`);
  }
  return new Promise<SandboxRun>((resolve) => {
    let ended = false;
    let backstop: ReturnType<typeof setTimeout> | undefined;
    const end = (run: SandboxRun) => {
      if (ended) return;
      ended = true;
      clearTimeout(backstop);
      abortSignal.removeEventListener('abort', onAbort);
      calls.abort(new Error('the code ended before this call finished'));
      void worker.terminate();
      resolve(run);
    };
    const onAbort = () => end(aborted());
    abortSignal.addEventListener('abort', onAbort, { once: true });

    worker.on('message', (message: SandboxWorkerMessage) => {
      switch (message.type) {
        case 'code-start':
          backstop = setTimeout(
            () => end({ ok: false, reason: 'time-limit', message: stopMessage('time-limit', limits), logs: [...logs] }),
            limits.timeLimitMs + BACKSTOP_GRACE_MS,
          );
          return;
        case 'log':
          logs.push(message.text);
          return;
        case 'call':
          void options
            .callTool(message.name, message.input, calls.signal)
            .catch((error: unknown): SandboxCallAnswer => ({ ok: false, outcome: 'error', message: `tools.${message.name} failed: ${describeThrown(error)}` }))
            .then((answer) => {
              if (ended) return;
              const reply: SandboxHostMessage = { type: 'answer', id: message.id, json: answerJson(message.name, answer) };
              worker.postMessage(reply);
            });
          return;
        case 'done':
          end(message.run);
      }
    });
    worker.on('error', (error) => end(broken(`the sandbox failed: ${describeThrown(error)}`)));
    worker.on('exit', (code) => end(broken(`the sandbox stopped unexpectedly (exit code ${code}).`)));
    const run: SandboxHostMessage = { type: 'run', code: options.code, limits, toolNames: [...options.toolNames] };
    worker.postMessage(run);
  });
}

/**
 * A started worker that has not run anything yet, so the next call does not wait for a thread
 * to start and load the engine (about 100 ms). It is `unref`'d: an idle spare never keeps the
 * process alive. There is at most one, made after the first call of the process.
 */
let spare: Worker | undefined;

/** The spare worker (or a new one when there is none), and a new spare started for the next call. */
function takeSandboxWorker(engine: object): Worker {
  const worker = spare ?? startSandboxWorker({ engine });
  spare = undefined;
  worker.removeAllListeners();
  worker.ref();
  try {
    const next = startSandboxWorker({ engine });
    next.unref();
    const drop = () => {
      if (spare === next) spare = undefined;
    };
    next.on('error', drop);
    next.on('exit', drop);
    spare = next;
  } catch {
    // no spare: the next call starts its own worker
  }
  return worker;
}

/**
 * The worker thread for one run. From the compiled package it is `sandbox-worker.js`; from the
 * TypeScript sources (tsx, vitest) it is `sandbox-worker.ts`, and the thread registers tsx's
 * loader first: neither tsx's CLI hooks nor a test runner's transform reach a new thread's imports.
 */
function startSandboxWorker(workerData: SandboxWorkerData): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(`./sandbox-worker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
  if (!fromSource) return new Worker(entry, { workerData });
  // tsx's ES module API (`tsx/esm/api`, the `import` condition: its `require` build registers
  // hooks from the wrong directory); a CommonJS resolver finds the `.cjs` beside it
  let tsxApiCjs: string;
  try {
    tsxApiCjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  } catch {
    // no tsx: a Node that runs TypeScript itself (type stripping) may run the entry as it is
    return new Worker(entry, { workerData });
  }
  const tsxApi = pathToFileURL(tsxApiCjs.replace(/\.cjs$/, '.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}
