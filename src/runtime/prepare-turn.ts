import type { ModelMessage, ToolSet } from 'ai';
import type { TurnError } from '../../machines/turn-types.js';
import { createTurnCodeMode, type TurnCodeMode } from '../code-mode/create-turn-code-mode.js';
import { recordNestedCalls } from '../code-mode/record-nested-calls.js';
import type { TurnBinding } from './create-turn-binding.js';
import type { TurnRecorder } from './create-turn-recorder.js';
import type { RequiredToolsState } from './send-input.js';
import type { ResolvedSendInput } from './send-input-schema.js';
import type { RuntimeShared } from './runtime-shared.js';
import { turnErrorOf } from './turn-error-of.js';
import { runPrefetch } from './run-prefetch.js';
import { restoreTurnSnapshot } from './turn-snapshot.js';
import type { validateSendInput } from './validate-send-input.js';
import { collectCallAnswers } from './collect-call-answers.js';
import { checkModelMessages } from './check-model-messages.js';
import type { TurnToolCall } from '../../machines/turn-types.js';

/** Everything a turn is built from, before its actor exists. */
export interface PreparedTurn {
  readonly binding: TurnBinding;
  /** Code mode of the turn (`toolMode: 'code'`); `undefined` otherwise. */
  readonly codeMode: TurnCodeMode | undefined;
  /** The actor's B (with `exec` in code mode) and the definitions a step may send. */
  readonly catalog: { readonly bound: readonly string[]; readonly tools: ToolSet };
  /** R of a step, `exec` included in code mode; throws a RequiredToolsError to fail the turn. */
  readonly requiredTools: (state: RequiredToolsState) => readonly string[];
  /** The restored actor state of a resumed turn (C28); `undefined` for a new one. */
  readonly restored: ReturnType<typeof restoreTurnSnapshot> | undefined;
  /** R of step 0 of a new turn (`[]` when resumed, or when asking it failed). */
  readonly required: readonly string[];
  /**
   * The prefetch search of a new turn (C25): its matches are A from step 0; `undefined` when off
   * or not run; a promise (that never rejects) with an asynchronous ranker.
   */
  readonly prefetched: ReturnType<typeof runPrefetch>;
  /** Set when R of step 0 could not be had: the turn fails before any request (C3). */
  readonly startFailure: TurnError | undefined;
  readonly turnId: string;
  /** The profile's and the send's instructions joined by a blank line; `undefined` for none. */
  readonly instructions: string | undefined;
  /** The transcript a new turn starts with: the caller's messages, answers to open calls taken out (collectCallAnswers). */
  readonly messages: readonly ModelMessage[];
  /** Calls an earlier turn left open that these messages answer (C27): step 0 settles them (answeringSnapshot); `[]` for none. */
  readonly answeredCalls: readonly TurnToolCall[];
}

/**
 * Prepares one turn from a parsed `send()` input (parseSendInput, validateSendInput): its code mode, its actor's
 * catalog, R of step 0 — or, for a resume, the snapshot restored against that catalog (C28).
 * `recorder` is read only while the turn's steps run (nested code-mode calls).
 *
 * @throws {InvalidSnapshotError} / {SnapshotCatalogMismatchError} from restoreTurnSnapshot.
 * @throws {InvalidOptionError} a bound or client tool named `exec` in code mode.
 * @throws {InvalidOptionError} a message or part of `messages` that ai's message schemas refuse (checkModelMessages).
 */
export function prepareTurn(options: {
  readonly shared: RuntimeShared;
  readonly input: ResolvedSendInput;
  readonly validated: ReturnType<typeof validateSendInput>;
  /** A turn snapshot to continue; `undefined` for a new turn. */
  readonly snapshot: unknown;
  readonly recorder: () => TurnRecorder;
  /** Aborts when the turn is cancelled while an asynchronous prefetch ranks (C25). Default: none. */
  readonly prefetchSignal?: AbortSignal;
}): PreparedTurn {
  const { shared, input, validated } = options;
  const { binding, requiredTools: requiredOf } = validated;
  // code mode: `exec` joins R on every step and the actor's bound list, never B (C3)
  const codeMode =
    input.toolMode === 'code'
      ? createTurnCodeMode({
          binding,
          limits: shared.codeMode,
          nestedObserver: (stepIndex) => recordNestedCalls(options.recorder(), stepIndex),
          isClientTool: (name) => input.clientTools !== undefined && Object.hasOwn(input.clientTools, name),
        })
      : undefined;
  const requiredTools: typeof requiredOf = codeMode === undefined ? requiredOf : (state) => codeMode.withExec(requiredOf(state));
  const catalog = { bound: (codeMode ?? binding).bound, tools: (codeMode ?? binding).providerTools };
  const restored =
    options.snapshot === undefined
      ? undefined
      : restoreTurnSnapshot({
          snapshot: options.snapshot,
          catalog,
          direct: binding.direct,
          offerSearch: binding.offerSearch,
          requiredOf: (state) => requiredTools({ ...state, messages: state.messages as ModelMessage[] }),
        });
  // answers to the calls an earlier turn left open for a person (C27); a resumed turn has none
  const answers =
    restored === undefined
      ? collectCallAnswers({
          messages: validated.messages,
          isClientTool: (name) => isClientSideTool(binding.resolveTool(name)),
          isKnownTool: (name) => binding.resolveTool(name) !== undefined || Object.hasOwn(catalog.tools, name),
        })
      : { messages: validated.messages, calls: [] };
  // the AI SDK's own message schemas, before anything of the turn runs (streamText does not check them)
  if (restored === undefined) checkModelMessages(answers.messages, validated.messages);
  // R of step 0 is asked before the actor exists; a failure fails the turn before any request, like later steps' (C3)
  let required: readonly string[] = [];
  let startFailure: TurnError | undefined;
  if (restored === undefined) {
    try {
      required = requiredTools({ stepIndex: 0, active: [], messages: validated.messages });
    } catch (error) {
      startFailure = turnErrorOf(error, 'TurnError');
    }
  }
  // prefetch (C25): one search of the user's message before the actor exists, its matches A from step 0
  const prefetched =
    restored === undefined && startFailure === undefined ? runPrefetch({ shared, binding, prefetch: input.prefetch, messages: validated.messages, required, ...(options.prefetchSignal === undefined ? {} : { abortSignal: options.prefetchSignal }) }) : undefined;
  return {
    binding,
    codeMode,
    prefetched,
    catalog,
    requiredTools,
    restored,
    required,
    startFailure,
    turnId: restored?.context.turnId ?? shared.generateId(),
    instructions: [binding.instructions, input.instructions].filter((text) => text !== undefined).join('\n\n') || undefined,
    messages: answers.messages,
    answeredCalls: answers.calls,
  };
}

/** A bound tool without `execute`: the client runs it (C27). */
function isClientSideTool(tool: ToolSet[string] | undefined): boolean {
  try {
    return tool !== undefined && typeof tool.execute !== 'function';
  } catch {
    return false;
  }
}
