/**
 * What the execution pipeline does with one tool's calls beyond running them (C4). The pipeline
 * reads a call's policy from the step's tool table (`StepTool`) and never from the tool's
 * name: the runtime's own tools (`tool_search`, code mode's `exec`) declare theirs where they are
 * created, and every other tool has {@link DEFAULT_TOOL_POLICY}. Internal: not an option.
 */
export interface ToolPolicy {
  /**
   * True: a completed journal entry of the same operation, tool and input is replayed instead of
   * running the tool (stage 4, C29). False: the call is still recorded (`started`, `completed`)
   * but always runs — for a tool whose effect lives in the turn and must be rebuilt by running
   * it (`tool_search`: its activation). Default true.
   */
  readonly replayable: boolean;
  /**
   * True: what the model receives is cut to the runtime's `outputLimit`, the whole output stored
   * as an artifact (stages 6–7). False: the model receives the output whole — for a tool whose
   * output is bounded by its own limits and would mislead when cut (`tool_search`, C10, C11).
   * Default true.
   */
  readonly truncateOutput: boolean;
  /**
   * How a value `execute` throws becomes the result's message: `'prefixed'` gives
   * `<tool> failed: <what was thrown>`, `'verbatim'` the thrown value's text alone — for a tool
   * whose `execute` throws messages already written for the model. Default `'prefixed'`.
   */
  readonly thrownText: 'prefixed' | 'verbatim';
  /**
   * The end of a timed-out `execute`'s message, after `<tool> timed out after <ms> ms `: what the
   * timeout means for this tool's effects. Default
   * `'and was aborted; it may have partly taken effect.'`.
   */
  readonly timeoutNote: string;
  /**
   * True: code run by code mode's `exec` may call the tool as `tools.<name>(input)` when it is
   * visible in the step. False: it is not offered to the code, and a nested call of it is
   * rejected before the pipeline (`exec` itself: code cannot nest `exec`). Default true.
   */
  readonly nestable: boolean;
}

/** The policy of every tool that declares none: replayed from the journal, output truncated, callable from `exec`'s code. */
export const DEFAULT_TOOL_POLICY: ToolPolicy = Object.freeze({
  replayable: true,
  truncateOutput: true,
  thrownText: 'prefixed',
  timeoutNote: 'and was aborted; it may have partly taken effect.',
  nestable: true,
});

