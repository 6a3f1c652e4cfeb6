import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ArtifactReference, ArtifactStore } from './artifact-store.js';

/** Artifact ids this store accepts: no separators or dots, so an id can never leave the directory. */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * An {@link ArtifactStore} on disk: each artifact is the file `<directory>/<id>.txt` (`.json`
 * for JSON output), written whole (to a temporary name, then renamed, so a reader never sees
 * half a file). The reference is the absolute path, so a model with a file-reading tool (e.g.
 * `Read`, `Grep`, `Bash`) reads the cut lines from it directly. Files are never deleted by the
 * store: clean the directory yourself.
 *
 * @param options.directory where the files go; created on first write. Relative paths resolve
 *   against the working directory at construction.
 * @throws {InvalidOptionError} when `directory` is not a non-empty string.
 */
export function createFileArtifactStore(options: { readonly directory: string }): ArtifactStore & { readonly directory: string } {
  if (typeof options?.directory !== 'string' || options.directory.trim() === '') {
    throw new InvalidOptionError({ option: 'directory', value: options?.directory, expected: 'a directory path' });
  }
  const directory = isAbsolute(options.directory) ? options.directory : resolve(options.directory);
  const pathOf = (id: string, mediaType: string) => join(directory, `${id}${mediaType === 'application/json' ? '.json' : '.txt'}`);
  return {
    directory,
    async put(artifact): Promise<ArtifactReference> {
      if (!SAFE_ID.test(artifact.id)) throw new Error(`artifact id ${JSON.stringify(artifact.id)} is not a safe file name`);
      await mkdir(directory, { recursive: true });
      const path = pathOf(artifact.id, artifact.mediaType);
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, artifact.content, 'utf8');
      await rename(temporary, path);
      const { from, to } = artifact.cutLines;
      return {
        id: artifact.id,
        uri: path,
        howToRead: `it is the file ${path}: read ${from === to ? `line ${from}` : `lines ${from}-${to}`} of it with a file-reading tool`,
      };
    },
    async get(id) {
      if (!SAFE_ID.test(id)) return undefined;
      for (const mediaType of ['text/plain', 'application/json']) {
        try {
          return await readFile(pathOf(id, mediaType), 'utf8');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      return undefined;
    },
  };
}
