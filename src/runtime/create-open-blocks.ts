import type { ModelOutputPart, TurnStreamPart } from './turn-stream-part.js';

/** The end part of each block type a model output part can open. */
const END_OF: Readonly<Record<string, 'text-end' | 'reasoning-end' | 'tool-input-end'>> = {
  'text-start': 'text-end',
  'reasoning-start': 'reasoning-end',
  'tool-input-start': 'tool-input-end',
};

/**
 * The text, reasoning and tool-input blocks a turn's model opened and has not closed yet, by id,
 * with the step and attempt that opened them (internal to the turn recorder). A provider stream
 * that fails (an `error` part, a thrown stream, an abort) after a `*-start` sends no `*-end`:
 * `streamText` passes that on as it is, and ai's chat core then keeps such a part `streaming`
 * (a tool part `input-streaming`, which it also reads as a call waiting for the user) forever.
 * The recorder asks {@link OpenBlocks.close} for the missing end parts before the `retry` or
 * `turn-end` part that abandons the attempt, so every `*-start` on a turn's stream has its `*-end`.
 */
export interface OpenBlocks {
  /** Notes a part the model streamed: a `*-start` opens its block, the matching `*-end` closes it. */
  note(part: ModelOutputPart & { stepIndex: number; attempt: number }): void;
  /** The end parts of every block still open, in the order the blocks opened; none stays open. */
  close(): TurnStreamPart[];
}

/** Creates an empty {@link OpenBlocks}. */
export function createOpenBlocks(): OpenBlocks {
  const open = new Map<string, TurnStreamPart>();
  return {
    note(part) {
      const end = END_OF[part.type];
      const id = (part as { id?: unknown }).id;
      if (typeof id !== 'string') return;
      if (end !== undefined) {
        open.set(`${end}:${id}`, { type: end, id, stepIndex: part.stepIndex, attempt: part.attempt } as TurnStreamPart);
      } else if (part.type === 'text-end' || part.type === 'reasoning-end' || part.type === 'tool-input-end') {
        open.delete(`${part.type}:${id}`);
      }
    },
    close() {
      const ends = [...open.values()];
      open.clear();
      return ends;
    },
  };
}
