import { tool, type ToolSet } from 'ai';
import { z } from 'zod';

/** Every `execute` call the sample tools received, by tool name, in order. */
export type ExecutionLog = { toolName: string; input: unknown }[];

/**
 * A small realistic catalog: two C5 baseline tools (direct by default) and deferred tools
 * from three sources. Each `execute` records its call in `log`.
 */
export function sampleTools(log: ExecutionLog = []): { tools: ToolSet; groups: Record<string, string[]>; log: ExecutionLog } {
  const recorded = <T>(name: string, output: (input: T) => unknown) => async (input: T) => {
    log.push({ toolName: name, input });
    return output(input);
  };
  const tools: ToolSet = {
    Read: tool({
      description: 'Read a file from the local filesystem.',
      inputSchema: z.object({ path: z.string().describe('Absolute path') }),
      execute: recorded('Read', ({ path }: { path: string }) => `contents of ${path}`),
    }),
    Bash: tool({
      description: 'Run a shell command.',
      inputSchema: z.object({ command: z.string() }),
      execute: recorded('Bash', ({ command }: { command: string }) => `ran ${command}`),
    }),
    github_create_issue: tool({
      description: 'Create a new issue in a GitHub repository.',
      inputSchema: z.object({ repo: z.string(), title: z.string(), body: z.string().optional() }),
      execute: recorded('github_create_issue', ({ title }: { title: string }) => ({ number: 42, title })),
    }),
    github_list_pull_requests: tool({
      description: 'List pull requests of a GitHub repository.',
      inputSchema: z.object({ repo: z.string() }),
      execute: recorded('github_list_pull_requests', () => [{ number: 1 }]),
    }),
    browser_click: tool({
      description: 'Click an element on the current browser page.',
      inputSchema: z.object({ ref: z.string() }),
      execute: recorded('browser_click', ({ ref }: { ref: string }) => `clicked ${ref}`),
    }),
    browser_snapshot: tool({
      description: 'Capture an accessibility snapshot of the current browser page.',
      inputSchema: z.object({}),
      execute: recorded('browser_snapshot', () => '<page/>'),
    }),
    slack_post_message: tool({
      description: 'Post a message to a Slack channel.',
      inputSchema: z.object({ channel: z.string(), text: z.string() }),
      execute: recorded('slack_post_message', () => ({ ok: true })),
    }),
  };
  const groups = {
    github: ['github_create_issue', 'github_list_pull_requests'],
    browser: ['browser_click', 'browser_snapshot'],
  };
  return { tools, groups, log };
}

/** Reads a whole turn stream into an array. */
export async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const parts: T[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}
