import type { UIMessageStreamWriterWithOutcome } from 'ai';
import type { TurnResult } from '../runtime/runtime-options.js';
import type { TurnStreamPart } from '../runtime/turn-stream-part.js';
import { createTurnUIChunkMapper, type TurnEnd } from './create-turn-ui-chunk-mapper.js';
import type { TurnUIMessage, TurnUIMessageChunk } from './turn-ui-message.js';

/** What {@link writeTurnUIChunks} maps (internal to turnscope/ui). */
export interface TurnUIChunkSource {
  readonly parts: AsyncIterable<TurnStreamPart>;
  readonly turnId: string;
  /** The turn's final result, awaited once the parts end; `undefined`: the `turn-end` part's fields. */
  readonly result?: () => PromiseLike<TurnResult | undefined> | TurnResult | undefined;
  readonly onError: (error: unknown) => string;
  readonly sendReasoning: boolean;
  readonly sendSources: boolean;
  /** Chunks written right after `start`, before the parts (e.g. `tool-output-denied` for denials in the request, C27). Default none. */
  readonly leading?: readonly TurnUIMessageChunk[];
  /**
   * Awaited after each part's chunks are written, before the next part is read (ChunkDemand.wait):
   * the stream's reader asking for more. Default: none, every part is read as it comes.
   */
  readonly demand?: () => Promise<void> | undefined;
}

/**
 * Writes one turn's stream parts as UI message chunks to a `createUIMessageStream` writer — the
 * one place the mapping happens, for the in-process turn (`createTurnUIMessageStream`) and for
 * any stream of parts (`createTurnPartsUIMessageStream`, e.g. a durable turn's live output).
 * `start` first, each part mapped, then the `finish` chunks built from the result when one is
 * given, else from the `turn-end` part (with `turnId`); sets the writer's outcome. Returns how
 * the turn ended. Throws an `Error` when the parts end with no `turn-end` and no result (e.g.
 * the live-turn hub closed the connection): the SDK stream sends it as an `error` chunk.
 */
export async function writeTurnUIChunks(writer: UIMessageStreamWriterWithOutcome<TurnUIMessage>, source: TurnUIChunkSource): Promise<TurnEnd> {
  const mapper = createTurnUIChunkMapper({ turnId: source.turnId, onError: source.onError, sendReasoning: source.sendReasoning, sendSources: source.sendSources });
  for (const chunk of mapper.start()) writer.write(chunk);
  for (const chunk of source.leading ?? []) writer.write(chunk);
  let ended: TurnEnd | undefined;
  for await (const part of source.parts) {
    if (part.type === 'turn-end') {
      const { status, reason, usage, error } = part;
      ended = { turnId: source.turnId, status, reason: reason as TurnEnd['reason'], usage, ...(error === undefined ? {} : { error }) };
    }
    for (const chunk of mapper.map(part)) writer.write(chunk);
    const asked = source.demand?.();
    if (asked !== undefined) await asked;
  }
  const end = (await source.result?.()) ?? ended;
  if (end === undefined) throw new Error(`The stream parts of turn ${source.turnId} ended before its turn-end part and no result was given; read the turn's result or its live output again.`);
  for (const chunk of mapper.finish(end)) writer.write(chunk);
  writer.setOutcome(outcomeOf(end));
  return end;
}

function outcomeOf(end: TurnEnd): { status: 'completed' } | { status: 'aborted' } | { status: 'failed'; error: unknown } {
  if (end.status === 'completed') return { status: 'completed' };
  return end.status === 'cancelled' ? { status: 'aborted' } : { status: 'failed', error: end.error };
}
