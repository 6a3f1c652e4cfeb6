import { describeThrown } from '../errors/describe-thrown.js';
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { DurableStepRunner } from './durable-step-runner.js';

/** What one journaled model call records: the step's whole response as plain JSON stream parts, or its failure. */
export type RecordedModelCall =
  | { readonly ok: true; readonly parts: readonly unknown[] }
  | { readonly ok: false; readonly error: { readonly name: string; readonly message: string; readonly isRetryable: boolean; readonly code?: string } };

/**
 * Wraps an AI SDK `LanguageModelV4` so each `doStream` call is one journaled step of `runner`
 * (named `model:<n>`, n counting this wrapper's calls from 0): the first execution reads the
 * provider's whole stream and records its parts as plain JSON (dates as ISO strings, errors as
 * `{ name, message }`); a re-execution replays the recorded parts without calling the
 * provider. A failed request is recorded too (name, message, `isRetryable`), and thrown again
 * as an error with those fields, so the turn machine retries it as C16 says, as a new step.
 * `beforeCall(n)` runs synchronously before each call is journaled (the durable turn saves the
 * snapshot of the boundary there). `doGenerate` is journaled the same way (`model:<n>`).
 *
 * Live text: while the execution that runs the call reads the provider's stream, the parts up
 * to the first one the turn acts on (text and reasoning parts, `stream-start`,
 * `response-metadata`) pass through to the turn as they arrive (from one macrotask after the
 * first arrived: a provider that answers at once has its record on the way to the engine
 * before the turn works on the stream), so its text deltas are live; the rest (tool calls,
 * finish, errors, …) and the end of the stream follow once the call is recorded, so the turn
 * never acts on a response that a crash could replace. A replay streams the recorded parts,
 * the same ones in the same order. A stream that fails after parts passed through is recorded
 * as those parts and an `error` part (as the provider's stream said).
 */
export function durableModel(model: LanguageModelV4, runner: DurableStepRunner, beforeCall: (callIndex: number) => void = () => {}): LanguageModelV4 {
  let calls = 0;
  const record = async (callOptions: LanguageModelV4CallOptions, live: LiveForward): Promise<RecordedModelCall> => {
    const parts: unknown[] = [];
    try {
      const { stream } = await model.doStream(callOptions);
      const reader = stream.getReader();
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        parts.push(toJsonPart(next.value));
        live.offer(next.value);
      }
      return { ok: true, parts };
    } catch (error) {
      // once parts reached the turn, a replay must stream the same ones: the failure becomes the stream's error part
      if (live.forwarded > 0) return { ok: true, parts: [...parts, { type: 'error', error: errorRecord(error) }] };
      return { ok: false, error: errorRecord(error) };
    }
  };
  const journaled = (callOptions: LanguageModelV4CallOptions, live: LiveForward): Promise<RecordedModelCall> => {
    const index = calls++;
    beforeCall(index);
    return runner.run(`model:${index}`, () => record(callOptions, live));
  };
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    async doStream(callOptions) {
      const live = liveForward();
      const recorded = journaled(callOptions, live);
      // resolves with the first part passed through live, or once the call is recorded
      const first = await Promise.race([live.started, recorded.then(() => undefined)]);
      if (first === undefined && live.forwarded === 0) {
        const done = await recorded;
        if (!done.ok) throw Object.assign(new Error(done.error.message), done.error);
      }
      return {
        stream: new ReadableStream<LanguageModelV4StreamPart>({
          async start(controller) {
            live.attach(controller);
            const done = await recorded;
            live.drain();
            if (!done.ok) return controller.error(Object.assign(new Error(done.error.message), done.error));
            for (const part of done.parts.slice(live.forwarded)) controller.enqueue(fromJsonPart(part));
            controller.close();
          },
        }),
      };
    },
    async doGenerate(callOptions) {
      // the runtime streams every step (one streamText call); a generate call is answered from the same recording
      const done = await journaled(callOptions, liveForward());
      if (!done.ok) throw Object.assign(new Error(done.error.message), done.error);
      const parts = done.parts.map(fromJsonPart);
      const finish = parts.find((part) => part.type === 'finish');
      const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('');
      const toolCalls = parts.flatMap((part) => (part.type === 'tool-call' ? [part] : []));
      return {
        content: [...(text === '' ? [] : [{ type: 'text' as const, text }]), ...toolCalls],
        finishReason: finish?.type === 'finish' ? finish.finishReason : { unified: 'other', raw: undefined },
        usage: finish?.type === 'finish' ? finish.usage : { inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: undefined, text: undefined, reasoning: undefined } },
        warnings: [],
      } as Awaited<ReturnType<LanguageModelV4['doGenerate']>>;
    },
  };
}

/** Parts the turn only shows (never acts on): they may pass through before the call is recorded. */
const SHOWN_ONLY = new Set(['stream-start', 'response-metadata', 'text-start', 'text-delta', 'text-end', 'reasoning-start', 'reasoning-delta', 'reasoning-end']);

interface LiveForward {
  /** How many parts passed through to the turn (a prefix of the recording). */
  readonly forwarded: number;
  /** Resolves with the first part passed through. */
  readonly started: Promise<true>;
  offer(part: LanguageModelV4StreamPart): void;
  attach(controller: ReadableStreamDefaultController<LanguageModelV4StreamPart>): void;
  /** Enqueues what is still waiting (before the rest of the recording follows). */
  drain(): void;
}

/**
 * The pass-through of one model call: the prefix of shown-only parts, until the first other part.
 * The first part is released to the turn one macrotask after it arrived, not at once: a provider
 * that answers at once has then handed its whole response to the engine, whose write (Restate:
 * HTTP/2, sent from the event loop's next check phase) goes out before the turn starts its
 * stream work, so that work runs while the engine acknowledges the record instead of before it
 * is sent (issue 15, the per-step cost). A streaming provider's parts still pass through as
 * they arrive, a macrotask late.
 */
function liveForward(): LiveForward {
  let open = true;
  let forwarded = 0;
  let released = false;
  let scheduled = false;
  let controller: ReadableStreamDefaultController<LanguageModelV4StreamPart> | undefined;
  const waiting: LanguageModelV4StreamPart[] = [];
  let start!: (value: true) => void;
  const started = new Promise<true>((resolve) => (start = resolve));
  const release = () => {
    released = true;
    if (controller !== undefined) for (const part of waiting.splice(0)) controller.enqueue(part);
    start(true);
  };
  return {
    get forwarded() {
      return forwarded;
    },
    started,
    offer(part) {
      if (!open || !SHOWN_ONLY.has(part.type)) {
        open = false;
        return;
      }
      forwarded += 1;
      const copy = fromJsonPart(toJsonPart(part));
      if (released && controller !== undefined) return controller.enqueue(copy);
      waiting.push(copy);
      if (scheduled) return;
      scheduled = true;
      afterPendingIo(release);
    },
    attach(next) {
      controller = next;
      if (released) for (const part of waiting.splice(0)) next.enqueue(part);
    },
    drain() {
      if (controller !== undefined) for (const part of waiting.splice(0)) controller.enqueue(part);
    },
  };
}

/** `fn` in the event loop's next check phase (after pending I/O callbacks and writes); a task where there is no `setImmediate`. */
function afterPendingIo(fn: () => void): void {
  if (typeof setImmediate === 'function') setImmediate(fn);
  else setTimeout(fn, 0);
}

function toJsonPart(part: LanguageModelV4StreamPart): unknown {
  if (part.type === 'error') return { type: 'error', error: errorRecord(part.error) };
  return JSON.parse(JSON.stringify(part, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)));
}

function fromJsonPart(part: unknown): LanguageModelV4StreamPart {
  const value = part as LanguageModelV4StreamPart & { timestamp?: unknown; error?: RecordedModelCall & { message?: string } };
  if (value.type === 'response-metadata' && typeof value.timestamp === 'string') return { ...value, timestamp: new Date(value.timestamp) };
  if (value.type === 'error') {
    const error = value.error as unknown as { message: string };
    return { type: 'error', error: Object.assign(new Error(error.message), error) };
  }
  return value;
}

function errorRecord(error: unknown): { name: string; message: string; isRetryable: boolean; code?: string } {
  const record = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; message?: unknown; isRetryable?: unknown; code?: unknown };
  return {
    name: typeof record.name === 'string' ? record.name : 'Error',
    message: typeof record.message === 'string' ? record.message : describeThrown(error),
    isRetryable: record.isRetryable === true,
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
  };
}
