import type { ExecutionProfile } from '../runtime/execution-profile.js';

/** The execution profiles of `turnscope demo --profile <name>`, one per MCP server of the demo. */
export const DEMO_PROFILE_NAMES: readonly string[] = Object.freeze(['files-only', 'memory-only']);

/**
 * The demo's execution profiles (C6) over its bound MCP tools, keyed by the names in
 * {@link DEMO_PROFILE_NAMES}: `files-only` is every tool of the `filesystem` server, `memory-only`
 * every tool of the `memory` server. Each is an exact ceiling: a search in a turn that uses it
 * never reaches the other server's tools, so the part of the task that needs them is given up.
 * (The shipped `headless-coding` profile names Bash, Read, Write, Edit, Glob and Grep, which the
 * demo's MCP servers do not offer, so the demo does not list it.)
 *
 * @param groups the demo's bound groups, server name → canonical tool names (`bindMcpTools().groups`).
 */
export function demoProfiles(groups: Readonly<Record<string, readonly string[]>>): Record<string, ExecutionProfile> {
  const only = (server: string, label: string): ExecutionProfile => ({
    tools: groups[server] ?? [],
    instructions:
      `This turn runs the ${label} profile: only the ${server} server's tools exist for it. ` +
      'Do the parts of the task those tools can do, and say in the answer which parts you could not do.',
  });
  return { 'files-only': only('filesystem', 'files-only'), 'memory-only': only('memory', 'memory-only') };
}
