import type { FinishReason, LanguageModel, OutputInterface } from 'ai';
import { toTurnError } from '../../machines/to-turn-error.js';
import type { TurnResult } from './turn-result.js';

/**
 * A turn's structured answer (the `output` setting, e.g. `Output.object({ schema })`): the text
 * of its last step parsed by the output's own `parseCompleteOutput`, as `streamText` parses a
 * final step, in `result.output`. Only for a turn that ended `completed`; when the text does not
 * parse (or fails the schema) the result keeps its status and carries `outputError` (the AI
 * SDK's error, e.g. `AI_NoObjectGeneratedError`, as data). Never rejects.
 */
export async function parseTurnOutput(options: {
  readonly result: TurnResult;
  readonly output: OutputInterface | undefined;
  readonly model: LanguageModel;
  readonly now: () => number;
}): Promise<TurnResult> {
  const { result, output } = options;
  if (output === undefined || result.status !== 'completed') return result;
  const modelId = typeof options.model === 'string' ? options.model : options.model.modelId;
  try {
    const parsed: unknown = await output.parseCompleteOutput(
      { text: result.text },
      {
        response: { id: result.turnId, timestamp: new Date(options.now()), modelId },
        usage: result.usage,
        finishReason: (result.steps.at(-1)?.finishReason ?? 'stop') as FinishReason,
      },
    );
    return { ...result, output: parsed };
  } catch (error) {
    return { ...result, outputError: toTurnError(error) };
  }
}
