import type { LanguageModelV4 } from '@ai-sdk/provider';
import { validateBindingShapes } from '../catalog/validate-binding-shapes.js';
import type { ToolCatalogOptions } from '../catalog/create-tool-catalog.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';

/**
 * Checks what a durable turn wraps before it wraps it: `runtime` an object whose `tools` is a
 * plain object of tool objects (the check `createToolSearchRuntime` makes, which runs only after
 * the tools are wrapped for the record), and `model` a `LanguageModelV4` object (one with
 * `doStream`). What a deployer's factory answers reaches here as it is (a Restate turn object's
 * `runtime` and `model`): without the check, `undefined` or `{}` was a `TypeError` that Restate
 * retried without end, a `Map` of tools a turn with no tools, a model id string a failed turn.
 *
 * @throws {InvalidOptionError} naming `runtime`, `tools` (or `tools.<name>`) or `model`.
 */
export function checkDurableParts(runtime: unknown, model: unknown): void {
  if (runtime === null || typeof runtime !== 'object' || Array.isArray(runtime)) {
    throw new InvalidOptionError({ option: 'runtime', value: runtime, expected: 'an object of runtime options ({ tools, … }, as createToolSearchRuntime takes)' });
  }
  validateBindingShapes({ tools: (runtime as { tools?: unknown }).tools } as ToolCatalogOptions);
  if (model === null || typeof model !== 'object' || typeof (model as Partial<LanguageModelV4>).doStream !== 'function') {
    throw new InvalidOptionError({
      option: 'model',
      value: model,
      expected: 'an AI SDK LanguageModelV4 object with doStream (e.g. openai("gpt-5")); a durable turn records each model call, so give the provider\'s model, not a model id string',
    });
  }
}
