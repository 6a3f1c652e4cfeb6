import { parentPort, workerData } from 'node:worker_threads';
import { provideSandboxEngine } from './create-sandbox-module.js';
import { runSandboxedCode } from './run-sandboxed-code.js';
import type { SandboxHostMessage, SandboxWorkerData, SandboxWorkerMessage } from './sandbox-worker-protocol.js';

/**
 * The entry of a sandbox worker thread (see `runSandboxedCodeInWorker`). It loads the engine and
 * waits; on a `run` message it runs that code with {@link runSandboxedCode} and sends everything
 * else to the host as messages — each `console` entry, each nested call (answered by an
 * `answer` message), and the result. One run per thread: the host ends the thread when the run
 * ends, is aborted or times out.
 */
const port = parentPort;
if (port === null) throw new Error('sandbox-worker runs only as a worker thread');
provideSandboxEngine((workerData as SandboxWorkerData).engine);
const send = (message: SandboxWorkerMessage) => port.postMessage(message);
const waiting = new Map<number, (json: string) => void>();
let nextCallId = 0;

port.on('message', (message: SandboxHostMessage) => {
  if (message.type === 'run') {
    void run(message);
    return;
  }
  const answer = waiting.get(message.id);
  waiting.delete(message.id);
  answer?.(message.json);
});

async function run(message: Extract<SandboxHostMessage, { type: 'run' }>): Promise<void> {
  const result = await runSandboxedCode({
    code: message.code,
    limits: message.limits,
    toolNames: message.toolNames,
    // the host aborts by ending this thread: nothing here needs the signal
    abortSignal: new AbortController().signal,
    callTool: (name, input) =>
      new Promise<string>((resolve) => {
        const id = ++nextCallId;
        waiting.set(id, resolve);
        send({ type: 'call', id, name, input });
      }),
    onLog: (text) => send({ type: 'log', text }),
    onCodeStart: () => send({ type: 'code-start' }),
  });
  send({ type: 'done', run: result });
}
