import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModel, ToolSet } from 'ai';
import { createToolSearchRuntime, type ToolSearchRuntime } from '../index.js';
import type { BoundMcpTools } from '../mcp/bind-mcp-tools.js';
import { bindDemoServers } from '../demo/bind-demo-servers.js';
import { DemoModel } from '../demo/demo-model.js';
import type { TelemetrySink } from '../telemetry/telemetry-sink.js';
import { chatInstructions } from './chat-instructions.js';
import { needsChatApproval } from './needs-chat-approval.js';

/** Options of {@link createChatSession}. */
export interface ChatSessionOptions {
  /** The model of every turn. Default: the embedded {@link DemoModel} with `chunkDelayMs` below. */
  readonly model?: LanguageModel;
  /** For the embedded model: milliseconds between stream parts of a step. Default 0. */
  readonly chunkDelayMs?: number;
  /** The runtime's telemetry sinks (the page's live trace, a JSONL file). Default: none. */
  readonly telemetry?: readonly TelemetrySink[];
  /** Milliseconds each MCP server gets to start. Default 15000. */
  readonly startTimeoutMs?: number;
  /** Aborting it stops the servers' start. */
  readonly abortSignal?: AbortSignal;
}

/** What `turnscope chat` serves: one runtime over the demo's MCP servers, for every request. */
export interface ChatSession {
  readonly runtime: ToolSearchRuntime;
  readonly model: LanguageModel;
  /** The system instructions of every turn ({@link chatInstructions}). */
  readonly instructions: string;
  /** The temporary workspace the filesystem server may touch (removed by `close`). */
  readonly workspaceDir: string;
  /** Canonical names of the bound tools marked `needsApproval: true` ({@link needsChatApproval}). */
  readonly approvalTools: readonly string[];
  /** Closes the MCP servers and removes the temporary directory. Idempotent. */
  close(): Promise<void>;
}

/**
 * Starts the chat's tools: the demo's MCP servers (`@modelcontextprotocol/server-filesystem` on a
 * fresh temporary workspace, `@modelcontextprotocol/server-memory` with its file next to it),
 * every tool deferred (`direct: []`) and grouped by server, the tools that change something
 * marked `needsApproval: true` and no `approver`, so such a call ends the turn with a
 * tool-approval request the page answers (C27). One runtime serves every request of the session;
 * each request is a new turn.
 *
 * @throws {McpServerStartError} a server failed to start (after cleanup).
 */
export async function createChatSession(options: ChatSessionOptions = {}): Promise<ChatSession> {
  const tempDir = await realpath(await mkdtemp(join(tmpdir(), 'turnscope-chat-')));
  const workspaceDir = join(tempDir, 'workspace');
  let bound: BoundMcpTools | undefined;
  const close = async () => {
    await bound?.close();
    bound = undefined;
    await rm(tempDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await mkdir(workspaceDir);
    bound = await bindDemoServers({ workspaceDir, tempDir, startTimeoutMs: options.startTimeoutMs, abortSignal: options.abortSignal });
    const tools: ToolSet = {};
    const approvalTools: string[] = [];
    for (const [name, tool] of Object.entries(bound.tools)) {
      if (!needsChatApproval(name)) {
        tools[name] = tool;
        continue;
      }
      tools[name] = { ...tool, needsApproval: true };
      approvalTools.push(name);
    }
    const runtime = createToolSearchRuntime({
      tools,
      groups: bound.groups,
      sources: bound.sources,
      direct: [],
      telemetry: [...(options.telemetry ?? [])],
    });
    return {
      runtime,
      model: options.model ?? new DemoModel({ chunkDelayMs: options.chunkDelayMs ?? 0 }),
      instructions: chatInstructions({ workspaceDir }),
      workspaceDir,
      approvalTools,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
