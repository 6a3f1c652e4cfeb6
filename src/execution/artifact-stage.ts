import { createHash } from 'node:crypto';
import type { ArtifactReference, ArtifactStore } from './artifact-store.js';
import type { BoundedModelOutput } from './bound-model-output.js';
import type { OutputLimit } from './bound-text.js';

/**
 * The artifacts stage (C4): stores the whole output of a bounded result through `store` and
 * writes the note the model reads between head and tail — what was cut, and where the whole
 * output is and how to read it. A store that is off (`undefined`) or fails leaves the note
 * saying the cut part is not kept. When the store's note names a read tool, the note says so if
 * that tool is not bound to the turn, or to load it with `tool_search` if it is deferred. Never
 * throws.
 *
 * The artifact id is derived from the operation id, so a replayed call stores the same id.
 */
export async function artifactStage(options: {
  readonly bounded: BoundedModelOutput;
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
}): Promise<{ readonly modelOutput: unknown; readonly artifact: ArtifactReference | undefined }> {
  const { bounded, limit } = options;
  const { cut } = bounded;
  let artifact: ArtifactReference | undefined;
  let where: string;
  if (options.store === undefined) {
    where = 'The cut part was not kept.';
  } else {
    try {
      artifact = await options.store.put({
        id: artifactIdOf(options.operationId),
        content: bounded.fullText,
        mediaType: bounded.mediaType,
        operationId: options.operationId,
        turnId: options.turnId,
        toolCallId: options.toolCallId,
        toolName: options.toolName,
        cutLines: { from: cut.cutFromLine, to: cut.cutToLine },
      });
      where = `The whole output (${cut.totalBytes} bytes, ${cut.totalLines} lines) is stored as artifact ${artifact.id}: ${howToReadIn(artifact, options)}.`;
    } catch (error) {
      where = `The whole output could not be stored (${error instanceof Error ? error.message : String(error)}), so the cut part is lost.`;
    }
  }
  const lines = cut.cutFromLine === cut.cutToLine ? `line ${cut.cutFromLine}` : `lines ${cut.cutFromLine}-${cut.cutToLine}`;
  const note =
    `[turnscope: output cut to fit ${limit.maxBytes} bytes and ${limit.maxLines} lines. ` +
    `${cut.omittedBytes} bytes (${lines} of ${cut.totalLines}) between the start and the end shown here were cut. ${where}]`;
  return { modelOutput: bounded.withNote(note), artifact };
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
