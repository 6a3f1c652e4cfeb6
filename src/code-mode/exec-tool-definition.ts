import type { JSONSchema7 } from 'ai';
import { measureDefinitionChars } from '../catalog/measure-definition-chars.js';
import { DEFAULT_TOOL_POLICY, type ToolPolicy } from '../execution/tool-policy.js';
import { EXEC_TOOL_NAME, type CodeModeOptions } from './code-mode-options.js';

/** `exec`'s definition as sent to the provider: name, description and input JSON schema. */
export interface ExecToolDefinition {
  readonly name: typeof EXEC_TOOL_NAME;
  readonly description: string;
  readonly inputSchema: JSONSchema7;
  /** Characters of the definition as sent (the one measure of C21). */
  readonly schemaChars: number;
  /**
   * What the pipeline does with `exec`'s calls: {@link DEFAULT_TOOL_POLICY} — a completed call
   * is replayed from the journal (its nested calls may have had effects), and what the model
   * receives is truncated like any tool's output — except `nestable: false`: code cannot call
   * `exec` (one sandbox per call).
   */
  readonly policy: ToolPolicy;
}

/** Longest `code` accepted, in characters: a program, not a data dump. */
export const MAX_EXEC_CODE_CHARS = 100_000;

/**
 * `exec`'s definition. The description tells the model what the code sees (`tools.<name>` for
 * the tools of this step, `console.log`, `return`), what it does not have, the rules that hold
 * inside (a search's tools are callable from the next step, `exec` cannot call `exec`) and the
 * limits. It lists no tool names: the step's tool list already has them.
 */
export function execToolDefinition(limits: CodeModeOptions): ExecToolDefinition {
  const description = [
    'Run JavaScript in a sandbox to call several tools in one step and keep their raw results out of the conversation.',
    'The code is the body of an async function: use await, and return a JSON value (only that, with what console.log printed and how each call ended, comes back).',
    'Call a tool of this step as `await tools.<name>(input)` (or tools["name"](input)): the same tools you can call directly now, with the same input;',
    'it resolves with the tool\'s output and throws an Error (name ToolCallError, with toolName and outcome) when the call fails or is rejected.',
    'Calls run through the same checks as direct calls, in parallel with Promise.all if you like.',
    'tools.tool_search works too, but what it loads is callable from your next step, not in this code. exec cannot call exec.',
    'There is no require, import, file system, network or timer.',
    `Limits: ${limits.timeLimitMs} ms, ${limits.memoryLimitBytes} bytes of memory, ${limits.maxOutputChars} characters of console output and returned JSON together; past one the call fails.`,
  ].join(' ');
  const inputSchema: JSONSchema7 = {
    type: 'object',
    properties: {
      code: {
        type: 'string',
        minLength: 1,
        maxLength: MAX_EXEC_CODE_CHARS,
        description: 'JavaScript: the body of an async function. Example: const a = await tools.get_weather({ city: "Oslo" }); return a.temperature;',
      },
    },
    required: ['code'],
    additionalProperties: false,
  };
  return Object.freeze({
    name: EXEC_TOOL_NAME,
    description,
    inputSchema,
    schemaChars: measureDefinitionChars({ name: EXEC_TOOL_NAME, description, inputSchema }),
    policy: Object.freeze({ ...DEFAULT_TOOL_POLICY, nestable: false }),
  });
}
