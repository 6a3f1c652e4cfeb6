import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { EvalDataset, EvalQuery, EvalTool } from './eval-dataset.js';

/** A catalog or queries file that is not in the shape the eval reads. */
export class EvalDatasetError extends Error {
  constructor(readonly file: string, detail: string) {
    super(`${file}: ${detail}`);
    this.name = 'EvalDatasetError';
  }
}

/**
 * Reads an evaluation dataset: `catalogFile` is a JSON array of `{ name, description?, group?,
 * inputSchema?, title? }`; `queriesFile` (optional) is JSON Lines of `{ id?, query, gold: string[] }`.
 * Queries whose gold names no tool of the catalog are dropped (their ids in `droppedQueries`); a tool name offered by several
 * groups gets the id `<group>__<name>` for every copy, and gold matches any copy.
 *
 * @param options.name label; default: the catalog's folder name.
 * @throws {EvalDatasetError} for unreadable JSON, a catalog with no tools, or a missing `name` / `query` / `gold`.
 */
export async function loadEvalDataset(options: {
  readonly catalogFile: string;
  readonly queriesFile?: string;
  readonly name?: string;
}): Promise<EvalDataset> {
  const tools = parseCatalog(options.catalogFile, await readFile(options.catalogFile, 'utf8'));
  const dropped: string[] = [];
  const queries =
    options.queriesFile === undefined ? [] : parseQueries(options.queriesFile, await readFile(options.queriesFile, 'utf8'), tools, dropped);
  return {
    name: options.name ?? basename(dirname(options.catalogFile)),
    tools,
    queries,
    totalQueries: queries.length,
    droppedQueries: dropped,
  };
}

function parseCatalog(file: string, text: string): EvalTool[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new EvalDatasetError(file, `not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(raw)) throw new EvalDatasetError(file, 'expected a JSON array of tools');
  // no tool: nothing to rank, and every metric would be 0 / 0
  if (raw.length === 0) throw new EvalDatasetError(file, 'expected a JSON array of tools; this one is empty');
  const entries = raw.map((item: unknown, index) => {
    const tool = item as { name?: unknown; description?: unknown; group?: unknown; inputSchema?: unknown; title?: unknown };
    if (typeof tool?.name !== 'string' || tool.name.length === 0) throw new EvalDatasetError(file, `tool ${index} has no name`);
    return {
      name: tool.name,
      description: typeof tool.description === 'string' ? tool.description : '',
      group: typeof tool.group === 'string' && tool.group.length > 0 ? tool.group : 'other',
      inputSchema: tool.inputSchema,
      title: typeof tool.title === 'string' && tool.title.length > 0 ? tool.title : undefined,
    };
  });
  const copies = new Map<string, number>();
  for (const entry of entries) copies.set(entry.name, (copies.get(entry.name) ?? 0) + 1);
  const ids = new Set<string>();
  return entries.map((entry) => {
    let id = copies.get(entry.name)! > 1 ? `${entry.group}__${entry.name}` : entry.name;
    for (let suffix = 2; ids.has(id); suffix += 1) id = `${entry.group}__${entry.name}__${suffix}`;
    ids.add(id);
    const { title, inputSchema, ...rest } = entry;
    return { id, ...rest, ...(inputSchema === undefined ? {} : { inputSchema }), ...(title === undefined ? {} : { title }) };
  });
}

function parseQueries(file: string, text: string, tools: readonly EvalTool[], dropped: string[]): EvalQuery[] {
  const known = new Set(tools.map((tool) => tool.name));
  const queries: EvalQuery[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim().length === 0) return;
    let raw: { id?: unknown; query?: unknown; gold?: unknown };
    try {
      raw = JSON.parse(line) as typeof raw;
    } catch (error) {
      throw new EvalDatasetError(file, `line ${index + 1} is not JSON (${(error as Error).message})`);
    }
    if (typeof raw.query !== 'string' || !Array.isArray(raw.gold) || !raw.gold.every((name) => typeof name === 'string')) {
      throw new EvalDatasetError(file, `line ${index + 1} needs "query" (a string) and "gold" (an array of tool names)`);
    }
    const gold = [...new Set(raw.gold as string[])].filter((name) => known.has(name));
    const id = typeof raw.id === 'string' ? raw.id : `line-${index + 1}`;
    if (gold.length === 0) dropped.push(id);
    else queries.push({ id, query: raw.query, gold });
  });
  return queries;
}
