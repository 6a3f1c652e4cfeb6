import { tool, type Tool } from 'ai';
import { z } from 'zod';

/**
 * A tool with an empty input schema whose `execute` returns its own description: the smallest
 * catalog entry a name-resolution test needs, where only the name and the description matter.
 */
export function describedTool(description: string): Tool {
  return tool({ description, inputSchema: z.object({}), execute: async () => description });
}
