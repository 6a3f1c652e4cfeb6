import { tool, type Tool } from 'ai';
import { z } from 'zod';
import type { ArtifactStore } from './artifact-store.js';

/** The name the truncation note of the memory store tells the model to call. */
export const ARTIFACT_READ_TOOL_NAME = 'read_artifact';

/** Default and most lines one `read_artifact` call returns. */
const DEFAULT_READ_LINES = 500;
const MAX_READ_LINES = 2_000;
/** Default most UTF-8 bytes one call returns: under the truncation stage's default, so a read is not truncated again. */
const DEFAULT_READ_BYTES = 40_960;

/**
 * A tool that reads a stored artifact by lines, so the model can use the reference in a
 * truncation note. Bind it under `read_artifact` (e.g. as a direct tool) next to a
 * {@link createMemoryArtifactStore}; with {@link createFileArtifactStore} the model can also use
 * its own file tools on the path. Input `{ id, offset?, limit? }`: `offset` is the 1-based first
 * line (default 1), `limit` the number of lines (default 500, at most 2,000). The answer starts
 * with `lines a-b of n` and says where to continue; a line over the byte budget is cut.
 *
 * @param options.maxBytes UTF-8 bytes one call returns at most. Default 40,960.
 */
export function createArtifactReadTool(options: { readonly store: ArtifactStore; readonly maxBytes?: number }): Tool<{ id: string; offset?: number | undefined; limit?: number | undefined }, string> {
  const maxBytes = options.maxBytes ?? DEFAULT_READ_BYTES;
  return tool({
    description: 'Read part of a tool output that was too long and was stored as an artifact. Give the artifact id from the note and the first line to read.',
    inputSchema: z.object({
      id: z.string().describe('The artifact id, e.g. art_0123456789abcdef01234567.'),
      offset: z.number().int().min(1).optional().describe('1-based first line to read. Default 1.'),
      limit: z.number().int().min(1).max(MAX_READ_LINES).optional().describe(`Lines to read. Default ${DEFAULT_READ_LINES}, at most ${MAX_READ_LINES}.`),
    }),
    execute: async ({ id, offset = 1, limit = DEFAULT_READ_LINES }) => {
      const content = await options.store.get(id);
      if (content === undefined) throw new Error(`There is no artifact ${JSON.stringify(id)} (it was never stored or is gone).`);
      const lines = content.split(/(?<=\n)/);
      if (offset > lines.length) throw new Error(`Artifact ${id} has ${lines.length} lines; offset ${offset} is past its end.`);
      const picked: string[] = [];
      let bytes = 0;
      for (const line of lines.slice(offset - 1, offset - 1 + limit)) {
        const size = Buffer.byteLength(line, 'utf8');
        if (bytes + size > maxBytes) {
          if (picked.length === 0) picked.push(`${Buffer.from(line, 'utf8').subarray(0, maxBytes).toString('utf8').replace(/\uFFFD$/, '')}\n[line ${offset} is longer than ${maxBytes} bytes; the rest of it was cut]\n`);
          break;
        }
        picked.push(line);
        bytes += size;
      }
      const last = offset + picked.length - 1;
      const more = last < lines.length ? ` Continue with offset ${last + 1}.` : '';
      return `[${id}: lines ${offset}-${last} of ${lines.length}.${more}]\n${picked.join('')}`;
    },
  });
}
