import type { DemoTask } from './create-demo-task.js';

/**
 * The user message that states the task, one instruction per line. `readDemoTask` parses
 * these exact lines back: change both together.
 */
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
