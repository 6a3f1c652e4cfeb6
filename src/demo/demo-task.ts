import { join } from 'node:path';

/**
 * The demo's task: three things that need three deferred MCP tools. The user prompt states
 * it in plain lines ({@link renderDemoPrompt}) that a real model can follow and the embedded
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

/** The user message that states the task, one instruction per line. */
export function renderDemoPrompt(task: DemoTask): string {
  return [
    `Workspace: ${task.workspaceDir}`,
    'Task:',
    `1. Write the file ${task.filePath} with the content: ${task.fileContent}`,
    `2. Remember the entity ${task.entity.name} (type ${task.entity.entityType}) with the observation: ${task.entity.observation}`,
    `3. List the directory ${task.workspaceDir} to check the file is there.`,
    'Then answer with a one-line summary.',
  ].join('\n');
}

/** System instructions for the demo turn (the embedded model ignores them; real models read them). */
export const DEMO_INSTRUCTIONS =
  'You are running the turnscope demo. Every tool except tool_search is deferred: its name is in the ' +
  'tool_search description, but you can only call it after a search has loaded it, from the next step on. ' +
  'Do the task with the tools, then answer briefly.';
