import type { TurnToolCall, TurnToolResult } from '../../machines/turn-types.js';
import { isCallStop, type CallStop } from './call-stop.js';
import type { StepExecutionContext } from './step-execution-context.js';
import { storeArtifact } from './store-artifact.js';
import { truncateModelOutput } from './truncate-model-output.js';

/**
 * Stages 6 and 7 of a call's pipeline (C4, S11), shared by a server tool's output and a
 * client's answer (C27): the output cut to `pipeline.outputLimit` when the tool's policy
 * truncates (`truncates`), the whole text kept in `pipeline.artifactStore` (`storeArtifact`).
 *
 * @param options.signal the call's signal (default: the turn's); `timedOut` / `timeoutMs` as
 *   `storeArtifact` takes them, for a server tool's budget.
 * @returns `undefined` when nothing was cut (the output goes to the model whole); a
 *   {@link CallStop} when the signal ended the store; else the model's output and the result's
 *   `truncated` / `artifact` (and `timedOut` when the budget ran out while storing).
 */
export async function storeTruncatedOutput(options: {
  readonly output: unknown;
  readonly truncates: boolean;
  readonly call: TurnToolCall;
  readonly operationId: string;
  readonly context: StepExecutionContext;
  readonly signal?: AbortSignal;
  readonly timedOut?: () => boolean;
  readonly timeoutMs?: number;
}): Promise<undefined | CallStop | { readonly modelOutput: unknown; readonly details: Pick<TurnToolResult, 'truncated' | 'artifact' | 'timedOut'> }> {
  const { call, context } = options;
  const { pipeline } = context;
  const truncated = options.truncates ? truncateModelOutput(options.output as Parameters<typeof truncateModelOutput>[0], pipeline.outputLimit) : undefined;
  if (truncated === undefined) return undefined;
  const stored = await storeArtifact({
    truncated,
    limit: pipeline.outputLimit,
    store: pipeline.artifactStore,
    operationId: options.operationId,
    turnId: context.turnId,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    isBound: (name) => context.bound.includes(name),
    isVisible: (name) => context.visible.has(name),
    signal: options.signal ?? context.abortSignal,
    ...(options.timedOut === undefined ? {} : { timedOut: options.timedOut }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (isCallStop(stored)) return stored;
  const { modelOutput, artifact, timedOut } = stored;
  const { totalBytes, totalLines, omittedBytes, omittedLines } = truncated.cut;
  return {
    modelOutput,
    details: {
      ...(timedOut === true ? { timedOut: true } : {}),
      truncated: { totalBytes, totalLines, omittedBytes, omittedLines },
      ...(artifact === undefined ? {} : { artifact: { id: artifact.id, uri: artifact.uri } }),
    },
  };
}
