import { readFile } from 'node:fs/promises';
import type { Tool, ToolSet } from 'ai';

/** Calls a bound tool's `execute` the way a runtime would. */
export async function callTool(tools: ToolSet, name: string, input: unknown): Promise<unknown> {
  const tool = tools[name] as Tool | undefined;
  if (tool?.execute === undefined) throw new Error(`no executable tool ${name}`);
  return await tool.execute(input, { toolCallId: `test-${name}`, messages: [], context: {} });
}

/** The text parts of an MCP `CallToolResult`, joined by newlines. */
export function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((part) => part.text ?? '').join('\n');
}

/** Resolves once the process with the pid written in `pidFile` has exited; rejects after `timeoutMs`. */
export async function waitForExit(pidFile: string, timeoutMs = 5_000): Promise<number> {
  const pid = Number(await readFile(pidFile, 'utf8'));
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return pid;
}

/** True while a process with this pid exists (signal 0 only checks). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
