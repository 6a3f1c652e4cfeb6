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
 * A value that throws when read (a revoked `Proxy`, a getter that throws) is refused the same way.
 *
 * @throws {InvalidOptionError} naming `runtime`, `tools` (or `tools.<name>`) or `model`.
 */
export function checkDurableParts(runtime: unknown, model: unknown): void {
  checkDurableRuntime(runtime);
  checkDurableModel(model);
}

/** The `runtime` half of {@link checkDurableParts}. @throws {InvalidOptionError} naming `runtime` or `tools`. */
export function checkDurableRuntime(runtime: unknown): void {
  const tools = readable(() => (runtime === null || typeof runtime !== 'object' || Array.isArray(runtime) ? NOT_READABLE : (runtime as { tools?: unknown }).tools));
  if (tools === NOT_READABLE) {
    throw new InvalidOptionError({ option: 'runtime', value: runtime, expected: 'an object of runtime options ({ tools, … }, as createToolSearchRuntime takes)' });
  }
  if (readable(() => validateBindingShapes({ tools } as ToolCatalogOptions)) === NOT_READABLE) {
    throw new InvalidOptionError({ option: 'tools', value: tools, expected: 'an AI SDK ToolSet: a plain object whose keys are tool names (reading it threw)' });
  }
}

/** The `model` half of {@link checkDurableParts}. @throws {InvalidOptionError} naming `model`. */
export function checkDurableModel(model: unknown): void {
  const doStream = readable(() => (model === null || typeof model !== 'object' ? NOT_READABLE : (model as Partial<LanguageModelV4>).doStream));
  if (typeof doStream !== 'function') {
    throw new InvalidOptionError({
      option: 'model',
      value: model,
      expected: 'an AI SDK LanguageModelV4 object with doStream (e.g. openai("gpt-5")); a durable turn records each model call, so give the provider\'s model, not a model id string',
    });
  }
}

/** What {@link readable} answers for a value that could not be read. */
const NOT_READABLE: unique symbol = Symbol('not readable');

/** `read()`, or {@link NOT_READABLE} when it throws anything but an `InvalidOptionError` (which propagates). */
function readable<T>(read: () => T): T | typeof NOT_READABLE {
  try {
    return read();
  } catch (error) {
    if (error instanceof InvalidOptionError) throw error;
    return NOT_READABLE;
  }
}
