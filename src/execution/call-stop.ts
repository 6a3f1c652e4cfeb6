/**
 * A pipeline stage a call can stop in, by the name its messages use (C4): the stages that
 * await user code or a store, and `execute` itself.
 */
export type PipelineStage = 'input validation' | 'permission check' | 'journal.read' | 'journal.write' | 'execute' | 'toModelOutput' | 'artifactStore.put';

/**
 * A call that stopped because its signal aborted — the turn ended, or the call's budget
 * (`timeout.toolMs`) was spent — in `stage`: no later stage began.
 */
export interface CallStop {
  readonly stopped: PipelineStage;
  /** True when the tool's `execute` had begun (it may have taken effect). */
  readonly ran: boolean;
}

/** True for a {@link CallStop}. */
export function isCallStop(value: object): value is CallStop {
  return 'stopped' in value;
}
