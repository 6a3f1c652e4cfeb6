import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { DemoTask } from './create-demo-task.js';

/**
 * Reads the demo task back from the first user message that states it (the lines written by
 * `renderDemoPrompt`). Returns `undefined` when no user message holds all four lines.
 */
export function readDemoTask(prompt: LanguageModelV4Prompt): DemoTask | undefined {
  for (const message of prompt) {
    if (message.role !== 'user') continue;
    const text = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    const workspace = /^Workspace: (.+)$/m.exec(text);
    const write = /^1\. Write the file (.+?) with the content: (.*)$/m.exec(text);
    const remember = /^2\. Remember the entity (.+?) \(type (.+?)\) with the observation: (.*)$/m.exec(text);
    if (workspace === null || write === null || remember === null) continue;
    return {
      workspaceDir: workspace[1]!,
      filePath: write[1]!,
      fileContent: write[2]!,
      entity: { name: remember[1]!, entityType: remember[2]!, observation: remember[3]! },
    };
  }
  return undefined;
}
