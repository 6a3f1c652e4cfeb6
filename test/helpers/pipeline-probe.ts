import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { tool } from 'ai';
import { z } from 'zod';
import {
  createMemoryArtifactStore,
  createMemoryJournal,
  type ArtifactStore,
  type ExecutionJournal,
  type PermissionCheck,
  type ToolApprover,
} from '../../src/index.js';

/** One stage a call crossed, in the order it happened. */
export interface StageEvent {
  readonly toolCallId: string;
  readonly stage: string;
}

/** `line 1\n` … `line <count>\n` */
export const numberedLines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}\n`).join('');

/**
 * A tool whose input picks what it does: `big` returns 3,000 lines (over the 2,000-line
 * default), `slow` waits until its abort signal fires, `small` returns one line. Each
 * `execute` and each abort is logged as a stage event.
 */
export function probeTool(events: StageEvent[], description: string) {
  return tool({
    description,
    inputSchema: z.object({ mode: z.enum(['big', 'slow', 'small']) }),
    execute: async ({ mode }, { toolCallId, abortSignal }): Promise<string> => {
      events.push({ toolCallId, stage: 'execute' });
      if (mode === 'big') return numberedLines(3_000);
      if (mode === 'small') return 'small output';
      return new Promise<string>((_, reject) => {
        abortSignal?.addEventListener('abort', () => {
          events.push({ toolCallId, stage: `abort:${(abortSignal.reason as Error).name}` });
          reject(abortSignal.reason);
        });
      });
    },
  });
}

/**
 * The pipeline's pluggable parts, each logging the stage it serves: `permission` answers
 * `ask` for every tool but `tool_search`, the `approver` allows, the journal and the
 * artifact store wrap the in-memory ones.
 */
export function probeStages(events: StageEvent[], options: { journal?: ExecutionJournal } = {}) {
  const inner = options.journal ?? createMemoryJournal();
  const store = createMemoryArtifactStore();
  // the default operation id is `${turnId}:${stepIndex}:${toolCallId}`
  const callIdOf = (operationId: string) => operationId.split(':').slice(2).join(':');
  const permission: PermissionCheck = ({ toolName, toolCallId }) => {
    events.push({ toolCallId, stage: 'permission' });
    if (toolName === 'tool_search') return { type: 'allow' };
    return { type: 'ask', reason: 'every tool call is approved by a person' };
  };
  const approver: ToolApprover = async ({ toolCallId }) => {
    events.push({ toolCallId, stage: 'approver' });
    return { type: 'allow' };
  };
  const journal: ExecutionJournal = {
    read: async (operationId) => {
      const entry = await inner.read(operationId);
      events.push({ toolCallId: callIdOf(operationId), stage: `journal.read:${entry?.status ?? 'none'}` });
      return entry;
    },
    write: async (entry) => {
      events.push({ toolCallId: entry.toolCallId, stage: `journal.write:${entry.status}` });
      await inner.write(entry);
    },
  };
  const artifactStore: ArtifactStore & { get(id: string): string | undefined } = {
    put: (artifact) => {
      events.push({ toolCallId: artifact.toolCallId, stage: 'artifact.put' });
      return store.put(artifact);
    },
    get: (id) => store.get(id),
  };
  return { permission, approver, journal, artifactStore };
}

/** The stages one call crossed, in order. */
export const stagesOf = (events: readonly StageEvent[], toolCallId: string) =>
  events.filter((event) => event.toolCallId === toolCallId).map((event) => event.stage);

/** The text the model received for one tool call in a recorded request's prompt. */
export function toolResultText(prompt: LanguageModelV4Prompt, toolCallId: string): string {
  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-result' && part.toolCallId === toolCallId) {
        const output = part.output as { type: string; value: unknown };
        return typeof output.value === 'string' ? output.value : JSON.stringify(output.value);
      }
    }
  }
  throw new Error(`no tool result for ${toolCallId} in the prompt`);
}
