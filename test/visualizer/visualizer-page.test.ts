import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { AnyStateNode } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnMachine } from '../../machines/turn-machine.js';
import { parseTrace } from '../../src/report/parse-trace.js';
import { summarizeTrace } from '../../src/report/summarize-trace.js';
import type { SearchEndRecord, StepStartRecord } from '../../src/telemetry/telemetry-record.js';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../helpers/chromium-executable.js';
import { buildVisualizerPage } from '../../src/visualizer/build-visualizer-page.js';
import { deriveMachineGraph } from '../../src/visualizer/derive-machine-graph.js';
import { serveLiveDemo } from '../../src/visualizer/serve-live-demo.js';
import { startVisualizerServer, type VisualizerServer, type VisualizerSource } from '../../src/visualizer/start-visualizer-server.js';

const DEMO_TRACE = fileURLToPath(new URL('../fixtures/traces/demo.jsonl', import.meta.url));
/** The screenshot README.md shows. */
const SCREENSHOT = fileURLToPath(new URL('../../visualizer/screenshot.png', import.meta.url));

let workDir: string;
let pageDir: string;
let context: BrowserContext;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'turnscope-visualizer-page-'));
  // Build from the current sources, so the test never runs a stale visualizer/dist.
  pageDir = await buildVisualizerPage({ outDir: join(workDir, 'page') });
  context = await chromium.launchPersistentContext(join(workDir, 'user-data'), {
    executablePath: await chromiumExecutable(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
    viewport: { width: 1440, height: 1000 },
  });
}, 180_000);

afterAll(async () => {
  await context?.close();
  if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
});

async function serve(source: VisualizerSource): Promise<VisualizerServer> {
  return startVisualizerServer({ pageDir, machineGraph: deriveMachineGraph({ machine: turnMachine }), source });
}

/** Opens the page and waits until it has loaded its trace (or shown why it could not). */
async function open(url: string): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 90_000 });
  expect(errors).toEqual([]);
  return page;
}

function stateIdsOf(node: AnyStateNode, prefix = ''): string[] {
  return Object.values(node.states).flatMap((child) => [`${prefix}${child.key}`, ...stateIdsOf(child, `${prefix}${child.key}.`)]);
}

describe('the visualizer page on the recorded demo trace', () => {
  const records = parseTrace(readFileSync(DEMO_TRACE, 'utf8')).records;
  const firstSearch = records.find((record): record is SearchEndRecord => record.type === 'search.end')!;
  const stepAfter = firstSearch.stepIndex + 1;
  const newlyVisible = records
    .filter((record): record is StepStartRecord => record.type === 'step.start' && record.stepIndex === stepAfter)
    .at(-1)!
    .visible.find((name) => firstSearch.activated.includes(name))!;
  let server: VisualizerServer;
  let page: Page;

  beforeAll(async () => {
    server = await serve({ kind: 'file', path: DEMO_TRACE });
    page = await open(server.url);
  }, 120_000);

  afterAll(async () => {
    await page?.close();
    await server?.close();
  });

  it('draws the statechart with every state of the turn machine', async () => {
    const states = stateIdsOf(turnMachine.root);
    expect(states).toHaveLength(8);
    for (const state of states) {
      const node = page.locator(`[data-testid="statechart"] svg [data-state="${state}"]`);
      await expect.poll(() => node.count()).toBe(1);
      expect((await node.textContent())?.trim()).toBe(state.split('.').at(-1));
    }
    expect(await page.locator('[data-testid="statechart"] [data-state].is-current').count()).toBe(1);
  });

  it('steps to the step after a search: the newly visible tool is listed there and not in the step before', async () => {
    expect(newlyVisible).toBe('mcp__filesystem__write_file');
    const title = page.getByTestId('step-title');
    await expect.poll(() => title.innerText()).toBe('Step 0');
    for (let step = 0; step < stepAfter; step++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => title.innerText()).toBe(`Step ${stepAfter}`);
    const row = page.locator(`[data-testid="visible-tools"] tr[data-tool="${newlyVisible}"]`);
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('new');

    await page.getByTestId('previous').click();
    await expect.poll(() => title.innerText()).toBe(`Step ${firstSearch.stepIndex}`);
    expect(await page.locator(`[data-testid="visible-tools"] tr[data-tool="${newlyVisible}"]`).count()).toBe(0);
    const search = page.getByTestId('search');
    expect(await search.innerText()).toContain(firstSearch.query);
    expect(await search.locator(`li[data-tool="${newlyVisible}"]`).getAttribute('data-status')).toBe('activated');
    // The same-step call of the tool the search activated is rejected, and stands out.
    const rejected = page.locator(`li.call[data-outcome="rejected-hidden"][data-tool="${newlyVisible}"]`);
    expect(await rejected.count()).toBe(1);
    expect(await rejected.innerText()).toContain('rejected, not run');
    expect(await page.locator('[data-testid="step-button"].has-rejection').getAttribute('data-step')).toBe(String(firstSearch.stepIndex));

    await page.getByTestId('next').click();
    await expect.poll(() => title.innerText()).toBe(`Step ${stepAfter}`);
  });

  it('shows the state transitions of the step and highlights the selected one\'s state', async () => {
    const transitions = page.getByTestId('transitions');
    expect(await transitions.innerText()).toContain('TOOL_CALLS_SETTLED → settling · STEP_BOUNDARY → awaitingStep.requesting');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.locator('[data-testid="statechart"] .is-current').getAttribute('data-state')).toBe('awaitingStep.requesting');
    expect(await page.locator('[data-testid="statechart"] .is-passed').getAttribute('data-state')).toBe('settling');
    // Both edges of the hop are drawn as taken: TOOL_CALLS_SETTLED, then the raised STEP_BOUNDARY.
    expect(await page.locator('[data-testid="statechart"] path.is-taken').count()).toBe(2);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('[data-testid="statechart"] .is-current').getAttribute('data-state')).toBe('executingStep');
  });

  it('shows the report totals computed by summarizeTrace', async () => {
    const { totals } = summarizeTrace({ records });
    const saved = `${((100 * totals.schemaCharsSaved) / totals.schemaCharsAllUpFront).toFixed(1)}%`;
    const cards = page.getByTestId('totals');
    expect(await cards.locator('[data-metric="context saved"] strong').innerText()).toBe(saved);
    expect(await cards.locator('[data-metric="exposed, never called"] strong').innerText()).toBe(`${totals.exposedUnusedCount} schemas`);
    expect(await cards.locator('[data-metric="top-5 recall"] strong').innerText()).toBe('100.0%');
    expect(await cards.locator('[data-metric="hidden-tool rejections"] strong').innerText()).toBe(String(totals.hiddenRejections));
  });

  it('saves the screenshot README.md shows: a fresh page at the step after the search', async () => {
    // A fresh page in a fixed state renders the same bytes on every run, so the file only
    // changes when the page does.
    const fresh = await open(server.url);
    try {
      for (let step = 0; step < stepAfter; step++) await fresh.keyboard.press('ArrowRight');
      await expect.poll(() => fresh.getByTestId('step-title').innerText()).toBe(`Step ${stepAfter}`);
      await fresh.mouse.move(0, 0);
      await fresh.screenshot({ path: SCREENSHOT, fullPage: true });
    } finally {
      await fresh.close();
    }
    expect(existsSync(SCREENSHOT)).toBe(true);
  }, 120_000);
});

describe('the visualizer page on a trace it cannot replay', () => {
  it('shows a readable error, never a blank page', async () => {
    const path = join(workDir, 'malformed.jsonl');
    await writeFile(path, 'this is not json\n{"type":"turn.begin","turnId":"x"}\n{"truncated":\n');
    const server = await serve({ kind: 'file', path });
    const page = await open(server.url);
    try {
      const error = page.getByTestId('error');
      expect(await error.innerText()).toContain('Cannot replay this trace');
      expect(await error.innerText()).toContain('line 1: not valid JSON (a truncated line?); skipped');
      expect(await error.innerText()).toContain('line 2: unknown record type "turn.begin"; skipped');
      expect(await page.locator('[data-testid="statechart"] svg [data-state]').count()).toBe(8);
    } finally {
      await page.close();
      await server.close();
    }
  }, 120_000);

  it('says so when the trace file is gone', async () => {
    const path = join(workDir, 'gone.jsonl');
    const server = await serve({ kind: 'file', path });
    const page = await open(server.url);
    try {
      expect(await page.getByTestId('error').innerText()).toContain(`Cannot read the trace ${path}: no such file.`);
    } finally {
      await page.close();
      await server.close();
    }
  }, 120_000);
});

describe('the visualizer page started without a trace', () => {
  it('opens a trace file picked in the page', async () => {
    const server = await serve({ kind: 'none' });
    const page = await open(server.url);
    try {
      expect(await page.getByText('No trace loaded.').count()).toBe(1);
      await page.locator('input[type="file"]').setInputFiles(DEMO_TRACE);
      await expect.poll(() => page.getByTestId('source').innerText()).toBe('demo.jsonl');
      expect(await page.getByTestId('step-title').innerText()).toBe('Step 0');
      expect(await page.locator('[data-testid="step-button"]').count()).toBe(4);
    } finally {
      await page.close();
      await server.close();
    }
  }, 120_000);
});

describe('the visualizer page following a live demo run', () => {
  it('starts the demo when the page attaches and follows its turn to the end', async () => {
    const lines: string[] = [];
    const stop = new AbortController();
    const running = serveLiveDemo({ pageDir, port: 0, waitForPage: true, output: (line) => lines.push(line), abortSignal: stop.signal });
    await expect.poll(() => lines.find((line) => line.startsWith('visualizer http'))).toBeDefined();
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(lines[0]!)![0];
    expect(lines.some((line) => line.startsWith('turnscope demo:'))).toBe(false);

    const page = await open(url);
    try {
      const live = page.getByTestId('live');
      await expect.poll(() => live.innerText(), { timeout: 60_000 }).toBe('live run completed');
      const steps = await page.locator('[data-testid="step-button"]').count();
      expect(steps).toBeGreaterThanOrEqual(2);
      expect(await page.getByTestId('step-title').innerText()).toBe(`Step ${steps - 1}`);
      expect(await page.locator('[data-testid="statechart"] .is-current').getAttribute('data-state')).toBe('completed');
      expect(lines.some((line) => line.startsWith('turnscope demo:'))).toBe(true);
    } finally {
      await page.close();
      stop.abort();
    }
    expect(await running).toEqual({ status: 'completed', interrupted: false });
  }, 150_000);
});
