import { setOfNames } from '../../machines/set-of-names.js';
import { listFullNames, namesEndingWith } from '../catalog/names-ending-with.js';
import type { StepExecutionContext } from './step-execution-context.js';

/**
 * The first stage of the pipeline (C2, C14): a call passes only when its name is in the
 * step-start visible set. Otherwise the model gets a recoverable message: call it next step
 * (activated by a search of this step), search for it first (bound but deferred), or use the
 * right name (unknown; the canonical spellings are suggested when only the case differs — the
 * callable ones when any is, else the bound ones — and the
 * full names that end with it when it is a name with its group's prefix dropped, C23). A bound
 * tool larger than one search's budget (`context.loadBudget`, C10) is said to be unloadable.
 *
 * @returns `undefined` when the call may proceed.
 */
export function checkAvailability(
  toolName: string,
  context: Pick<StepExecutionContext, 'visible' | 'bound' | 'isPendingActivation' | 'offersToolSearch' | 'loadBudget'>,
): { outcome: 'rejected-hidden' | 'rejected-unknown'; message: string } | undefined {
  if (context.visible.has(toolName)) return undefined;
  if (context.isPendingActivation(toolName)) {
    return {
      outcome: 'rejected-hidden',
      message: `${toolName} was loaded by tool_search in this step and is not callable until your next step. Call ${toolName} again in your next step.`,
    };
  }
  if (setOfNames(context.bound).has(toolName)) {
    const chars = context.loadBudget?.schemaCharsOf(toolName) ?? 0;
    if (context.offersToolSearch && context.loadBudget !== undefined && chars > context.loadBudget.maxSchemaChars) {
      // no search can ever load it (C10): pointing to tool_search would send the model round in circles
      return {
        outcome: 'rejected-hidden',
        message:
          `${toolName} cannot be called: its definition (${chars.toLocaleString('en-US')} characters) is larger than the ${context.loadBudget.maxSchemaChars.toLocaleString('en-US')}-character budget of one search, ` +
          'so no search can load it. Use another tool; the application can make it direct or raise search.maxSchemaChars.',
      };
    }
    return {
      outcome: 'rejected-hidden',
      message: `${toolName} is not loaded. Call tool_search with its name or what it does; it becomes callable on the step after the search.`,
    };
  }
  const lower = toolName.toLowerCase();
  // names that differ only in case may be several (`Send_Mail`, `SEND_MAIL`): the callable ones, else the bound ones
  const visibleVariants = [...new Set([...context.visible].filter((name) => name.toLowerCase() === lower))];
  const variants = visibleVariants.length > 0 ? visibleVariants : [...new Set([...context.bound].filter((name) => name.toLowerCase() === lower))];
  const sameButCase = variants.length === 0 ? undefined : variants.map((name) => JSON.stringify(name)).join(' or ');
  const fullNames = sameButCase === undefined ? namesEndingWith(toolName, [...context.visible, ...context.bound]) : [];
  return {
    outcome: 'rejected-unknown',
    message:
      `There is no tool named ${JSON.stringify(toolName)}.` +
      (sameButCase !== undefined
        ? ` Did you mean ${sameButCase}? Names are case-sensitive.`
        : fullNames.length === 1
          ? ` Did you mean ${JSON.stringify(fullNames[0])}? Call a tool by its full name.`
          : fullNames.length > 1
            ? ` Its full name may be ${listFullNames(fullNames, ' or ')}: call a tool by its full name.`
            : context.offersToolSearch
              ? ' Use tool_search to find the right tool.'
              : ' Call one of the tools you were given.'),
  };
}
