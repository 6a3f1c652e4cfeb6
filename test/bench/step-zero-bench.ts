// Step 0's request size by catalog size (part of `npm run bench`; `-- --step0` runs only this):
// the real tools of the four shipped catalogs, synthesized up to each size (as the search bench
// does), bound with their groups, one turn sent through the scripted model. Prints a table;
// asserts nothing (the budget itself is tested by test/catalog/inventory-budget.test.ts and S15).
import { jsonSchema, tool, type ToolSet } from 'ai';
import { fileURLToPath } from 'node:url';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import type { EvalTool } from '../../src/eval/eval-dataset.js';
import { loadEvalDataset } from '../../src/eval/load-eval-dataset.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { synthesizeCatalog } from './synthesize-catalog.js';

/** The sizes of the issue: 23, 301, 1,000, 10,000, 50,000 and 100,000 tools. */
export const STEP_ZERO_SIZES = [23, 301, 1_000, 10_000, 50_000, 100_000];

export interface StepZeroRow {
  readonly tools: number;
  readonly groups: number;
  /** Characters of every tool definition in step 0's request (`measureDefinitionChars` summed). */
  readonly requestToolChars: number;
  /** Of which `tool_search`'s complete definition. */
  readonly toolSearchChars: number;
  /** `JSON.stringify({ prompt, tools })` of the request the scripted model received: the body's tools and messages. */
  readonly requestBodyChars: number;
  /** Every bound definition's characters: what step 0 would carry with nothing deferred. */
  readonly allUpFrontChars: number;
  /** The inventory's level: `all names`, `names per group`, `counts`, or `largest groups`. */
  readonly inventoryLevel: string;
  /** Time to build the runtime (catalog, inventory, search index), in ms. */
  readonly buildMs: number;
}

async function pool(): Promise<EvalTool[]> {
  const root = fileURLToPath(new URL('../fixtures/datasets/', import.meta.url));
  const tools: EvalTool[] = [];
  // the MCP catalog first: its 301 tools (and its first 23) are a real MCP deployment
  for (const name of ['mcp-catalog', 'livemcpbench', 'metatool', 'bfcl']) {
    const dataset = await loadEvalDataset({ catalogFile: `${root}${name}/catalog.json` });
    tools.push(...dataset.tools.map((entry) => ({ ...entry, id: tools.some((other) => other.id === entry.id) ? `${name}__${entry.id}` : entry.id })));
  }
  return tools;
}

/** A canonical name (`^[a-zA-Z0-9_-]{1,64}$`) for a synthesized tool id. */
function canonical(id: string, taken: Set<string>): string {
  let name = id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  for (let suffix = 2; taken.has(name); suffix += 1) name = `${id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 58)}_${suffix}`;
  taken.add(name);
  return name;
}

export async function runStepZeroBench(options: { readonly sizes?: readonly number[]; readonly onRow?: (row: StepZeroRow) => void } = {}): Promise<StepZeroRow[]> {
  const tools = await pool();
  const rows: StepZeroRow[] = [];
  for (const size of options.sizes ?? STEP_ZERO_SIZES) {
    const catalog = synthesizeCatalog(tools, size);
    const toolSet: ToolSet = {};
    const groups: Record<string, string[]> = {};
    // the two names turnscope reserves for its own search tool (a dataset has a tool_search)
    const taken = new Set<string>(['tool_search', 'turnscope_tool_search']);
    for (const entry of catalog) {
      const name = canonical(entry.id, taken);
      const schema = typeof entry.inputSchema === 'object' && entry.inputSchema !== null ? entry.inputSchema : { type: 'object', properties: {} };
      toolSet[name] = tool({ description: entry.description, inputSchema: jsonSchema(schema as never), execute: async () => 'ok' });
      (groups[entry.group.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 64) || 'other'] ??= []).push(name);
    }
    const builtAt = performance.now();
    const runtime = createToolSearchRuntime({ tools: toolSet, groups, direct: [] });
    const buildMs = performance.now() - builtAt;
    const scripted = createScriptedModel({ steps: [{ text: 'ok' }] });
    await runtime.send({ model: scripted.model, prompt: 'Open an issue about the failing deploy.' }).result;
    const request = scripted.requests[0]!;
    const charsOf = (definition: (typeof request.tools)[number]) =>
      measureDefinitionChars({ name: definition.name, description: definition.description ?? '', inputSchema: definition.inputSchema as never });
    const row: StepZeroRow = {
      tools: size,
      groups: Object.keys(groups).length,
      requestToolChars: request.tools.reduce((sum, definition) => sum + charsOf(definition), 0),
      toolSearchChars: charsOf(request.tools.find((definition) => definition.name === 'tool_search')!),
      requestBodyChars: JSON.stringify({ prompt: request.prompt, tools: request.tools }).length,
      allUpFrontChars: runtime.catalog.totalSchemaChars,
      inventoryLevel: levelOf(runtime.inventory),
      buildMs,
    };
    rows.push(row);
    options.onRow?.(row);
  }
  return rows;
}

function levelOf(inventory: string): string {
  if (!inventory.startsWith('Not every name fits')) return 'all names';
  if (inventory.includes(' more group')) return 'largest groups';
  return /\(\d[\d,]* tools?\): /.test(inventory) ? 'names per group' : 'counts';
}

export function formatStepZeroBench(rows: readonly StepZeroRow[]): string {
  const number = (value: number) => Math.round(value).toLocaleString('en-US');
  const lines = [
    '| tools | groups | step 0 tool chars | tool_search chars | request body chars | all schemas up front | inventory | runtime build ms |',
    '|---:|---:|---:|---:|---:|---:|---|---:|',
  ];
  for (const row of rows) {
    lines.push(
      `| ${number(row.tools)} | ${number(row.groups)} | ${number(row.requestToolChars)} | ${number(row.toolSearchChars)} | ${number(row.requestBodyChars)} | ${number(row.allUpFrontChars)} | ${row.inventoryLevel} | ${number(row.buildMs)} |`,
    );
  }
  return lines.join('\n');
}
