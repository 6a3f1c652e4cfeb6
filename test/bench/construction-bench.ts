// Runtime construction at 1,000 and 10,000 tools (part of `npm run bench`; `npm run bench --
// --construction` runs only this): `createToolSearchRuntime` over the bench's synthesized
// catalog (the four shipped catalogs' real tools, then renamed copies: synthesize-catalog.ts) in
// its groups, every tool deferred, before any search: the catalog, the bindings and the default ranker's
// index, timed like the search bench's index build (wall, and CPU of every thread of the
// process), the sizes in order in one process. Prints a Markdown table; asserts nothing.
import { fileURLToPath } from 'node:url';
import { jsonSchema, tool, type ToolSet } from 'ai';
import type { EvalTool } from '../../src/eval/eval-dataset.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { shippedThesaurus } from '../../src/search/shipped-thesaurus.js';
import { synthesizeCatalog } from './synthesize-catalog.js';

export const CONSTRUCTION_SIZES = [1_000, 10_000];

export interface ConstructionBenchRow {
  readonly tools: number;
  /** Wall time of `createToolSearchRuntime`, in ms. */
  readonly wallMs: number;
  /** CPU time of the same call (user + system, every thread of the process), in ms. */
  readonly cpuMs: number;
}

const root = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
const gc = (globalThis as { gc?: () => void }).gc;

/**
 * The shipped catalogs' tools as AI SDK tools, `size` of them ({@link synthesizeCatalog}), named
 * as providers accept (`PDF&URLTool` → `PDF_URLTool`) and turnscope allows, with the catalog's
 * groups as the `groups` option (a copy's group `<group>-c2` holds `c2__<name>` …, names that
 * share a prefix, as an MCP server's `mcp__<server>__<tool>` do).
 */
function bindingOf(pool: readonly EvalTool[], size: number): { tools: ToolSet; groups: Record<string, string[]> } {
  const tools: ToolSet = {};
  const groups: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const entry of synthesizeCatalog(pool, size)) {
    const valid = entry.id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 58);
    // turnscope reserves its search tool's names (BFCL and LiveMCPBench have a `tool_search`)
    const unique = Object.hasOwn(tools, valid) ? `${valid}_${Object.keys(tools).length}` : valid;
    const name = /^(turnscope_)?tool_?search$/i.test(unique) ? `${unique}_bound` : unique;
    tools[name] = tool({
      description: entry.description,
      inputSchema: jsonSchema((entry.inputSchema ?? { type: 'object', properties: {} }) as never),
      execute: async () => 'ok',
    });
    (groups[entry.group] ??= []).push(name);
  }
  return { tools, groups };
}

export async function runConstructionBench(options: { readonly sizes?: readonly number[] } = {}): Promise<ConstructionBenchRow[]> {
  const pool: EvalTool[] = [];
  for (const name of ['metatool', 'livemcpbench', 'bfcl', 'mcp-catalog']) {
    const dataset = await loadEvalDataset({ catalogFile: `${root}${name}/catalog.json` });
    pool.push(...dataset.tools.map((entry) => ({ ...entry, id: pool.some((other) => other.id === entry.id) ? `${name}__${entry.id}` : entry.id })));
  }
  // the thesaurus is read by the first runtime of a process only: read before any row, so it is in none
  shippedThesaurus();
  const rows: ConstructionBenchRow[] = [];
  for (const size of options.sizes ?? CONSTRUCTION_SIZES) {
    const binding = bindingOf(pool, size);
    gc?.();
    gc?.();
    const startedAt = performance.now();
    const cpuAt = process.cpuUsage();
    const runtime = createToolSearchRuntime(binding);
    const wallMs = performance.now() - startedAt;
    const cpu = process.cpuUsage(cpuAt);
    if (runtime.catalog.entries.length !== size) throw new Error(`the runtime has ${runtime.catalog.entries.length} tools, not ${size}`);
    rows.push({ tools: size, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 });
  }
  return rows;
}

export function formatConstructionBench(rows: readonly ConstructionBenchRow[]): string {
  const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
  return [
    '| runtime construction | tools | wall ms | CPU ms |',
    '|---|---:|---:|---:|',
    ...rows.map((row) => `| runtime construction | ${row.tools.toLocaleString('en-US')} | ${ms(row.wallMs)} | ${ms(row.cpuMs)} |`),
  ].join('\n');
}
