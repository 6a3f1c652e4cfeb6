import type { AsyncIterableStream, LanguageModelUsage, ModelMessage } from 'ai';
import type { AnyActorRef } from 'xstate';
import type { TurnError, TurnFinishReason, TurnStatus, TurnStepRecord } from '../../machines/turn-types.js';
import type { TurnSnapshot } from './turn-snapshot.js';
import type { TurnStreamPart } from './turn-stream-part.js';

/** One step the model answered (the machine's record of it; see machines/turn-types.ts). */
export type { TurnStepRecord } from '../../machines/turn-types.js';

/** How a turn ended. `result` resolves with this and never rejects for a failed turn. */
export interface TurnResult {
  readonly turnId: string;
  readonly status: TurnStatus;
  /** Why: `stop`, `max-steps`, `stop-condition` (stopWhen), `awaiting-approval` and `awaiting-client` (C27), `model-error`, `retries-exhausted`, `execution-error`, `cancelled`. */
  readonly reason: TurnFinishReason;
  /** Text of the last model response. */
  readonly text: string;
  /**
   * Every step the model answered, in order. A step whose request failed or was cancelled
   * before the model answered is not listed; a step cancelled while its tools ran is listed
   * with no tool results.
   */
  readonly steps: readonly TurnStepRecord[];
  /**
   * The whole transcript: the caller's messages plus every step's messages. A new array for
   * each result (mutable, so it can go as it is to the next `send()` or to the AI SDK's
   * `streamText` / `generateText`, whose `messages` are not readonly).
   */
  readonly messages: ModelMessage[];
  /** Token usage summed over every provider request of the turn. */
  readonly usage: LanguageModelUsage;
  /** Every tool activated during the turn, in activation order (dropped from the actor, C17). */
  readonly activated: readonly string[];
  /** Set for `failed` and `cancelled`. */
  readonly error?: TurnError;
  /**
   * The structured answer when the turn had an `output` setting (e.g. `Output.object({ schema })`)
   * and ended `completed`: the last step's text parsed by it (parseTurnOutput). Absent otherwise.
   */
  readonly output?: unknown;
  /** Why `output` could not be parsed from the last step's text (the AI SDK's error, as data). */
  readonly outputError?: TurnError;
}

/** A running turn. */
export interface Turn {
  readonly turnId: string;
  /**
   * Typed parts as they happen; closes after `turn-end`. An `AsyncIterableStream` as
   * `streamText`'s `fullStream` (ai 7): a `ReadableStream` (`getReader`, `pipeThrough`, `pipeTo`,
   * `tee`, `cancel`, `locked`) that `for await` reads too.
   *
   * Backpressure as `fullStream`'s: while a reader holds the stream and the runtime's
   * `maxUnreadParts` parts (default 64) are unread, the turn stops reading the model's stream
   * until the reader reads on, lets go of the stream or the turn is cancelled. A turn nobody
   * reads never waits: parts not yet read are kept, so `await result` alone finishes and
   * reading after it settled still gives every part, ending with `turn-end`. A reader that
   * holds the stream without reading holds the turn until something waits for `result`
   * (`await`, `then`…), which lifts the bound for the rest of the turn, as `streamText`'s result
   * getters call `consumeStream()`; unread parts are then kept, however many.
   *
   * Can be read once: `getReader()` and `for await` throw a `TypeError` while another reader, a
   * pipe or a tee holds it, and after an earlier reader read it to its end or cancelled it
   * (`tee()` first for two readers). Leaving it early (a `break` out of `for await`,
   * `reader.cancel(reason)`) ends your reading, not the turn: it runs to its end and `result`
   * still settles (call `cancel()` to stop it); from then on its parts are no longer buffered.
   */
  readonly stream: AsyncIterableStream<TurnStreamPart>;
  /**
   * Resolves when the turn reaches a final state. Never rejects for a failed turn. Waiting for
   * it (`await`, `then`, `catch`, `finally`, `Promise.all`) lifts `stream`'s backpressure for
   * the rest of the turn (see `stream`); only taking it does not.
   */
  readonly result: Promise<TurnResult>;
  /** Ends the turn in `cancelled` (no-op once it has ended). */
  cancel(reason?: string): void;
  /**
   * The turn's snapshot at its latest step boundary (C28), the same the last `step-end` part
   * carries: plain JSON, to continue the turn with `runtime.resume({ snapshot, model })` in this
   * process or another. `undefined` before the first boundary; after the turn ended, the one of
   * its last boundary it went on from (resuming that one runs its remaining steps again).
   */
  snapshot(): TurnSnapshot | undefined;
  /**
   * The xstate actor running this turn, for inspection. With prefetch and an asynchronous ranker
   * (C25) the actor is created once the prefetch settled: reading `actor` before that throws an
   * `Error` (wait for the first part of `stream`, or `result`).
   */
  readonly actor: AnyActorRef;
}
