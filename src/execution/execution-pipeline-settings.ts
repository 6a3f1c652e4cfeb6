import { z } from 'zod';
import { MAX_TIMER_DELAY_MS, TURN_DEFAULTS } from '../../machines/turn-defaults.js';
import { functionOption, nameKeyedRecord, strictOptions, wholeNumber, withMethods } from '../options/option-fields.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import { AI_SDK_TIMEOUT_REFUSAL } from '../runtime/ai-sdk-parity.js';
import type { ArtifactStore } from './artifact-store.js';
import type { OutputLimit } from './truncate-text.js';
import { createMemoryArtifactStore } from './create-memory-artifact-store.js';
import { createMemoryJournal } from './create-memory-journal.js';
import type { ExecutionJournal } from './execution-journal.js';
import type { ToolApprover } from './permission.js';
import type { ApprovalStore } from './approval-store.js';
import { createMemoryApprovalStore } from './create-memory-approval-store.js';

/** Timeouts of the pipeline, in milliseconds; `0` means none. */
export interface TimeoutOptions {
  /**
   * How long one tool call may take, every stage from input validation to artifacts (the
   * approver's wait aside): a stage still pending then ends the call with `timedOut: true` and a
   * message naming it (C4). Default 120,000 (2 minutes).
   */
  readonly toolMs: number;
  /** Per-tool overrides of `toolMs`, by canonical name (bound names, `tool_search`, or code mode's `exec`). Default none. */
  readonly perToolMs: Readonly<Record<string, number>>;
  /** How long the `approver` has to answer an `ask`; not counted in `toolMs`. Default 300,000 (5 minutes). */
  readonly approvalMs: number;
}

/** The timeout defaults (TURN_DEFAULTS.timeout): 2 minutes per tool call, 5 minutes per approval. */
export const DEFAULT_TIMEOUTS: TimeoutOptions = TURN_DEFAULTS.timeout;

/** What the `operationId` option is given to derive a call's operation id. */
export interface OperationIdRequest {
  readonly turnId: string;
  /** The step of the turn the call belongs to, from 0. */
  readonly stepIndex: number;
  /** The provider's call id: unique within the step, possibly repeated in another step. */
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/** The pipeline settings every turn of a runtime shares (C19): defaults applied, checked. */
export interface ExecutionPipelineSettings {
  readonly approver: ToolApprover | undefined;
  readonly approvalTimeoutMs: number;
  readonly journal: ExecutionJournal;
  readonly operationIdOf: (request: OperationIdRequest) => string;
  /** The timeout of one call of `toolName` in ms (`0`: none). */
  readonly timeoutMsOf: (toolName: string) => number;
  readonly outputLimit: OutputLimit;
  /** `undefined` when artifacts are turned off (`artifactStore: false`). */
  readonly artifactStore: ArtifactStore | undefined;
  /** The calls left open for a person, and whether they were answered (C27). */
  readonly approvalStore: ApprovalStore;
  /** Signs and verifies approval requests as ai's `experimental_toolApprovalSecret`; `undefined`: unsigned. */
  readonly toolApprovalSecret: string | Uint8Array | undefined;
}

/**
 * The default operation id, `${turnId}:${stepIndex}:${toolCallId}`: the call's idempotency key
 * of C29. A call is the turn, the step and the provider's call id together, because providers
 * that number calls per response (every step's first call is `call_0`) repeat call ids across
 * the steps of a turn. Stable across a genuine retry of the same call (a provider retry of the
 * step, or a re-run of the same turn), different for a call of another step; within one step the
 * runtime keeps call ids unique (a repeated one is answered as a duplicate and never runs).
 */
export const defaultOperationId = ({ turnId, stepIndex, toolCallId }: OperationIdRequest): string => `${turnId}:${stepIndex}:${toolCallId}`;

const milliseconds = wholeNumber(`a whole number of milliseconds from 0 (no timeout) to ${MAX_TIMER_DELAY_MS}`, 0, MAX_TIMER_DELAY_MS);
const lines = (unit: string) => wholeNumber(`a whole number of ${unit} ≥ 2 (half for the head, half for the tail)`, 2);

/**
 * The schemas of the pipeline options of `createToolSearchRuntime` (part of the runtime's one
 * options schema): `timeout` and `outputLimit` parse to frozen objects with the defaults
 * (TURN_DEFAULTS) applied, `timeout.perToolMs` to a null-prototype record.
 */
export const PIPELINE_OPTION_SCHEMAS = {
  approver: functionOption<ToolApprover>('a function (request) => { type: "allow" } | { type: "deny", reason }').optional(),
  journal: withMethods<ExecutionJournal>(['read', 'write'], 'a journal: an object with read(operationId) and write(entry) methods').optional(),
  operationId: functionOption<(request: OperationIdRequest) => string>('a function (call) => string').optional(),
  timeout: strictOptions({
    toolMs: milliseconds.default(TURN_DEFAULTS.timeout.toolMs),
    perToolMs: nameKeyedRecord(milliseconds, 'an object of tool name → milliseconds').default(() => Object.freeze(Object.create(null) as Record<string, number>)),
    approvalMs: milliseconds.default(TURN_DEFAULTS.timeout.approvalMs),
  }, `an object { toolMs, perToolMs, approvalMs } (turnscope's tool timeouts); ${AI_SDK_TIMEOUT_REFUSAL}`)
    .prefault({})
    .transform((timeout): TimeoutOptions => Object.freeze(timeout)),
  outputLimit: strictOptions({
    maxBytes: lines('bytes').default(TURN_DEFAULTS.outputLimit.maxBytes),
    maxLines: lines('lines').default(TURN_DEFAULTS.outputLimit.maxLines),
  })
    .prefault({})
    .transform((limit): OutputLimit => Object.freeze(limit)),
  artifactStore: z
    .union([z.literal(false), withMethods<ArtifactStore>(['put', 'get'], '')], { error: 'false, or an artifact store: an object with put(artifact) and get(id) methods' })
    .optional(),
  approvalStore: withMethods<ApprovalStore>(['issue', 'claim'], 'an approval store: an object with issue(record) and claim(id) methods').optional(),
  toolApprovalSecret: z
    .custom<string | Uint8Array>((secret) => (typeof secret === 'string' && secret !== '') || (secret instanceof Uint8Array && secret.length > 0), {
      error: 'a non-empty string or Uint8Array (the HMAC key approval requests are signed with)',
    })
    .optional(),
} as const;

/** The pipeline options as {@link PIPELINE_OPTION_SCHEMAS} parsed them. */
export interface ParsedPipelineOptions {
  readonly approver?: ToolApprover | undefined;
  readonly journal?: ExecutionJournal | undefined;
  readonly operationId?: ((request: OperationIdRequest) => string) | undefined;
  readonly timeout: TimeoutOptions;
  readonly outputLimit: OutputLimit;
  readonly artifactStore?: ArtifactStore | false | undefined;
  readonly approvalStore?: ApprovalStore | undefined;
  readonly toolApprovalSecret?: string | Uint8Array | undefined;
}

/**
 * Builds the pipeline settings from the parsed options: `journal` a fresh
 * {@link createMemoryJournal}, `artifactStore` a fresh {@link createMemoryArtifactStore},
 * `approvalStore` a fresh {@link createMemoryApprovalStore}, each per runtime, unless given.
 *
 * @param bound the bound names: with `runtimeTools`, the names `timeout.perToolMs` may use.
 * @param runtimeTools the names of the runtime's own tools (`tool_search`, code mode's `exec`,
 *   whichever `toolMode` a turn uses); one a bound tool also has is listed once.
 * @throws {UnboundToolError} when `timeout.perToolMs` names a tool that is not bound.
 */
export function resolvePipelineSettings(options: ParsedPipelineOptions, bound: readonly string[], runtimeTools: readonly string[]): ExecutionPipelineSettings {
  const toolNames = [...bound, ...runtimeTools.filter((name) => !bound.includes(name))];
  const perToolMs = new Map<string, number>();
  for (const [name, value] of Object.entries(options.timeout.perToolMs)) {
    if (!toolNames.includes(name)) throw new UnboundToolError({ toolName: name, option: 'timeout.perToolMs', bound: toolNames });
    perToolMs.set(name, value);
  }
  const { toolMs } = options.timeout;
  const artifactStore = options.artifactStore;
  return Object.freeze({
    approver: options.approver,
    approvalTimeoutMs: options.timeout.approvalMs,
    journal: options.journal ?? createMemoryJournal(),
    operationIdOf: options.operationId ?? defaultOperationId,
    timeoutMsOf: (toolName: string) => perToolMs.get(toolName) ?? toolMs,
    outputLimit: options.outputLimit,
    artifactStore: artifactStore === false ? undefined : (artifactStore ?? createMemoryArtifactStore()),
    approvalStore: options.approvalStore ?? createMemoryApprovalStore(),
    toolApprovalSecret: options.toolApprovalSecret,
  });
}
