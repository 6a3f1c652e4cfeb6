import { access } from 'node:fs/promises';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DefaultChatTransport, readUIMessageStream, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import type { ChatPageSession } from '../../src/chat/chat-page-session.js';
import { CHAT_SUGGESTION } from '../../src/chat/start-chat-server.js';
import type { TurnUIMessage } from '../../src/ui/turn-ui-message.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

const URL_PATTERN = /http:\/\/127\.0\.0\.1:\d+\//;

async function runOnce(argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli({ argv, env: {}, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** Runs `turnscope chat` in-process until it serves, hands over its URL, then interrupts it. */
async function whileChatServes(argv: string[], env: Record<string, string>, run: (url: string) => Promise<void>): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const interrupt = new AbortController();
  const exit = runCli({ argv, env, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line), abortSignal: interrupt.signal });
  try {
    await expect.poll(() => stdout.some((line) => line.includes('Ctrl-C to stop')), { timeout: 60_000 }).toBe(true);
    await run(URL_PATTERN.exec(stdout.find((line) => line.startsWith('chat ')) ?? '')![0]);
  } finally {
    interrupt.abort(new Error('test done'));
  }
  return { code: await exit, stdout, stderr };
}

async function messageOf(stream: ReadableStream<UIMessageChunk>, message?: TurnUIMessage): Promise<TurnUIMessage> {
  let last: TurnUIMessage | undefined;
  for await (const next of readUIMessageStream<TurnUIMessage>({ stream: stream as ReadableStream<never>, ...(message === undefined ? {} : { message }) })) last = next;
  return last!;
}

async function readAll(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const chunks: UIMessageChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('turnscope chat', () => {
  it('is listed in --help, and refuses arguments it does not take', async () => {
    expect((await runOnce(['--help'])).stdout).toContain('chat [--model <provider>:<id>] [--base-url <url>] [--port N] [--trace FILE]');
    expect(await runOnce(['chat', 'extra'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Unexpected argument "extra" after chat.') });
    expect(await runOnce(['chat', '--port', 'http'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--port must be a whole number from 0 to 65535') });
    expect(await runOnce(['chat', '--base-url', 'http://127.0.0.1:1/v1'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--base-url needs --model') });
    expect(await runOnce(['chat', '--model', 'openai:gpt-4.1-mini'])).toMatchObject({ code: 2, stderr: expect.stringContaining('needs OPENAI_API_KEY') });
  });

  it('serves the chat page and answers a request from the SDK\'s DefaultChatTransport with one turn\'s UI message stream, then stops on interrupt with 0', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const interrupt = new AbortController();
    const exit = runCli({ argv: ['chat', '--port', '0'], env: {}, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line), abortSignal: interrupt.signal });
    let session: ChatPageSession | undefined;
    try {
      await expect.poll(() => stdout.some((line) => line.includes('Ctrl-C to stop')), { timeout: 60_000 }).toBe(true);
      // (a first line says so when the page had to be built first)
      const at = stdout.findIndex((line) => line.startsWith('chat '));
      const url = URL_PATTERN.exec(stdout[at] ?? '')?.[0];
      expect(stdout[at]).toBe(`chat       ${url}`);
      expect(stdout[at + 1]).toBe('model      turnscope-demo/deterministic-planner');
      expect(await (await fetch(url!)).text()).toContain('<title>turnscope chat</title>');
      session = (await (await fetch(new URL('api/chat-session', url))).json()) as ChatPageSession;
      expect(session).toMatchObject({ model: 'turnscope-demo/deterministic-planner', suggestion: CHAT_SUGGESTION });
      expect(session.approvalTools).toContain('mcp__filesystem__write_file');
      expect(session.approvalTools).not.toContain('mcp__filesystem__read_text_file');

      const transport = new DefaultChatTransport<TurnUIMessage>({ api: new URL('api/chat', url).href });
      const chunks = await readAll(
        await transport.sendMessages({
          chatId: 'chat-1',
          trigger: 'submit-message',
          messageId: undefined,
          abortSignal: undefined,
          messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: CHAT_SUGGESTION }] }],
        }),
      );
      expect(chunks[0]).toMatchObject({ type: 'start', messageMetadata: { status: 'running' } });
      expect(chunks).toContainEqual(expect.objectContaining({ type: 'tool-input-available', toolName: 'tool_search', input: { query: 'write a file' } }));
      expect(chunks).toContainEqual(expect.objectContaining({ type: 'data-tool-search', data: expect.objectContaining({ query: 'write a file', activated: expect.arrayContaining(['mcp__filesystem__write_file']) }) }));
      expect(chunks.at(-1)).toMatchObject({ type: 'finish' });
    } finally {
      interrupt.abort(new Error('test done'));
    }
    expect(await exit).toBe(0);
    expect(stderr).toEqual([]);
    // the MCP servers are closed and the temporary workspace is gone
    await expect(access(session!.workspaceDir)).rejects.toThrow();
  }, 90_000);

  it('runs on a real provider with --model: the OpenAI client searches, asks for approval, and after it the write runs and the answer streams', async () => {
    // the server reads each reply when its request comes: the write's path is set once the workspace is known
    const write = { name: 'mcp__filesystem__write_file', arguments: '' };
    const provider = await startFakeOpenAIServer([{ toolCalls: [{ name: 'tool_search', arguments: '{"query":"write a file"}' }] }, { toolCalls: [write] }, { text: 'Wrote it.' }]);
    let workspaceDir = '';
    try {
      const result = await whileChatServes(['chat', '--port', '0', '--model', 'openai:local-model', '--base-url', provider.baseURL], { OPENAI_API_KEY: 'local-key' }, async (url) => {
        const session = (await (await fetch(new URL('api/chat-session', url))).json()) as ChatPageSession;
        workspaceDir = session.workspaceDir;
        expect(session.model).toBe('openai.chat/local-model');
        write.arguments = JSON.stringify({ path: join(workspaceDir, 'real.md'), content: 'from a real client' });
        const transport = new DefaultChatTransport<TurnUIMessage>({ api: new URL('api/chat', url).href });
        const user: TurnUIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Write "from a real client" to real.md' }] };
        const send = (messages: TurnUIMessage[]) => transport.sendMessages({ chatId: 'c', trigger: 'submit-message', messageId: undefined, abortSignal: undefined, messages });
        const asked = await messageOf(await send([user]));
        const call = asked.parts.find((part) => 'approval' in part && part.state === 'approval-requested');
        expect(call).toMatchObject({ toolCallId: 'call_1_0', input: { path: join(workspaceDir, 'real.md') } });
        const approved = { ...asked, parts: asked.parts.map((part) => (part === call ? ({ ...part, state: 'approval-responded', approval: { ...(part as { approval: object }).approval, approved: true } } as unknown as typeof part) : part)) };
        const answered = await messageOf(await send([user, approved]), approved);
        expect(answered.parts.at(-1)).toMatchObject({ type: 'text', text: 'Wrote it.' });
        expect(await readFile(join(workspaceDir, 'real.md'), 'utf8')).toBe('from a real client');
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('model      openai.chat/local-model');
      expect(provider.bodies).toHaveLength(3);
      expect(JSON.stringify(provider.bodies[0])).toContain('Chat workspace: ');
    } finally {
      await provider.close();
    }
  }, 90_000);
});
