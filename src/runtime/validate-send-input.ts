import type { ModelMessage } from 'ai';
import { setOfNames } from '../../machines/set-of-names.js';
import { checkToolMode } from '../code-mode/code-mode-options.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { RequiredToolsError } from '../errors/required-tools-error.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import { checkNames } from '../catalog/validate-binding-shapes.js';
import { ownValue } from '../catalog/own-value.js';
import type { TurnBinding } from './create-turn-binding.js';
import { checkBoolean } from './check-boolean.js';
import { checkKnownKeys } from './check-known-keys.js';
import { RUNTIME_OPTION_NAMES, SEND_INPUT_NAMES } from './option-names.js';
import { REQUIRED_TOOL_PRESETS } from './required-tool-presets.js';
import { resolveTurnBinding } from './resolve-turn-binding.js';
import type { RequiredToolsState, SendInput } from './runtime-options.js';
import type { RuntimeShared } from './runtime-shared.js';
import { describeThrown } from '../errors/describe-thrown.js';

/**
 * Checks a `send()` input before any actor starts and returns the turn's starting messages,
 * its binding (the ceiling, C6) and its required tools (R). History is copied, never read for
 * activations (C18).
 *
 * @throws {InvalidOptionError} an unknown input name (naming the likely one, e.g. `prompt` for
 *   `promt`, or saying that a runtime option such as `maxSteps` belongs to
 *   `createToolSearchRuntime`); no `model`; both or neither of `messages` and `prompt`;
 *   `messages` not an array; `instructions` not a string; `abortSignal` not an AbortSignal;
 *   `inspect` neither a function nor an observer; `requiredTools` not an array of names;
 *   `toolMode` neither `'direct'` nor `'code'`. A `requiredTools` function is not called here (see
 *   `requiredToolsOf`): what it throws or answers wrongly fails the turn, never `send()`.
 * @throws {UnboundToolError} `requiredTools` or `boundTools` names a tool outside the turn's ceiling (C1, C6).
 * @throws {InvalidOptionError} an unknown profile or required-tool preset; `boundTools` not a list
 *   of names; `clientTools` not a plain-object ToolSet or a client tool without an input schema;
 *   `clientId` not a label of 1–64 printable characters on one line.
 * @throws {ReservedToolNameError} a client tool named `tool_search` or `turnscope_tool_search`.
 * @throws {InvalidToolNameError} a client tool name not matching `^[a-zA-Z0-9_-]{1,64}$`.
 * @throws {ClientToolNameCollisionError} a client tool name the runtime already binds.
 */
export function validateSendInput(
  shared: RuntimeShared,
  input: SendInput,
): { messages: ModelMessage[]; binding: TurnBinding; requiredTools: (state: RequiredToolsState) => readonly string[] } {
  if (input === null || typeof input !== 'object') {
    throw new InvalidOptionError({ option: 'send(input)', value: input, expected: 'an object with model and prompt or messages' });
  }
  checkKnownKeys({ prefix: '', value: input, known: SEND_INPUT_NAMES, elsewhere: { names: RUNTIME_OPTION_NAMES, place: 'createToolSearchRuntime(options)', here: 'send(input)' } });
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
  const observerNext = typeof inspect === 'object' && inspect !== null ? (inspect as { next?: unknown }).next : undefined;
  if (inspect !== undefined && typeof inspect !== 'function' && (inspect === null || typeof inspect !== 'object' || (observerNext !== undefined && typeof observerNext !== 'function'))) {
    throw new InvalidOptionError({ option: 'inspect', value: inspect, expected: 'an xstate inspection observer: a function or an object with next()' });
  }
  checkToolMode('toolMode', input.toolMode);
  checkBoolean('includeRawChunks', input.includeRawChunks);
  const binding = resolveTurnBinding(shared, input);
  return { messages, binding, requiredTools: requiredToolsOf(binding, input.requiredTools, (name) => shared.catalog.get(name) !== undefined) };
}

/**
 * R as a function of the turn's state (C3): a preset or a list is checked now and is the same
 * on every step; a function is asked before every step and what it names outside the ceiling
 * is ignored, so R can never widen B. The returned function throws {RequiredToolsError} when
 * the caller's function throws or answers anything but an array (a Promise, a string): the
 * turn then fails with it (`execution-error`), at step 0 as at any later step.
 *
 * @throws {InvalidOptionError} an unknown preset or a list that is not of names.
 * @throws {UnboundToolError} a listed name outside the turn's ceiling.
 */
function requiredToolsOf(
  binding: TurnBinding,
  required: SendInput['requiredTools'],
  isBoundToRuntime: (name: string) => boolean,
): (state: RequiredToolsState) => readonly string[] {
  if (required === undefined) return () => [];
  if (typeof required === 'function') {
    const bound = setOfNames(binding.bound);
    return (state) => {
      let names: unknown;
      try {
        names = required(state);
      } catch (error) {
        throw new RequiredToolsError({ stepIndex: state.stepIndex, problem: `threw: ${describeThrown(error)}`, cause: error });
      }
      if (!Array.isArray(names)) throw new RequiredToolsError({ stepIndex: state.stepIndex, problem: badAnswer(names) });
      const notAName = (names as unknown[]).find((name) => typeof name !== 'string');
      if (notAName !== undefined || names.includes(undefined)) {
        throw new RequiredToolsError({ stepIndex: state.stepIndex, problem: `returned an array holding ${describeEntry(notAName)}; it must hold tool names (strings) only` });
      }
      return [...new Set((names as string[]).filter((name) => bound.has(name)))];
    };
  }
  let names: readonly string[];
  if (typeof required === 'string') {
    const preset = ownValue(REQUIRED_TOOL_PRESETS as Record<string, readonly string[]>, required);
    if (preset === undefined) {
      throw new InvalidOptionError({ option: 'requiredTools', value: required, expected: `a list of names, a function, or a preset: ${Object.keys(REQUIRED_TOOL_PRESETS).join(', ')}` });
    }
    names = preset;
  } else {
    checkNames('requiredTools', required);
    names = required;
  }
  for (const name of names) {
    if (!setOfNames(binding.bound).has(name)) {
      const outside = !isBoundToRuntime(name) ? {} : { outside: "this turn's ceiling (`boundTools` or `profile`)" };
      throw new UnboundToolError({ toolName: name, option: 'requiredTools', bound: binding.bound, ...outside });
    }
  }
  const unique = [...new Set(names)];
  return () => unique;
}

/** What was wrong with a `requiredTools` answer that is not an array, completing "requiredTools …". */
function badAnswer(answer: unknown): string {
  if (typeof (answer as PromiseLike<unknown> | null)?.then === 'function') {
    // an async function's rejection would otherwise be unhandled: the turn has failed already
    Promise.resolve(answer).catch(() => undefined);
    return 'returned a Promise; it must return an array of names synchronously';
  }
  const shown = typeof answer === 'string' ? JSON.stringify(answer.length > 60 ? `${answer.slice(0, 60)}…` : answer) : answer === null ? 'null' : typeof answer;
  return `returned ${shown}; it must return an array of tool names`;
}

function describeEntry(value: unknown): string {
  return typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined ? String(value) : `a ${typeof value}`;
}
