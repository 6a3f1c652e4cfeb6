import { jsonSchema, tool, type ModelMessage, type ToolSet } from 'ai';
import { z } from 'zod';
import { nameKeyedRecord } from '../catalog/name-keyed-record.js';
import type { DurableSendInput } from '../durable/run-durable-turn.js';

/** A client tool as the `run` handler takes it: a definition only (JSON), run by the client. */
export interface RestateClientTool {
  readonly description?: string;
  /** The tool's input as a JSON Schema object. */
  readonly inputSchema: Record<string, unknown>;
}

/** Fields of `send()` that cannot cross Restate's JSON input, and what to do instead. */
const REFUSED: Readonly<Record<string, string>> = {
  abortSignal: 'a signal cannot be journaled: cancel the turn with the object\'s `cancel` handler (POST …/<conversation>/cancel), which aborts the running tool\'s abortSignal',
  inspect: 'an inspection observer is a function and cannot be sent: give it in the worker (createTurnObject\'s `send` option), or read the stream parts (its `live` option)',
  model: 'the model is the worker\'s: give it as createTurnObject\'s `model` (a function of the input can choose one)',
};

const inputSchema = z.strictObject({
  prompt: z.string().optional(),
  messages: z.array(z.custom<ModelMessage>((value) => typeof value === 'object' && value !== null && typeof (value as { role?: unknown }).role === 'string')).optional(),
  instructions: z.string().optional(),
  requiredTools: z.array(z.string()).optional(),
  boundTools: z.array(z.string()).optional(),
  profile: z.string().optional(),
  toolMode: z.enum(['direct', 'code']).optional(),
  clientId: z.string().optional(),
  clientTools: z.record(z.string(), z.strictObject({ description: z.string().optional(), inputSchema: z.record(z.string(), z.unknown()) })).optional(),
});

/**
 * Parses the `run` handler's input (issue 15, item 5) into a durable turn's `send()` input, or
 * answers why not. Accepted: `prompt` or `messages`, `instructions`, `requiredTools` and
 * `boundTools` (names), `profile`, `toolMode`, `clientId`, and `clientTools` as definitions
 * (`{ description?, inputSchema }`, a JSON Schema; no `execute`: the client runs them, and a
 * call of one is answered as a tool without `execute` is on the worker's runtime). Refused:
 * `abortSignal` (use the `cancel` handler), `inspect` and `model` (the worker's: createTurnObject's
 * `send` and `model` options), any unknown key, a value of the wrong type (a `requiredTools`
 * that is not a list of names).
 */
export function parseTurnInput(input: unknown): { readonly ok: true; readonly input: DurableSendInput } | { readonly ok: false; readonly message: string } {
  if (typeof input === 'object' && input !== null) {
    for (const [key, why] of Object.entries(REFUSED)) if (Object.hasOwn(input, key)) return { ok: false, message: `turnscope run input: \`${key}\` is not accepted: ${why}.` };
  }
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: `turnscope run input: ${z.prettifyError(parsed.error)}` };
  const { clientTools, ...rest } = parsed.data;
  if (rest.prompt === undefined && rest.messages === undefined) return { ok: false, message: 'turnscope run input: give `prompt` or `messages`.' };
  if (clientTools === undefined) return { ok: true, input: rest };
  const tools: ToolSet = nameKeyedRecord();
  // the raw entries: a parsed record loses a key named `__proto__`
  for (const [name, definition] of Object.entries((input as { clientTools: typeof clientTools }).clientTools)) {
    tools[name] = tool({ ...(definition.description === undefined ? {} : { description: definition.description }), inputSchema: jsonSchema(definition.inputSchema as Parameters<typeof jsonSchema>[0]) });
  }
  return { ok: true, input: { ...rest, clientTools: tools } };
}
