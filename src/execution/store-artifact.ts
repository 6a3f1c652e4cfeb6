import { createHash } from 'node:crypto';
import { describeThrown } from '../errors/describe-thrown.js';
import type { ArtifactReference, ArtifactStore } from './artifact-store.js';
import type { TruncatedModelOutput } from './truncate-model-output.js';
import type { OutputLimit } from './truncate-text.js';
import type { CallStop } from './call-stop.js';
import { runStage } from './run-stage.js';

/**
 * The artifacts stage (C4): stores the whole output of a truncated result through `store` and
 * writes the note the model reads between head and tail — what was cut, and where the whole
 * output is and how to read it. A store that is off (`undefined`) or fails leaves the note
 * saying the cut part is not kept. When the store's note names a read tool, the note says so if
 * that tool is not bound to the turn, or to load it with `tool_search` if it is deferred. Never
 * throws, whatever the store throws or returns (a reference without a string `id`, `uri` and
 * `howToRead` is a failure of the store).
 *
 * `put` is awaited under `signal` (the call's budget, C17): when the budget is spent first, the
 * note says the store did not answer in time and the result has `timedOut: true`; when the turn
 * ends first (or had ended), this returns a {@link CallStop} and `put` is not called.
 *
 * The artifact id is derived from the operation id, so a replayed call stores the same id.
 */
export async function storeArtifact(options: {
  readonly truncated: TruncatedModelOutput;
  readonly limit: OutputLimit;
  readonly store: ArtifactStore | undefined;
  readonly operationId: string;
  readonly turnId: string;
  readonly toolCallId: string;
  readonly toolName: string;
  /** True for a tool bound to this turn (B). Default: every name. */
  readonly isBound?: (name: string) => boolean;
  /** True for a tool visible in this step. Default: every name. */
  readonly isVisible?: (name: string) => boolean;
  /** The call's signal. Default: never aborts. */
  readonly signal?: AbortSignal;
  /** True when `signal` aborted because the call's budget was spent (not the turn). */
  readonly timedOut?: () => boolean;
  /** The call's budget in ms, for the note. */
  readonly timeoutMs?: number;
}): Promise<{ readonly modelOutput: unknown; readonly artifact: ArtifactReference | undefined; readonly timedOut?: boolean } | CallStop> {
  const { truncated, limit, store } = options;
  const { cut } = truncated;
  let artifact: ArtifactReference | undefined;
  let where: string;
  let timedOut = false;
  if (store === undefined) {
    where = 'The cut part was not kept.';
  } else {
    const signal = options.signal ?? new AbortController().signal;
    const put = await runStage(signal, async () => {
      const reference = await store.put({
        id: artifactIdOf(options.operationId),
        content: truncated.fullText,
        mediaType: truncated.mediaType,
        operationId: options.operationId,
        turnId: options.turnId,
        toolCallId: options.toolCallId,
        toolName: options.toolName,
        cutLines: { from: cut.cutFromLine, to: cut.cutToLine },
      });
      return readReference(reference);
    });
    if (put.status === 'stopped' && options.timedOut?.() !== true) return { stopped: 'artifactStore.put', ran: true };
    if (put.status === 'done') {
      artifact = put.value;
      where = `The whole output (${cut.totalBytes} bytes, ${cut.totalLines} lines) is stored as artifact ${artifact.id}: ${howToReadIn(artifact, options)}.`;
    } else if (put.status === 'threw') {
      where = `The whole output could not be stored (${describeThrown(put.error)}), so the cut part is lost.`;
    } else {
      timedOut = true;
      where = `The whole output could not be stored (the artifact store did not answer within the call's ${options.timeoutMs ?? 0} ms timeout), so the cut part is lost.`;
    }
  }
  const lines = cut.cutFromLine === cut.cutToLine ? `line ${cut.cutFromLine}` : `lines ${cut.cutFromLine}-${cut.cutToLine}`;
  const note =
    `[turnscope: output cut to fit ${limit.maxBytes} bytes and ${limit.maxLines} lines. ` +
    `${cut.omittedBytes} bytes (${lines} of ${cut.totalLines}) between the start and the end shown here were cut. ${where}]`;
  return { modelOutput: truncated.withNote(note), artifact, ...(timedOut ? { timedOut } : {}) };
}

/** The store's reference copied into a plain object, or a throw saying what is wrong with it. */
function readReference(reference: unknown): ArtifactReference {
  const field = (name: string): unknown => (reference !== null && typeof reference === 'object' ? (reference as Record<string, unknown>)[name] : undefined);
  const [id, uri, howToRead, readToolName] = [field('id'), field('uri'), field('howToRead'), field('readToolName')];
  if (typeof id !== 'string' || typeof uri !== 'string' || typeof howToRead !== 'string') {
    throw new Error(`the artifact store returned ${describeThrown(reference)}, not a reference with a string id, uri and howToRead`);
  }
  return { id, uri, howToRead, ...(typeof readToolName === 'string' ? { readToolName } : {}) };
}

/** The store's reading instructions, checked against the tools this turn can reach. */
function howToReadIn(artifact: ArtifactReference, options: { readonly isBound?: (name: string) => boolean; readonly isVisible?: (name: string) => boolean }): string {
  const tool = artifact.readToolName;
  if (tool === undefined) return artifact.howToRead;
  if (options.isBound !== undefined && !options.isBound(tool)) return `no ${tool} tool is available in this conversation to read it`;
  if (options.isVisible !== undefined && !options.isVisible(tool)) return `load ${tool} with tool_search first, then ${artifact.howToRead}`;
  return artifact.howToRead;
}

/** `art_` and the first 24 hex characters of the operation id's sha256. */
export function artifactIdOf(operationId: string): string {
  return `art_${createHash('sha256').update(operationId).digest('hex').slice(0, 24)}`;
}
