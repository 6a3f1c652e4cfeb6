import type { ModelMessage } from 'ai';
import { setOfNames } from '../../machines/set-of-names.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { RequiredToolsError } from '../errors/required-tools-error.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { EXEC_TOOL_NAME } from '../code-mode/code-mode-options.js';
import { ownValue } from '../catalog/own-value.js';
import type { TurnBinding } from './create-turn-binding.js';
import { REQUIRED_TOOL_PRESETS } from './required-tool-presets.js';
import { resolveTurnBinding } from './resolve-turn-binding.js';
import type { RequiredToolsState } from './send-input.js';
import type { ResolvedSendInput } from './send-input-schema.js';
import type { RuntimeShared } from './runtime-shared.js';
import { describeThrown } from '../errors/describe-thrown.js';

/**
 * Resolves a parsed `send()` / `resume()` input (send-input-schema.ts) against the runtime: its
 * binding (the ceiling, C6) and its required tools (R). A `requiredTools` function is not called
 * here (see `requiredToolsOf`): what it throws or answers wrongly fails the turn, never `send()`.
 *
 * @throws {UnboundToolError} `requiredTools`, `boundTools` or `toolChoice` names a tool outside the turn's ceiling (C1, C6).
 * @throws {InvalidOptionError} an unknown profile; `clientTools` not a plain-object ToolSet or a
 *   client tool without an input schema; `clientId` not a label of 1–64 printable characters on one line.
 * @throws {ReservedToolNameError} a client tool named `tool_search` or `turnscope_tool_search`.
 * @throws {InvalidToolNameError} a client tool name not matching `^[a-zA-Z0-9_-]{1,64}$`.
 * @throws {ClientToolNameCollisionError} a client tool name the runtime already binds.
 */
export function validateSendInput(
  shared: RuntimeShared,
  input: ResolvedSendInput,
): { messages: readonly ModelMessage[]; binding: TurnBinding; requiredTools: (state: RequiredToolsState) => readonly string[] } {
  const binding = resolveTurnBinding(shared, input);
  const choice = input.callSettings.toolChoice;
  if (typeof choice === 'object' && !binding.bound.includes(choice.toolName) && choice.toolName !== TOOL_SEARCH_NAME && choice.toolName !== EXEC_TOOL_NAME) {
    throw new UnboundToolError({ toolName: choice.toolName, option: 'toolChoice', bound: binding.bound });
  }
  return { messages: input.messages, binding, requiredTools: requiredToolsOf(binding, input.requiredTools, (name) => shared.catalog.get(name) !== undefined) };
}

/**
 * R as a function of the turn's state (C3): a preset or a list is checked now and is the same
 * on every step; a function is asked before every step and what it names outside the ceiling
 * is ignored, so R can never widen B. The returned function throws {RequiredToolsError} when
 * the caller's function throws or answers anything but an array (a Promise, a string): the
 * turn then fails with it (`execution-error`), at step 0 as at any later step.
 *
 * @throws {UnboundToolError} a listed name outside the turn's ceiling.
 */
function requiredToolsOf(
  binding: TurnBinding,
  required: ResolvedSendInput['requiredTools'],
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
  // a preset name is one of REQUIRED_TOOL_PRESETS' own keys: the send schema parsed it
  if (typeof required === 'string') names = ownValue(REQUIRED_TOOL_PRESETS as Record<string, readonly string[]>, required)!;
  else names = required;
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
