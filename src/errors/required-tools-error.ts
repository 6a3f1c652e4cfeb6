import { TurnscopeError } from './turnscope-error.js';

/**
 * A `requiredTools` function failed before a step: it threw, or answered something other than
 * an array of names (a Promise from an async function, a string, `undefined`). Code
 * `required-tools`. Never thrown to the caller of `send()`: the turn ends `failed` with reason
 * `execution-error`, and `result.error` carries this error's `name` (`RequiredToolsError`) and
 * message, e.g. "requiredTools returned a Promise; it must return an array of names
 * synchronously (step 0)". Fix: make the function return an array of tool names, synchronously.
 */
export class RequiredToolsError extends TurnscopeError {
  /** The step R was being computed for, 0-based. */
  readonly stepIndex: number;

  /**
   * @param options.stepIndex the step R was asked for.
   * @param options.problem what was wrong, completing "requiredTools …" (e.g. `threw: …`).
   * @param options.cause the error the function threw, if it threw.
   */
  constructor(options: { stepIndex: number; problem: string; cause?: unknown }) {
    super({
      code: 'required-tools',
      message: `requiredTools ${options.problem} (step ${options.stepIndex})`,
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.stepIndex = options.stepIndex;
  }
}
