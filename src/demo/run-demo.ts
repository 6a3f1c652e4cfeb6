import type { TurnStatus } from '../../machines/turn-types.js';
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModel } from 'ai';
import { createToolSearchRuntime } from '../index.js';
import type { BoundMcpTools } from '../mcp/bind-mcp-tools.js';
import { bindDemoServers } from './bind-demo-servers.js';
import { createDemoTrace, type DemoCallRecord, type DemoSearchRecord, type DemoStepRecord } from './create-demo-trace.js';
import { DemoModel } from './demo-model.js';
import { createDemoTask } from './create-demo-task.js';
import { DEMO_PROFILE_NAMES, demoProfiles } from './demo-profiles.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { DEMO_CODE_MODE_INSTRUCTIONS, DEMO_INSTRUCTIONS } from './demo-instructions.js';
import { renderDemoPrompt } from './render-demo-prompt.js';
import { formatNumber } from './format-number.js';
import { formatReport } from '../report/format-report.js';
import { parseTrace } from '../report/parse-trace.js';
import { summarizeTrace } from '../report/summarize-trace.js';
import type { TraceSummary } from '../report/trace-summary.js';
import { jsonlFileSink } from '../telemetry/jsonl-file-sink.js';
import type { TelemetrySink } from '../telemetry/telemetry-sink.js';

/** Options of {@link runDemo}. */
export interface RunDemoOptions {
  /** The model for every step. Default: the embedded deterministic {@link DemoModel}. */
  readonly model?: LanguageModel;
  /**
   * Run the turn in code mode (`toolMode: 'code'`): `exec` is visible on every step and the
   * embedded model calls the tools a search found from JavaScript through it. Default false.
   */
  readonly codeMode?: boolean;
  /**
   * Run the turn under one of the demo's execution profiles ({@link DEMO_PROFILE_NAMES}:
   * `files-only`, `memory-only`): its tools are the turn's exact ceiling (C6) and its
   * instructions come first. Default: no profile, every bound tool is in reach.
   */
  readonly profile?: string;
  /** Receives the printed trace one line at a time, without trailing newlines. */
  readonly output: (line: string) => void;
  /** Aborting it stops the servers' start or cancels the turn; cleanup still runs. */
  readonly abortSignal?: AbortSignal;
  /** Milliseconds each MCP server gets to start. Default 15000. */
  readonly startTimeoutMs?: number;
  /**
   * Where to keep the turn's JSONL trace (appended, with `machine.transition` records).
   * Default: a file in the temporary directory, removed with it.
   */
  readonly tracePath?: string;
  /**
   * More sinks for the turn's telemetry, next to the trace file: e.g. the live visualizer's
   * (`turnscope demo --visualize`). Default: none.
   */
  readonly telemetry?: readonly TelemetrySink[];
}

/** What one demo run did. */
export interface DemoResult {
  /** The turn's final state. */
  readonly status: TurnStatus;
  /** Why the turn ended (`stop`, `max-steps`, `model-error`, …). */
  readonly reason: string;
  /** The model's final text. */
  readonly text: string;
  /** Wall time of the whole run in milliseconds, server start and cleanup included. */
  readonly durationMs: number;
  readonly steps: readonly DemoStepRecord[];
  readonly calls: readonly DemoCallRecord[];
  readonly searches: readonly DemoSearchRecord[];
  /**
   * Schema characters: `sent` = the visible definitions summed over every provider request;
   * `everySchemaEveryStep` = all bound definitions × the number of requests; `saved` = the
   * difference; `bound` = all bound definitions once. With a `profile`, "bound" means the
   * profile's tools: they are B for that turn.
   */
  readonly schemaChars: { readonly sent: number; readonly everySchemaEveryStep: number; readonly saved: number; readonly bound: number };
  /** The file the task asks for, read from disk before the workspace was removed. */
  readonly file: { readonly path: string; readonly expectedContent: string; readonly contentOnDisk: string | undefined };
  /** The temporary workspace (already removed when this resolves). */
  readonly workspaceDir: string;
  /** The report of this turn's trace (C22), as printed at the end. */
  readonly report: TraceSummary;
}

/**
 * The demo: one turn against real MCP servers with every tool deferred. Starts
 * `@modelcontextprotocol/server-filesystem` on a fresh temporary workspace and
 * `@modelcontextprotocol/server-memory` with its file in the same temporary directory, binds all
 * their tools as deferred (`direct: []`) grouped by server, runs one turn and prints per step
 * the visible tools, searches, calls and their outcomes, then the schema characters saved
 * against sending every schema on every step. The servers are closed and the temporary
 * directory removed on every exit path.
 *
 * @returns the run's records; `status` says whether the turn completed. Never rejects for a
 *   failed or cancelled turn.
 * @throws {McpServerStartError} a server failed to start (after cleanup).
 * @throws {InvalidOptionError} `profile` is not one of {@link DEMO_PROFILE_NAMES} (before any server starts).
 */
export async function runDemo(options: RunDemoOptions): Promise<DemoResult> {
  const { output } = options;
  if (options.profile !== undefined && !DEMO_PROFILE_NAMES.includes(options.profile)) {
    throw new InvalidOptionError({ option: 'profile', value: options.profile, expected: `one of the demo's profiles: ${DEMO_PROFILE_NAMES.join(', ')}` });
  }
  const startedAt = Date.now();
  const tempDir = await realpath(await mkdtemp(join(tmpdir(), 'turnscope-demo-')));
  const workspaceDir = join(tempDir, 'workspace');
  const task = createDemoTask({ workspaceDir });
  let bound: BoundMcpTools | undefined;
  try {
    await mkdir(workspaceDir);
    output(
      'turnscope demo: one turn, real MCP servers over stdio, every tool deferred behind tool_search' +
        (options.codeMode === true ? '; code mode: exec runs JavaScript that calls them' : ''),
    );
    output(`workspace  ${workspaceDir}`);
    bound = await bindDemoServers({ workspaceDir, tempDir, startTimeoutMs: options.startTimeoutMs, abortSignal: options.abortSignal });
    const servers = Object.entries(bound.groups).map(([server, names]) => `${server} (${names.length} tools)`);
    output(`servers    ${servers.join(', ')}, started in ${formatNumber(Date.now() - startedAt)} ms`);

    const traceSink = jsonlFileSink({ path: options.tracePath ?? join(tempDir, 'trace.jsonl'), includeInspection: true });
    const runtime = createToolSearchRuntime({
      tools: bound.tools,
      groups: bound.groups,
      sources: bound.sources,
      direct: [],
      profiles: demoProfiles(bound.groups),
      telemetry: [traceSink, ...(options.telemetry ?? [])],
      ...(options.codeMode === true ? { toolMode: 'code' as const } : {}),
    });
    const profile = options.profile === undefined ? undefined : demoProfiles(bound.groups)[options.profile];
    const ceiling = new Set(profile?.tools ?? runtime.catalog.entries.map((entry) => entry.name));
    const boundChars = runtime.catalog.entries.reduce((sum, entry) => sum + (ceiling.has(entry.name) ? entry.schemaChars : 0), 0);
    const model = options.model ?? new DemoModel();
    output(
      `bound      ${runtime.catalog.entries.length} tools` +
        (profile === undefined ? '' : `; profile ${options.profile}: the turn's ceiling is ${ceiling.size} of them`) +
        `, ${formatNumber(boundChars)} schema chars; ` +
        `direct: none${options.codeMode === true ? '; required: exec' : ''}; model: ${describeModel(model)}`,
    );
    output('inventory  (names only, inside tool_search\'s description)');
    for (const [group, allNames] of Object.entries(bound.groups)) {
      const names = allNames.filter((name) => ceiling.has(name));
      if (names.length === 0) continue;
      output(`  ${group}:`);
      for (const line of wrapNames(names, 104)) output(`    ${line}`);
    }

    const trace = createDemoTrace({ output });
    const turn = runtime.send({
      model,
      instructions: options.codeMode === true ? `${DEMO_INSTRUCTIONS} ${DEMO_CODE_MODE_INSTRUCTIONS}` : DEMO_INSTRUCTIONS,
      prompt: renderDemoPrompt(task),
      ...(options.profile === undefined ? {} : { profile: options.profile }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    });
    for await (const part of turn.stream) trace.onPart(part);
    const result = await turn.result;
    const contentOnDisk = await readFile(task.filePath, 'utf8').catch(() => undefined);

    const sent = trace.steps.reduce((sum, step) => sum + step.schemaChars, 0);
    const everySchemaEveryStep = boundChars * trace.steps.length;
    const saved = everySchemaEveryStep - sent;
    output('');
    output(`turn       ${result.status} (${result.reason}) after ${plural(result.steps.length, 'step')}, ${formatNumber(Date.now() - startedAt)} ms`);
    output(`on disk    ${describeFile(task.filePath, task.fileContent, contentOnDisk)}`);
    output(
      `context    sent ${formatNumber(sent)} schema chars over ${plural(trace.steps.length, 'request')}; ` +
        `every schema on every request: ${trace.steps.length} × ${formatNumber(boundChars)} = ${formatNumber(everySchemaEveryStep)}; ` +
        `saved ${formatNumber(saved)} (${percent(saved, everySchemaEveryStep)})`,
    );
    if (result.error !== undefined) output(`error      ${result.error.name}: ${result.error.message}`);
    await traceSink.close();
    const parsed = parseTrace(await readFile(traceSink.path, 'utf8'));
    const report = summarizeTrace({ records: parsed.records.filter((record) => record.turnId === result.turnId) });
    output('');
    output(`report     (turnscope report on the turn's trace${options.tracePath === undefined ? '' : `, kept in ${options.tracePath}`})`);
    for (const line of formatReport(report).split('\n')) output(line === '' ? '' : `  ${line}`);
    return {
      status: result.status,
      reason: result.reason,
      text: result.text,
      durationMs: Date.now() - startedAt,
      steps: trace.steps,
      calls: trace.calls,
      searches: trace.searches,
      schemaChars: { sent, everySchemaEveryStep, saved, bound: boundChars },
      file: { path: task.filePath, expectedContent: task.fileContent, contentOnDisk },
      workspaceDir,
      report,
    };
  } finally {
    await bound?.close();
    await rm(tempDir, { recursive: true, force: true, maxRetries: 3 });
  }
}

function describeModel(model: LanguageModel): string {
  return typeof model === 'string' ? model : `${model.provider}/${model.modelId}`;
}

function describeFile(path: string, expected: string, actual: string | undefined): string {
  if (actual === undefined) return `${path} was not written`;
  const verdict = actual === expected ? 'matches the task' : 'differs from the task';
  return `${path}: ${formatNumber(actual.length)} characters, ${verdict}`;
}

function wrapNames(names: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const name of names) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 2 + name.length <= width) lines[lines.length - 1] = `${last}, ${name}`;
    else lines.push(name);
  }
  return lines;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`;
}
