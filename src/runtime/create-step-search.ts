import type { TurnEvent } from '../../machines/turn-machine.js';
import type { StepExecutionContext } from '../execution/step-execution-context.js';
import { runToolSearch } from '../tool-search/run-tool-search.js';
import type { ToolSearchInput } from '../tool-search/tool-search-input-schema.js';
import type { TurnBinding } from './create-turn-binding.js';
import type { TurnRecorder } from './create-turn-recorder.js';
import type { RuntimeShared } from './runtime-shared.js';

/**
 * The `runSearch` of one step's execution context: runs `tool_search` over the turn's
 * searchable tools (C1, C6) with the runtime's ranker (or the turn's, with client tools), sends
 * `ACTIVATE` for what it newly activates and records the search (C21).
 *
 * @param options.activationState the turn actor's active and pending names, read once the
 *   ranking is done, so parallel searches of one step see each other's activations (C15).
 * @param options.required R of this step: a required tool is visible already, so a search never
 *   activates or lists it (R is not A).
 * @param options.sendBack the execution actor's channel to the turn actor (for `ACTIVATE`).
 */
export function createStepSearch(options: {
  readonly shared: RuntimeShared;
  readonly binding: TurnBinding;
  readonly recorder: TurnRecorder;
  readonly stepIndex: number;
  readonly required: readonly string[];
  readonly activationState: () => { readonly active: readonly string[]; readonly pending: readonly string[] };
  readonly sendBack: (event: TurnEvent) => void;
}): StepExecutionContext['runSearch'] {
  const { shared, binding, recorder, stepIndex, required, sendBack } = options;
  return async (searchInput, toolCallId, abortSignal) => {
    const startedAt = shared.now();
    const outcome = await runToolSearch({
      input: searchInput as ToolSearchInput,
      ranker: binding.ranker ?? shared.ranker,
      search: shared.search,
      isSearchable: binding.isSearchable,
      alreadyActive: () => {
        const { active, pending } = options.activationState();
        return new Set([...active, ...pending]);
      },
      isRequired: (name) => required.includes(name),
      schemaCharsOf: binding.schemaCharsOf,
      descriptionOf: binding.descriptionOf,
      abortSignal,
      // sent at once, so a parallel search of the same step sees these as pending (C15)
      activate: (names) => {
        sendBack({ type: 'ACTIVATE', names });
        recorder.activation(stepIndex, names);
      },
    });
    if (!outcome.ok) return outcome;
    recorder.search(stepIndex, toolCallId, { ...outcome.record, durationMs: shared.now() - startedAt });
    return { ok: true, output: outcome.output };
  };
}
