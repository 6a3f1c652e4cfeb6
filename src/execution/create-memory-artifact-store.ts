import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { ARTIFACT_READ_TOOL_NAME } from './create-artifact-read-tool.js';
import type { Artifact, ArtifactReference, ArtifactStore } from './artifact-store.js';

/** The default artifact store: contents in memory, for the life of the runtime. */
export interface MemoryArtifactStore extends ArtifactStore {
  put(artifact: Artifact): ArtifactReference;
  get(id: string): string | undefined;
  /** Ids stored now, oldest first. */
  ids(): string[];
}

/** Default `maxBytes` of {@link createMemoryArtifactStore}: 64 MiB. */
export const DEFAULT_MEMORY_ARTIFACT_MAX_BYTES = 67_108_864;

/**
 * An {@link ArtifactStore} in memory. The model reaches an artifact through a tool that reads
 * it — bind `read_artifact: createArtifactReadTool({ store })`, and the truncation note tells the
 * model to call it with the artifact's id and the first cut line.
 *
 * @param options.maxBytes UTF-8 bytes of content kept (default 64 MiB); past it the oldest
 *   artifacts are dropped (reading one then says it is gone).
 * @param options.readToolName the name the read tool is bound under. Default `read_artifact`.
 * @throws {InvalidOptionError} when `maxBytes` is not a whole number ≥ 1.
 */
export function createMemoryArtifactStore(options: { readonly maxBytes?: number; readonly readToolName?: string } = {}): MemoryArtifactStore {
  const maxBytes = options.maxBytes ?? DEFAULT_MEMORY_ARTIFACT_MAX_BYTES;
  if (!Number.isInteger(maxBytes) || maxBytes < 1) throw new InvalidOptionError({ option: 'maxBytes', value: maxBytes, expected: 'a whole number of bytes ≥ 1' });
  const readToolName = options.readToolName ?? ARTIFACT_READ_TOOL_NAME;
  const contents = new Map<string, { content: string; bytes: number }>();
  let storedBytes = 0;
  const remove = (id: string) => {
    const existing = contents.get(id);
    if (existing === undefined) return;
    storedBytes -= existing.bytes;
    contents.delete(id);
  };
  return {
    put(artifact): ArtifactReference {
      remove(artifact.id);
      const bytes = Buffer.byteLength(artifact.content, 'utf8');
      contents.set(artifact.id, { content: artifact.content, bytes });
      storedBytes += bytes;
      for (const oldest of contents.keys()) {
        if (storedBytes <= maxBytes || oldest === artifact.id) break;
        remove(oldest);
      }
      return {
        id: artifact.id,
        uri: `artifact:${artifact.id}`,
        howToRead: `call ${readToolName} with ${JSON.stringify({ id: artifact.id, offset: artifact.cutLines.from })} to read from the first cut line`,
        readToolName,
      };
    },
    get: (id) => contents.get(id)?.content,
    ids: () => [...contents.keys()],
  };
}
