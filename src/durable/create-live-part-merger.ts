import type { TurnStreamPart } from '../runtime/turn-stream-part.js';

/** The `error` of the `retry` part a merger sends when the text of a lost execution is replaced. */
export const LOST_EXECUTION_ERROR = 'the worker running this model call stopped before its response was recorded; the call ran again';

/**
 * Merges the stream parts that the executions of one durable turn publish into the one stream a
 * client reads (issue 15, item 3). Every execution of a turn (the first, each replay after a
 * suspension, a re-execution on another worker after a crash) tells the whole turn again, in
 * the same order; `accept(execution, part)` answers what is new for the client:
 *
 * - a part is identified by its type, step, attempt, tool call (and, for text deltas, their
 *   position in the step's attempt); a part already delivered is dropped, so a replay delivers
 *   nothing twice;
 * - text deltas are the only parts delivered before the model call they come from is recorded
 *   (see `durableModel`): when a later execution's delta at a delivered position differs, or it
 *   ends the step with fewer deltas than were delivered, the merger delivers a `retry` part for
 *   that step and attempt (`delayMs: 0`, `error` {@link LOST_EXECUTION_ERROR}) and then the
 *   step's text again as the later execution tells it, one attempt higher. A client that drops
 *   a step's text of the attempt a `retry` part names (as for in-process retries) shows the
 *   recorded text;
 * - `attempt` of every later part of that step is raised by the same amount, so attempts stay
 *   increasing as in an in-process stream;
 * - nothing is delivered after `turn-end`.
 *
 * `execution` is any id that differs between executions (not journaled: a random id per
 * handler attempt). Parts are kept as given; pass plain JSON.
 */
export function createLivePartMerger(): { accept(execution: string, part: TurnStreamPart): TurnStreamPart[]; readonly ended: boolean } {
  const delivered = new Set<string>();
  const texts = new Map<string, string[]>();
  // the text part id the model gave a step's attempt (the deltas sent again after a lost execution keep it)
  const textIds = new Map<string, string>();
  const offsets = new Map<number, number>();
  const executions = new Map<string, { counts: Map<string, number>; texts: Map<string, string[]> }>();
  let ended = false;

  const renumber = (part: TurnStreamPart): TurnStreamPart => {
    const offset = 'stepIndex' in part ? (offsets.get(part.stepIndex) ?? 0) : 0;
    return offset > 0 && 'attempt' in part ? { ...part, attempt: part.attempt + offset } : part;
  };
  const replace = (key: string, own: readonly string[]): TurnStreamPart[] => {
    const [stepIndex, attempt] = key.split('|').map(Number) as [number, number];
    const offset = offsets.get(stepIndex) ?? 0;
    offsets.set(stepIndex, offset + 1);
    texts.set(key, [...own]);
    return [
      { type: 'retry', stepIndex, attempt: attempt + offset, delayMs: 0, error: LOST_EXECUTION_ERROR },
      ...own.map((text): TurnStreamPart => ({ type: 'text-delta', stepIndex, attempt: attempt + offset + 1, id: textIds.get(key) ?? 'text', text })),
    ];
  };
  // once an execution has told a step to its end, its text of that step is complete
  const settle = (own: Map<string, string[]>, matches: (stepIndex: number, attempt: number) => boolean): TurnStreamPart[] => {
    const out: TurnStreamPart[] = [];
    for (const [key, shown] of texts) {
      const [stepIndex, attempt] = key.split('|').map(Number) as [number, number];
      const told = own.get(key) ?? [];
      if (matches(stepIndex, attempt) && told.length < shown.length) out.push(...replace(key, told));
    }
    return out;
  };

  return {
    get ended() {
      return ended;
    },
    accept(execution, part) {
      if (ended) return [];
      const own = executions.get(execution) ?? { counts: new Map<string, number>(), texts: new Map<string, string[]>() };
      executions.set(execution, own);
      const base = identityOf(part);
      const occurrence = own.counts.get(base) ?? 0;
      own.counts.set(base, occurrence + 1);
      if (part.type === 'text-delta') {
        const key = `${part.stepIndex}|${part.attempt}`;
        if (!textIds.has(key)) textIds.set(key, part.id);
        const told = [...(own.texts.get(key) ?? []), part.text];
        own.texts.set(key, told);
        const shown = texts.get(key) ?? [];
        texts.set(key, shown);
        if (occurrence < shown.length) return shown[occurrence] === part.text ? [] : replace(key, told);
        shown.push(part.text);
        return [renumber(part)];
      }
      const out =
        part.type === 'step-end'
          ? settle(own.texts, (stepIndex) => stepIndex === part.stepIndex)
          : part.type === 'retry'
            ? settle(own.texts, (stepIndex, attempt) => stepIndex === part.stepIndex && attempt <= part.attempt)
            : part.type === 'turn-end'
              ? settle(own.texts, () => true)
              : [];
      const id = `${base}#${occurrence}`;
      if (delivered.has(id)) return out;
      delivered.add(id);
      if (part.type === 'turn-end') ended = true;
      return [...out, renumber(part)];
    },
  };
}

/** What makes a part the same part in every execution (its occurrence is counted on top). */
function identityOf(part: TurnStreamPart): string {
  const record = part as { type: string; stepIndex?: number; attempt?: number; toolCallId?: string; parentToolCallId?: string; names?: readonly string[] };
  switch (part.type) {
    case 'tool-call':
    case 'tool-result':
    case 'search':
      return `${part.type}|${part.stepIndex}|${record.parentToolCallId ?? ''}|${part.toolCallId}`;
    case 'activation':
      return `activation|${part.stepIndex}|${JSON.stringify(part.names)}`;
    case 'turn-end':
      return 'turn-end';
    default:
      return `${record.type}|${record.stepIndex ?? ''}|${record.attempt ?? ''}`;
  }
}
