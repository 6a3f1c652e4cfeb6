import type { ModelMessage } from 'ai';
import type { ToolCatalog } from '../catalog/create-tool-catalog.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import { checkNames } from '../catalog/validate-binding-shapes.js';
import type { SendInput } from './runtime-options.js';

/**
 * Checks a `send()` input before any actor starts and returns the turn's starting messages
 * and required tools. History is copied, never read for activations (C18).
 *
 * @throws {InvalidOptionError} no `model`; both or neither of `messages` and `prompt`;
 *   `messages` not an array; `instructions` not a string; `abortSignal` not an AbortSignal;
 *   `inspect` neither a function nor an observer; `requiredTools` not an array of names.
 * @throws {UnboundToolError} `requiredTools` names a tool that is not bound (C1).
 */
export function validateSendInput(
  catalog: ToolCatalog,
  input: SendInput,
): { messages: ModelMessage[]; required: string[] } {
  if (input === null || typeof input !== 'object') {
    throw new InvalidOptionError({ option: 'send(input)', value: input, expected: 'an object with model and prompt or messages' });
  }
  if (input.model === undefined || input.model === null) {
    throw new InvalidOptionError({ option: 'model', value: input.model, expected: 'an AI SDK language model (e.g. openai("gpt-5"))' });
  }
  if (input.messages !== undefined && input.prompt !== undefined) {
    throw new InvalidOptionError({ option: 'prompt', value: input.prompt, expected: 'either `prompt` or `messages`, not both' });
  }
  let messages: ModelMessage[];
  if (input.prompt !== undefined) {
    if (typeof input.prompt !== 'string') {
      throw new InvalidOptionError({ option: 'prompt', value: input.prompt, expected: 'a string' });
    }
    messages = [{ role: 'user', content: input.prompt }];
  } else if (Array.isArray(input.messages)) {
    messages = [...input.messages];
  } else {
    throw new InvalidOptionError({ option: 'messages', value: input.messages, expected: 'an array of AI SDK ModelMessages, or pass `prompt`' });
  }
  if (input.instructions !== undefined && typeof input.instructions !== 'string') {
    throw new InvalidOptionError({ option: 'instructions', value: input.instructions, expected: 'a string' });
  }
  if (input.abortSignal !== undefined && !(input.abortSignal instanceof AbortSignal)) {
    throw new InvalidOptionError({ option: 'abortSignal', value: input.abortSignal, expected: 'an AbortSignal (e.g. new AbortController().signal)' });
  }
  const inspect = input.inspect as unknown;
  if (inspect !== undefined && typeof inspect !== 'function' && (inspect === null || typeof inspect !== 'object')) {
    throw new InvalidOptionError({ option: 'inspect', value: inspect, expected: 'an xstate inspection observer: a function or an object with next()' });
  }
  if (input.requiredTools !== undefined) checkNames('requiredTools', input.requiredTools);
  const required: string[] = [];
  for (const name of input.requiredTools ?? []) {
    if (catalog.get(name) === undefined) throw new UnboundToolError({ toolName: name, option: 'requiredTools', bound: catalog.bound });
    if (!required.includes(name)) required.push(name);
  }
  return { messages, required };
}
