import type { LanguageModel } from 'ai';
import { turnMachine } from '../../machines/turn-machine.js';
import { jsonlFileSink, type JsonlFileSink } from '../telemetry/jsonl-file-sink.js';
import { createLiveTrace } from '../visualizer/create-live-trace.js';
import { deriveMachineGraph } from '../visualizer/derive-machine-graph.js';
import { startVisualizerServer } from '../visualizer/start-visualizer-server.js';
import type { ChatPageSession } from './chat-page-session.js';
import { createChatRoute } from './create-chat-route.js';
import { createChatSession, type ChatSession } from './create-chat-session.js';

/** Options of {@link startChatServer}. */
export interface ChatServerOptions {
  /** The built pages' directory (`ensureVisualizerPage()`): it serves `chat.html`. */
  readonly pageDir: string;
  /** TCP port on 127.0.0.1. Default 0: a free one. */
  readonly port?: number;
  /** The model of every turn. Default: the embedded demo model. */
  readonly model?: LanguageModel;
  /** For the embedded model: milliseconds between stream parts, so the page shows them arrive. Default 0. */
  readonly chunkDelayMs?: number;
  /** Also append the session's JSONL trace (with `machine.transition` records) to this file. Default: none. */
  readonly tracePath?: string;
  /** Milliseconds each MCP server gets to start. Default 15000. */
  readonly startTimeoutMs?: number;
  /** Aborting it stops the servers' start. */
  readonly abortSignal?: AbortSignal;
}

/** A running chat page. */
export interface ChatServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  readonly port: number;
  readonly session: ChatSession;
  /** Stops listening, ends open streams, closes the MCP servers and removes the workspace. */
  close(): Promise<void>;
}

/** The placeholder of the page's prompt: a request the embedded model turns into a search, an approval and an answer. */
export const CHAT_SUGGESTION = 'Write a note saying hello from turnscope to notes.md';

/**
 * Serves `turnscope chat` on 127.0.0.1: the chat page (`chat.html` from `pageDir`) and
 * - `POST /api/chat` — {@link createChatRoute}: one turn per request, as a UI message stream;
 * - `GET /api/chat-session` — {@link ChatPageSession};
 * - `GET /api/machine` — the turn machine's graph, `GET /api/events` — every telemetry record of
 *   the session's turns as server-sent events (the visualizer's live trace), which the page
 *   draws the machine and the searches from.
 *
 * @throws {McpServerStartError} an MCP server failed to start; the listen error (e.g.
 *   `EADDRINUSE`) when the port is taken (after closing the session).
 */
export async function startChatServer(options: ChatServerOptions): Promise<ChatServer> {
  const live = createLiveTrace();
  const traceSink: JsonlFileSink | undefined = options.tracePath === undefined ? undefined : jsonlFileSink({ path: options.tracePath, includeInspection: true });
  const session = await createChatSession({
    telemetry: [live.sink, ...(traceSink === undefined ? [] : [traceSink])],
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.chunkDelayMs === undefined ? {} : { chunkDelayMs: options.chunkDelayMs }),
    ...(options.startTimeoutMs === undefined ? {} : { startTimeoutMs: options.startTimeoutMs }),
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
  });
  const pageSession: ChatPageSession = {
    model: typeof session.model === 'string' ? session.model : `${session.model.provider}/${session.model.modelId}`,
    workspaceDir: session.workspaceDir,
    approvalTools: session.approvalTools,
    suggestion: CHAT_SUGGESTION,
  };
  const routes = new Map<string, (request: Request) => Promise<Response>>([
    ['/api/chat', createChatRoute(session)],
    ['/api/chat-session', async () => Response.json(pageSession, { headers: { 'cache-control': 'no-store' } })],
  ]);
  let server: Awaited<ReturnType<typeof startVisualizerServer>>;
  try {
    server = await startVisualizerServer({
      pageDir: options.pageDir,
      page: 'chat.html',
      machineGraph: deriveMachineGraph({ machine: turnMachine }),
      source: { kind: 'live', trace: live },
      routes,
      ...(options.port === undefined ? {} : { port: options.port }),
    });
  } catch (error) {
    await session.close();
    await traceSink?.close();
    throw error;
  }
  return {
    url: server.url,
    port: server.port,
    session,
    close: async () => {
      await server.close();
      await session.close();
      await traceSink?.close();
    },
  };
}
