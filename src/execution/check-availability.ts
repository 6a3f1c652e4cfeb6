import { setOfNames } from '../../machines/set-of-names.js';
import { listFullNames, namesEndingWith } from '../catalog/names-ending-with.js';
import type { StepExecutionContext } from './step-execution-context.js';

/**
 * The first stage of the pipeline (C2, C14): a call passes only when its name is in the
 * step-start visible set. Otherwise the model gets a recoverable message: call it next step
 * (activated by a search of this step), search for it first (bound but deferred), or use the
 * right name (unknown; the canonical spelling is suggested when only the case differs, and the
 * full names that end with it when it is a name with its group's prefix dropped, C23).
 *
 * @returns `undefined` when the call may proceed.
 */
export function checkAvailability(
  toolName: string,
  context: Pick<StepExecutionContext, 'visible' | 'bound' | 'isPendingActivation' | 'offersToolSearch'>,
): { outcome: 'rejected-hidden' | 'rejected-unknown'; message: string } | undefined {
  if (context.visible.has(toolName)) return undefined;
  if (context.isPendingActivation(toolName)) {
    return {
      outcome: 'rejected-hidden',
      message: `${toolName} was loaded by tool_search in this step and is not callable until your next step. Call ${toolName} again in your next step.`,
    };
  }
  if (setOfNames(context.bound).has(toolName)) {
    return {
      outcome: 'rejected-hidden',
      message: `${toolName} is not loaded. Call tool_search with its name or what it does; it becomes callable on the step after the search.`,
    };
  }
  const lower = toolName.toLowerCase();
  const sameButCase = [...context.visible, ...context.bound].find((name) => name.toLowerCase() === lower);
  const fullNames = sameButCase === undefined ? namesEndingWith(toolName, [...context.visible, ...context.bound]) : [];
  return {
    outcome: 'rejected-unknown',
    message:
      `There is no tool named ${JSON.stringify(toolName)}.` +
      (sameButCase !== undefined
        ? ` Did you mean ${JSON.stringify(sameButCase)}? Names are case-sensitive.`
        : fullNames.length === 1
          ? ` Did you mean ${JSON.stringify(fullNames[0])}? Call a tool by its full name.`
          : fullNames.length > 1
            ? ` Its full name may be ${listFullNames(fullNames, ' or ')}: call a tool by its full name.`
            : context.offersToolSearch
              ? ' Use tool_search to find the right tool.'
              : ' Call one of the tools you were given.'),
  };
}
