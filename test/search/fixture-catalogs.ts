import { jsonSchema, tool, type ToolSet } from 'ai';
import { fileURLToPath } from 'node:url';
import { beforeAll } from 'vitest';
import type { EvalDataset } from '../../src/eval/eval-dataset.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';
import type { RankerDocument, ToolRanker } from '../../src/search/tool-ranker.js';

/** The shipped datasets (test/fixtures/datasets), by folder name. */
export const DATASET_NAMES = ['metatool', 'livemcpbench', 'bfcl', 'mcp-catalog'] as const;

const root = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));

/** A shipped catalog (no queries), tool ids unique (`<group>__<name>` for names offered twice). */
export function loadFixtureCatalog(name: (typeof DATASET_NAMES)[number]): Promise<EvalDataset> {
  return loadEvalDataset({ catalogFile: `${root}${name}/catalog.json` });
}

/** A shipped catalog as ranker documents, canonical name = tool id. */
export async function loadFixtureDocuments(name: (typeof DATASET_NAMES)[number]): Promise<RankerDocument[]> {
  const dataset = await loadFixtureCatalog(name);
  return dataset.tools.map((tool) => rankerDocumentOf({ ...tool, name: tool.id }));
}

/**
 * The names the default hybrid ranker ranks first over a shipped catalog, for ranking tests:
 * call it at a test file's or `describe` block's top level; the ranker is built once, in that
 * scope's `beforeAll`. `maxResults` defaults to 5 (the default search limit).
 */
export function fixtureRankerNames(name: (typeof DATASET_NAMES)[number]): (query: string, maxResults?: number) => string[] {
  let ranker: ToolRanker | undefined;
  beforeAll(async () => {
    ranker = createHybridRanker(await loadFixtureDocuments(name));
  });
  return (query, maxResults = 5) => ranker!.rank(query, maxResults).map((match) => match.name);
}

/**
 * A fixture catalog as an AI SDK ToolSet: each tool with its real description and input schema
 * (a plain JSON schema through `jsonSchema`), and an `execute` that answers `'ok'`.
 */
export async function loadFixtureToolSet(name: (typeof DATASET_NAMES)[number]): Promise<ToolSet> {
  const catalog = await loadFixtureCatalog(name);
  return Object.fromEntries(
    catalog.tools.map((entry) => [
      entry.id,
      tool({
        description: entry.description,
        inputSchema: jsonSchema((entry.inputSchema as object | undefined) ?? { type: 'object', properties: {} }),
        execute: async () => 'ok',
      }),
    ]),
  );
}
