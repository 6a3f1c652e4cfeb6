import type { LanguageModelUsage } from 'ai';
import { addUsage as addTurnUsage, EMPTY_USAGE as EMPTY_TURN_USAGE } from '../../machines/add-usage.js';

/** Usage with every count unknown: the sum of no requests (the AI SDK's type). */
export const EMPTY_USAGE: LanguageModelUsage = EMPTY_TURN_USAGE as LanguageModelUsage;

/**
 * The machine's usage sum ({@link addTurnUsage}, machines/add-usage.ts) typed as the AI SDK's
 * `LanguageModelUsage`: counts summed field by field, nested details too; a count unknown on
 * both sides stays `undefined`; `raw` is dropped.
 */
export function addUsage(a: LanguageModelUsage, b: LanguageModelUsage): LanguageModelUsage {
  return addTurnUsage(a, b) as unknown as LanguageModelUsage;
}
