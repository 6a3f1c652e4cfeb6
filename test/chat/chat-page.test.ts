import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SUGGESTION, startChatServer, type ChatServer } from '../../src/chat/start-chat-server.js';
import { buildVisualizerPage } from '../../src/visualizer/build-visualizer-page.js';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../helpers/chromium-executable.js';

let workDir: string;
let context: BrowserContext;
let server: ChatServer;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'turnscope-chat-page-'));
  // built from the current sources, so the test never runs a stale visualizer/dist
  const pageDir = await buildVisualizerPage({ outDir: join(workDir, 'page') });
  server = await startChatServer({ pageDir, tracePath: join(workDir, 'trace.jsonl') });
  context = await chromium.launchPersistentContext(join(workDir, 'user-data'), {
    executablePath: await chromiumExecutable(),
    headless: true,
    args: [...CHROMIUM_FLAGS],
    viewport: { width: 1440, height: 1000 },
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 90_000 });
}, 180_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (workDir !== undefined) await rm(workDir, { recursive: true, force: true });
});

/** Types a request into the page's prompt and sends it with Enter, as a person would. */
async function ask(text: string): Promise<void> {
  await page.getByTestId('prompt').fill(text);
  await page.getByTestId('prompt').press('Enter');
}

const assistant = () => page.getByTestId('message-assistant').last();
const writeFile = 'mcp__filesystem__write_file';

describe('the chat page on the embedded demo model', () => {
  it('draws the turn machine and says which model and workspace the session uses', async () => {
    await expect.poll(() => page.locator('[data-testid="statechart"] svg [data-state]').count()).toBe(8);
    expect(await page.getByTestId('model').innerText()).toBe(`model turnscope-demo/deterministic-planner · workspace ${server.session.workspaceDir}`);
    expect(await page.getByTestId('prompt').getAttribute('placeholder')).toBe(CHAT_SUGGESTION);
    expect(pageErrors).toEqual([]);
  });

  it('streams the reasoning and the search, then asks before the write tool runs', async () => {
    await ask(CHAT_SUGGESTION);
    expect(await page.getByTestId('message-user').last().innerText()).toContain(CHAT_SUGGESTION);
    const search = assistant().getByTestId('search-call').first();
    await expect.poll(() => search.getAttribute('data-state'), { timeout: 20_000 }).toBe('output-available');
    expect(await search.innerText()).toContain('write a file');
    expect(await search.locator(`code[data-tool="${writeFile}"]`).count()).toBe(1);
    expect(await assistant().getByTestId('reasoning').first().innerText()).toContain('so I search for "write a file"');

    const call = assistant().locator(`[data-testid="tool-call"][data-tool="${writeFile}"]`);
    await expect.poll(() => call.getAttribute('data-state'), { timeout: 20_000 }).toBe('approval-requested');
    expect(await call.innerText()).toContain(join(server.session.workspaceDir, 'notes.md'));
    expect(await readFile(join(server.session.workspaceDir, 'notes.md'), 'utf8').catch(() => 'not written')).toBe('not written');
    // the turn machine panel followed the turn that asked
    await expect.poll(() => page.getByTestId('trace-turn').count()).toBe(1);
    expect(await page.getByTestId('trace-search').first().innerText()).toContain('write a file');
  }, 60_000);

  it('runs the tool once it is approved and streams the answer from its result', async () => {
    await assistant().getByTestId('approve').click();
    const output = assistant().getByTestId('tool-output');
    await expect.poll(() => output.count(), { timeout: 20_000 }).toBe(1);
    expect(await output.innerText()).toContain('Successfully wrote');
    const answer = assistant().getByTestId('answer').last();
    await expect.poll(() => answer.innerText(), { timeout: 20_000 }).toContain('Done: write');
    expect(await readFile(join(server.session.workspaceDir, 'notes.md'), 'utf8')).toBe('hello from turnscope');
    // the answering request was a turn of its own (C27), drawn in the machine panel
    await expect.poll(() => page.getByTestId('trace-turn').count()).toBe(2);
    await expect.poll(() => page.locator('[data-testid="trace-turn"]').last().getAttribute('data-status')).toBe('completed');
    expect(await page.locator('[data-testid="statechart"] [data-state].is-current').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('runs nothing when the person denies, and says so', async () => {
    await ask('Write a note saying goodbye to bye.md');
    const call = assistant().locator(`[data-testid="tool-call"][data-tool="${writeFile}"]`);
    await expect.poll(() => call.getAttribute('data-state'), { timeout: 20_000 }).toBe('approval-requested');
    await assistant().getByTestId('deny').click();
    await expect.poll(() => assistant().getByTestId('answer').last().innerText(), { timeout: 20_000 }).toContain(`You denied ${writeFile}`);
    expect(await call.getAttribute('data-state')).toBe('output-denied');
    expect(await readFile(join(server.session.workspaceDir, 'bye.md'), 'utf8').catch(() => 'not written')).toBe('not written');
    expect(pageErrors).toEqual([]);
  }, 60_000);
});
