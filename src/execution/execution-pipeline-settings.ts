import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { EXEC_TOOL_NAME } from '../code-mode/code-mode-options.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { UnboundToolError } from '../errors/unbound-tool-error.js';
import type { ArtifactStore } from './artifact-store.js';
import { DEFAULT_OUTPUT_LIMIT, type OutputLimit } from './truncate-text.js';
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

/** The timeout defaults: 2 minutes per tool call, 5 minutes per approval. */
export const DEFAULT_TIMEOUTS: TimeoutOptions = Object.freeze({ toolMs: 120_000, perToolMs: Object.freeze({}), approvalMs: 300_000 });

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

/** The pipeline options of `createToolSearchRuntime`, as the caller gives them. */
export interface ExecutionPipelineOptions {
  readonly approver?: ToolApprover;
  readonly journal?: ExecutionJournal;
  readonly operationId?: (request: OperationIdRequest) => string;
  readonly timeout?: Partial<TimeoutOptions>;
  readonly outputLimit?: Partial<OutputLimit>;
  readonly artifactStore?: ArtifactStore | false;
  readonly approvalStore?: ApprovalStore;
  readonly toolApprovalSecret?: string | Uint8Array;
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

/** The largest delay `setTimeout` honours, in ms (2^31 − 1). */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * The default operation id, `${turnId}:${stepIndex}:${toolCallId}`: the call's idempotency key
 * of C29. A call is the turn, the step and the provider's call id together, because providers
 * that number calls per response (every step's first call is `call_0`) repeat call ids across
 * the steps of a turn. Stable across a genuine retry of the same call (a provider retry of the
 * step, or a re-run of the same turn), different for a call of another step; within one step the
 * runtime keeps call ids unique (a repeated one is answered as a duplicate and never runs).
 */
export const defaultOperationId = ({ turnId, stepIndex, toolCallId }: OperationIdRequest): string => `${turnId}:${stepIndex}:${toolCallId}`;

/**
 * Applies the pipeline defaults and checks the values: `journal` a fresh
 * {@link createMemoryJournal}, `artifactStore` a fresh {@link createMemoryArtifactStore},
 * `approvalStore` a fresh {@link createMemoryApprovalStore}, each per runtime; `timeout` {@link DEFAULT_TIMEOUTS}; `outputLimit` {@link DEFAULT_OUTPUT_LIMIT}.
 *
 * @param bound the bound names: with `tool_search` and `exec` (code mode's tool, whichever
 *   `toolMode` a turn uses), the names `timeout.perToolMs` may use.
 * @throws {InvalidOptionError} for a value of the wrong type or out of range.
 * @throws {UnboundToolError} when `timeout.perToolMs` names a tool that is not bound.
 */
export function resolvePipelineSettings(options: ExecutionPipelineOptions, bound: readonly string[]): ExecutionPipelineSettings {
  const toolNames = [...bound, TOOL_SEARCH_NAME, ...(bound.includes(EXEC_TOOL_NAME) ? [] : [EXEC_TOOL_NAME])];
  if (options.approver !== undefined && typeof options.approver !== 'function') {
    throw new InvalidOptionError({ option: 'approver', value: options.approver, expected: 'a function (request) => { type: "allow" } | { type: "deny", reason }' });
  }
  if (options.operationId !== undefined && typeof options.operationId !== 'function') {
    throw new InvalidOptionError({ option: 'operationId', value: options.operationId, expected: 'a function (call) => string' });
  }
  if (options.journal !== undefined && !hasMethods(options.journal, ['read', 'write'])) {
    throw new InvalidOptionError({ option: 'journal', value: options.journal, expected: 'a journal: an object with read(operationId) and write(entry) methods' });
  }
  const artifactStore = options.artifactStore;
  if (artifactStore !== undefined && artifactStore !== false && !hasMethods(artifactStore, ['put', 'get'])) {
    throw new InvalidOptionError({ option: 'artifactStore', value: artifactStore, expected: 'false, or an artifact store: an object with put(artifact) and get(id) methods' });
  }
  if (options.approvalStore !== undefined && !hasMethods(options.approvalStore, ['issue', 'claim'])) {
    throw new InvalidOptionError({ option: 'approvalStore', value: options.approvalStore, expected: 'an approval store: an object with issue(record) and claim(id) methods' });
  }
  const secret = options.toolApprovalSecret;
  if (secret !== undefined && !((typeof secret === 'string' && secret !== '') || (secret instanceof Uint8Array && secret.length > 0))) {
    throw new InvalidOptionError({ option: 'toolApprovalSecret', value: secret, expected: 'a non-empty string or Uint8Array (the HMAC key approval requests are signed with)' });
  }
  for (const name of ['timeout', 'outputLimit'] as const) {
    const value = options[name];
    if (value !== undefined && (value === null || typeof value !== 'object' || Array.isArray(value))) {
      throw new InvalidOptionError({ option: name, value, expected: 'an object' });
    }
  }
  const timeout = { ...DEFAULT_TIMEOUTS, ...definedOnly(options.timeout) };
  const toolMs = milliseconds('timeout.toolMs', timeout.toolMs);
  const approvalMs = milliseconds('timeout.approvalMs', timeout.approvalMs);
  if (timeout.perToolMs === null || typeof timeout.perToolMs !== 'object' || Array.isArray(timeout.perToolMs)) {
    throw new InvalidOptionError({ option: 'timeout.perToolMs', value: timeout.perToolMs, expected: 'an object of tool name → milliseconds' });
  }
  const perToolMs = new Map<string, number>();
  for (const [name, value] of Object.entries(timeout.perToolMs)) {
    if (!toolNames.includes(name)) throw new UnboundToolError({ toolName: name, option: 'timeout.perToolMs', bound: toolNames });
    perToolMs.set(name, milliseconds(`timeout.perToolMs.${name}`, value));
  }
  const limit = { ...DEFAULT_OUTPUT_LIMIT, ...definedOnly(options.outputLimit) };
  const outputLimit: OutputLimit = Object.freeze({
    maxBytes: atLeastTwo('outputLimit.maxBytes', limit.maxBytes, 'bytes'),
    maxLines: atLeastTwo('outputLimit.maxLines', limit.maxLines, 'lines'),
  });
  return Object.freeze({
    approver: options.approver,
    approvalTimeoutMs: approvalMs,
    journal: options.journal ?? createMemoryJournal(),
    operationIdOf: options.operationId ?? defaultOperationId,
    timeoutMsOf: (toolName: string) => perToolMs.get(toolName) ?? toolMs,
    outputLimit,
    artifactStore: artifactStore === false ? undefined : (artifactStore ?? createMemoryArtifactStore()),
    approvalStore: options.approvalStore ?? createMemoryApprovalStore(),
    toolApprovalSecret: secret,
  });
}

function hasMethods(value: unknown, methods: readonly string[]): boolean {
  return value !== null && typeof value === 'object' && methods.every((method) => typeof (value as Record<string, unknown>)[method] === 'function');
}

/** Drops `undefined` values, so `{ toolMs: undefined }` means the default, as documented. */
function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}

function milliseconds(option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_TIMER_DELAY_MS) {
    throw new InvalidOptionError({ option, value, expected: `a whole number of milliseconds from 0 (no timeout) to ${MAX_TIMER_DELAY_MS}` });
  }
  return value;
}

function atLeastTwo(option: string, value: unknown, unit: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 2) {
    throw new InvalidOptionError({ option, value, expected: `a whole number of ${unit} ≥ 2 (half for the head, half for the tail)` });
  }
  return value;
}
