import { InvalidOptionError } from '../errors/invalid-option-error.js';
import type { ScriptedStepSource } from './scripted-step.js';

/** How `createScriptedModel` is called, quoted by every error it throws. */
const USAGE = "createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'x' } }] }, { text: 'done' }] })";
/** The fields of a scripted step (`ScriptedStep`). */
const STEP_KEYS = new Set(['parts', 'toolCalls', 'text', 'error', 'delayMs']);

/**
 * The `steps` of `createScriptedModel`'s options, checked: `options` an object (not an array)
 * whose `steps` is an array of scripted steps (plain objects with only `parts`, `toolCalls`,
 * `text`, `error`, `delayMs`) or functions of the request; `toolCalls` an array of objects with
 * a string `toolName`, `text` a string, `delayMs` a number ≥ 0, `parts` an array.
 *
 * @throws {InvalidOptionError} a wrong shape, naming the option (`options`, `steps`, `steps[1]`,
 *   `steps[0].toolCalls[0].toolName`) and saying how to call it.
 */
export function checkScriptedSteps(options: unknown): readonly ScriptedStepSource[] {
  const fail = (option: string, value: unknown, expected: string): never => {
    throw new InvalidOptionError({ option, value, expected: `${expected}, as in ${USAGE}` });
  };
  if (!isRecord(options)) return fail('options', options, 'an object { steps }, not an array or a model');
  const steps = options.steps;
  if (!Array.isArray(steps)) return fail('steps', steps, 'an array of steps (objects, or functions of the request)');
  steps.forEach((step: unknown, index) => {
    if (typeof step === 'function') return;
    const at = `steps[${index}]`;
    if (!isRecord(step)) return fail(at, step, 'a step object ({ text }, { toolCalls }, …) or a function of the request');
    for (const key of Object.keys(step)) {
      if (!STEP_KEYS.has(key)) fail(`${at}.${key}`, step[key], 'only step fields (parts, toolCalls, text, error, delayMs): a tool call goes in toolCalls');
    }
    if (step.text !== undefined && typeof step.text !== 'string') fail(`${at}.text`, step.text, 'a string');
    if (step.delayMs !== undefined && !(typeof step.delayMs === 'number' && step.delayMs >= 0)) fail(`${at}.delayMs`, step.delayMs, 'a number of milliseconds ≥ 0');
    if (step.parts !== undefined && !Array.isArray(step.parts)) fail(`${at}.parts`, step.parts, 'an array of provider stream parts');
    if (step.toolCalls === undefined) return;
    if (!Array.isArray(step.toolCalls)) return fail(`${at}.toolCalls`, step.toolCalls, 'an array of { toolName, input }');
    step.toolCalls.forEach((call: unknown, callIndex) => {
      if (!isRecord(call)) return fail(`${at}.toolCalls[${callIndex}]`, call, 'an object { toolName, input }');
      if (typeof call.toolName !== 'string') fail(`${at}.toolCalls[${callIndex}].toolName`, call.toolName, 'a tool name (a string)');
    });
  });
  return steps as readonly ScriptedStepSource[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !('doStream' in value);
}
