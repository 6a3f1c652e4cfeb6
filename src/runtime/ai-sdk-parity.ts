import type { streamText, ToolLoopAgentSettings } from 'ai';

type KeysOf<T> = T extends unknown ? keyof T : never;

/** Every parameter of `streamText` and of `ToolLoopAgentSettings` in the AI SDK this package is built with. */
export type AiSdkSettingName = KeysOf<Parameters<typeof streamText>[0]> | KeysOf<ToolLoopAgentSettings>;

/** How a turn treats one AI SDK setting: honoured (and where), or refused (why, and what to use instead). */
export type AiSdkParity = { readonly honoured: string } | { readonly refused: string };

const CALL_SETTING = { honoured: 'runtime default and per-send override; sent on every step' } as const;
const CALLBACK = { refused: 'read `turn.stream` (step-start, text-delta, tool-call, tool-result, step-end, turn-end parts) or give a telemetry sink (`callbackSink`)' } as const;
const VISIBILITY = { refused: 'the turn machine owns what each step sees (C3, C20): use `requiredTools`, `boundTools`, `profile` or `direct`' } as const;

/**
 * The parity of a turn with `streamText` / `ToolLoopAgent` (issue 13): every key of both, with
 * what a turn does with it. The record's type lists every key of the real types, so a new AI
 * SDK setting is a compile error here until it is decided. A refused key given to
 * `createToolSearchRuntime` or `send()` throws InvalidOptionError with its reason.
 */
export const AI_SDK_PARITY: Readonly<Record<AiSdkSettingName, AiSdkParity>> = Object.freeze({
  model: { honoured: 'per send (`send({ model })`, required)' },
  instructions: { honoured: 'per send; a profile\'s instructions come first' },
  prompt: { honoured: 'per send' },
  messages: { honoured: 'per send; history never activates tools (C18)' },
  abortSignal: { honoured: 'per send: cancels the turn and its running tools' },
  tools: { honoured: 'runtime option `tools` (B, C1); per send give `clientTools`' },
  maxOutputTokens: CALL_SETTING,
  temperature: CALL_SETTING,
  topP: CALL_SETTING,
  topK: CALL_SETTING,
  presencePenalty: CALL_SETTING,
  frequencyPenalty: CALL_SETTING,
  stopSequences: CALL_SETTING,
  seed: CALL_SETTING,
  reasoning: CALL_SETTING,
  headers: { honoured: 'runtime default and per-send override, merged by header name' },
  providerOptions: { honoured: 'runtime default and per-send override, deep-merged as ai\'s `defaultSettingsMiddleware` merges them' },
  toolChoice: { honoured: 'runtime default and per-send override; a named tool must be visible on the step, else the turn fails before that request' },
  repairToolCall: { honoured: 'runtime default and per-send override; a repaired call still passes the availability guard and the pipeline' },
  experimental_repairToolCall: { honoured: 'as `repairToolCall` (its older name)' },
  experimental_transform: { honoured: 'runtime default and per-send override; applied to every step\'s stream' },
  experimental_download: { honoured: 'runtime default and per-send override' },
  system: { refused: 'use `instructions` (the same system message)' },
  allowSystemInMessages: { refused: 'give system text as `instructions`' },
  maxRetries: { refused: 'the turn machine retries provider requests (`retry.maxAttempts`, C16); each step\'s own request is sent once' },
  streamRetries: { refused: 'the turn machine retries a failed step (`retry`, C16), keeping its visible set' },
  timeout: { refused: 'turnscope\'s `timeout` bounds tool calls (`timeout.toolMs`, `perToolMs`, `approvalMs`); bound a turn with `abortSignal: AbortSignal.timeout(ms)`' },
  stopWhen: { honoured: 'runtime default and per-send override (ai\'s `StopCondition`, one or an array): evaluated at each step boundary after the step\'s tool calls settled; true ends the turn `completed` with reason `stop-condition`' },
  output: { honoured: 'runtime default and per-send override; its response format goes with every step, the last step\'s text is parsed into `result.output`' },
  activeTools: VISIBILITY,
  toolOrder: { refused: 'the turn sends its visible set in a stable order (C20), so provider caches hit' },
  prepareStep: VISIBILITY,
  toolCallConcurrency: { refused: 'the pipeline runs a step\'s calls itself (C4)' },
  toolApproval: { refused: 'give the tool `needsApproval`, or use the runtime\'s `permission` (and `approver` to decide in process; without one the turn ends with a `tool-approval-request`, C27)' },
  experimental_toolApprovalSecret: { refused: 'give it as the runtime option `toolApprovalSecret`: approval requests are signed the same way (C27)' },
  experimental_toolCallers: { refused: 'use code mode (`toolMode: \'code\'`): `exec` calls the step\'s tools from code' },
  experimental_refineToolInput: { refused: 'tool input is validated by the pipeline (C4); refine it inside the tool\'s `execute`' },
  experimental_sandbox: { refused: 'code mode runs code in its own QuickJS sandbox (`codeMode`)' },
  experimental_steering: { refused: 'a turn runs one send\'s messages; send the next message as a new turn' },
  runtimeContext: { honoured: 'runtime default and per-send override: on each of `stopWhen`\'s steps, as `streamText` puts it on its steps (it is not given to `execute`, there either)' },
  toolsContext: { honoured: 'runtime default and per-send override, merged by tool name: `toolsContext[name]` is that tool\'s `execute` `context` (checked against its `contextSchema`), nested code-mode calls too' },
  telemetry: { refused: 'turnscope\'s `telemetry` is the runtime\'s sinks (C21): `callbackSink`, `jsonlFileSink`, `openTelemetrySink`' },
  experimental_telemetry: { refused: 'give the runtime an `openTelemetrySink` (turnscope/telemetry)' },
  include: { refused: '`result.steps` and `result.messages` always carry the turn\'s steps and transcript' },
  experimental_include: { refused: '`result.steps` and `result.messages` always carry the turn\'s steps and transcript' },
  includeRawChunks: { honoured: 'runtime default and per-send override: the provider\'s raw chunks as `raw` parts of `turn.stream`' },
  _internal: { refused: 'use the runtime\'s `now` and `generateId`' },
  id: { refused: 'a turn\'s id comes from the runtime\'s `generateId` (`turn.turnId`)' },
  callOptionsSchema: { refused: 'build the `send()` input yourself: its settings override the runtime\'s' },
  prepareCall: { refused: 'build the `send()` input yourself: its settings override the runtime\'s' },
  onChunk: CALLBACK,
  onError: CALLBACK,
  onFinish: CALLBACK,
  onEnd: CALLBACK,
  onAbort: CALLBACK,
  onStart: CALLBACK,
  experimental_onStart: CALLBACK,
  onStepStart: CALLBACK,
  experimental_onStepStart: CALLBACK,
  onStepEnd: CALLBACK,
  onStepError: CALLBACK,
  onStepFinish: CALLBACK,
  onLanguageModelCallStart: CALLBACK,
  experimental_onLanguageModelCallStart: CALLBACK,
  onLanguageModelCallEnd: CALLBACK,
  experimental_onLanguageModelCallEnd: CALLBACK,
  onToolExecutionStart: CALLBACK,
  onToolExecutionEnd: CALLBACK,
  experimental_onToolCallStart: CALLBACK,
  experimental_onToolCallFinish: CALLBACK,
});

/** The refused settings: name → why, and what to use instead (for InvalidOptionError). */
export const REFUSED_AI_SDK_SETTINGS: ReadonlyMap<string, string> = new Map(
  Object.entries(AI_SDK_PARITY).flatMap(([name, parity]) => ('refused' in parity ? [[name, parity.refused] as const] : [])),
);

/**
 * Why ai's own `timeout` forms are refused where turnscope's `timeout` option is read (a number
 * of ms, or `{ totalMs, stepMs, chunkMs }`), with what to use instead: AI_SDK_PARITY's reason.
 */
export const AI_SDK_TIMEOUT_REFUSAL = `ai's \`timeout\` (milliseconds, or { totalMs, stepMs, chunkMs }) is refused: ${REFUSED_AI_SDK_SETTINGS.get('timeout')!}`;

/** ai's `timeout` keys as they would sit inside turnscope's `timeout` option (`timeout.totalMs`, …) → {@link AI_SDK_TIMEOUT_REFUSAL}. */
export const REFUSED_AI_SDK_TIMEOUT_KEYS: ReadonlyMap<string, string> = new Map(['totalMs', 'stepMs', 'chunkMs'].map((key) => [`timeout.${key}`, AI_SDK_TIMEOUT_REFUSAL] as const));
