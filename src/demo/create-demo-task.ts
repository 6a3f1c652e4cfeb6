import { join } from 'node:path';

/**
 * The demo's task: three things that need three deferred MCP tools. The user prompt states
 * it in plain lines (`renderDemoPrompt`) that a real model can follow and the embedded
 * model parses back (`readDemoTask`).
 */
export interface DemoTask {
  /** Absolute path of the workspace the filesystem server may touch. */
  readonly workspaceDir: string;
  /** Absolute path of the file to write, inside `workspaceDir`. */
  readonly filePath: string;
  /** The file's content: one line, no line break. */
  readonly fileContent: string;
  /** The memory entity to store. */
  readonly entity: { readonly name: string; readonly entityType: string; readonly observation: string };
}

/** The demo task for a workspace: write `notes.md`, remember the project, list the directory. */
export function createDemoTask(options: { readonly workspaceDir: string }): DemoTask {
  return {
    workspaceDir: options.workspaceDir,
    filePath: join(options.workspaceDir, 'notes.md'),
    fileContent: 'turnscope demo: tool_search found the write tool, and it ran one step later.',
    entity: {
      name: 'turnscope-demo',
      entityType: 'project',
      observation: 'Wrote notes.md through an MCP tool that was deferred until tool_search activated it.',
    },
  };
}
