import type {
  MachineTransitionRecord,
  SearchEndRecord,
  StepEndRecord,
  StepStartRecord,
  TelemetryRecord,
  TelemetryToolOrigin,
  TurnEndRecord,
  TurnStartRecord,
} from '../../src/telemetry/telemetry-record.js';
import type { MachineGraph } from '../../src/visualizer/machine-graph.js';
import { explainTransition, type TransitionHop } from './explain-transition.js';

/** One turn of a trace, step by step, as the page replays it. */
export interface TurnReplay {
  readonly turnId: string;
  readonly start: TurnStartRecord | undefined;
  /** `undefined` while the turn runs (live) or when the trace was cut short. */
  readonly end: TurnEndRecord | undefined;
  readonly steps: readonly StepReplay[];
}

/** A visible tool of a step. */
export interface VisibleTool {
  readonly name: string;
  readonly schemaChars: number;
  /** Not visible in the step before: activated by a search of that step (C13). */
  readonly isNew: boolean;
}

/** How a ranked search candidate fared. */
export type RankedStatus =
  | 'activated'
  | 'skipped-oversize'
  | 'skipped-budget'
  | 'skipped-below-relevance-floor'
  | 'already-active'
  | 'beyond-limit';

/** A `search.end` record with each ranked candidate's fate. */
export interface SearchReplay {
  readonly record: SearchEndRecord;
  /**
   * The first step whose request carries what it activated: the next step for the model's
   * search (C13), its own step 0 for the prefetch (origin `prefetch`, C25).
   */
  readonly visibleFromStep: number;
  readonly ranked: readonly { readonly name: string; readonly score: number; readonly status: RankedStatus }[];
}

/** One tool call of a step: `outcome` is `running` until its `tool.execution.end`. */
export interface CallReplay {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly origin: TelemetryToolOrigin;
  readonly outcome: string;
  readonly durationMs: number | null;
}

/** One `machine.transition` record, explained against the machine graph. */
export interface TransitionReplay {
  readonly state: string;
  readonly event: string;
  /** Milliseconds since the turn started. */
  readonly atMs: number;
  /** The hops it took; more than one when it passed through a state that raised an event on entry. */
  readonly hops: readonly TransitionHop[];
}

/** One step: its provider requests, what was visible, searched, called and how the machine moved. */
export interface StepReplay {
  readonly stepIndex: number;
  /** Provider requests of the step: more than one when it was retried (C16). */
  readonly requests: readonly StepStartRecord[];
  /** The step-start visible set in request order (the same for every attempt). */
  readonly visible: readonly VisibleTool[];
  readonly totalSchemaChars: number;
  readonly searches: readonly SearchReplay[];
  readonly calls: readonly CallReplay[];
  readonly transitions: readonly TransitionReplay[];
  readonly end: StepEndRecord | undefined;
}

/**
 * Groups a trace's records (from `parseTrace`) into turns and steps, in file order. Tolerates
 * records of a turn that has not ended and steps without a `step.start` (their visible set is
 * empty). Transitions are explained with {@link explainTransition} when `graph` is given.
 */
export function buildReplay(options: { readonly records: readonly TelemetryRecord[]; readonly graph?: MachineGraph }): TurnReplay[] {
  const byTurn = new Map<string, TelemetryRecord[]>();
  for (const record of options.records) {
    const list = byTurn.get(record.turnId) ?? [];
    list.push(record);
    byTurn.set(record.turnId, list);
  }
  return [...byTurn].map(([turnId, records]) => buildTurn(turnId, records, options.graph));
}

interface MutableStep {
  stepIndex: number;
  requests: StepStartRecord[];
  searches: SearchEndRecord[];
  calls: Map<string, { toolCallId: string; toolName: string; origin: TelemetryToolOrigin; outcome: string; durationMs: number | null }>;
  transitions: MachineTransitionRecord[];
  end: StepEndRecord | undefined;
}

function buildTurn(turnId: string, records: readonly TelemetryRecord[], graph: MachineGraph | undefined): TurnReplay {
  const start = records.find((record): record is TurnStartRecord => record.type === 'turn.start');
  const end = records.findLast((record): record is TurnEndRecord => record.type === 'turn.end');
  const steps = new Map<number, MutableStep>();
  const stepOf = (stepIndex: number) => {
    let step = steps.get(stepIndex);
    if (step === undefined) {
      step = { stepIndex, requests: [], searches: [], calls: new Map(), transitions: [], end: undefined };
      steps.set(stepIndex, step);
    }
    return step;
  };
  for (const record of records) {
    switch (record.type) {
      case 'step.start':
        stepOf(record.stepIndex).requests.push(record);
        break;
      case 'search.end':
        stepOf(record.stepIndex).searches.push(record);
        break;
      case 'tool.execution.start':
      case 'tool.execution.end': {
        const calls = stepOf(record.stepIndex).calls;
        const known = calls.get(record.toolCallId);
        const ended = record.type === 'tool.execution.end';
        calls.set(record.toolCallId, {
          toolCallId: record.toolCallId,
          toolName: record.toolName,
          origin: record.origin,
          outcome: ended ? record.outcome : (known?.outcome ?? 'running'),
          durationMs: ended ? record.durationMs : (known?.durationMs ?? null),
        });
        break;
      }
      case 'machine.transition':
        stepOf(record.stepIndex).transitions.push(record);
        break;
      case 'step.end':
        stepOf(record.stepIndex).end = record;
        break;
      case 'turn.start':
      case 'turn.end':
        break;
    }
  }

  const startedAt = start?.timestamp ?? records[0]?.timestamp ?? 0;
  let previousVisible: readonly string[] | undefined;
  let previousState: string | null = null;
  const activeSoFar = new Set<string>();
  const replays = [...steps.values()]
    .sort((a, b) => a.stepIndex - b.stepIndex)
    .map((step): StepReplay => {
      const request = step.requests.at(-1);
      const names = request?.visible ?? [];
      const visible = names.map((name) => ({
        name,
        // own keys only: a tool named `constructor` must not read Object's
        schemaChars: request?.schemaChars !== undefined && Object.hasOwn(request.schemaChars, name) ? request.schemaChars[name]! : 0,
        isNew: previousVisible !== undefined && !previousVisible.includes(name),
      }));
      previousVisible = names;
      const transitions = step.transitions.map((record): TransitionReplay => {
        const hops = explainTransition({ graph, from: previousState, event: record.event, to: record.state });
        previousState = record.state;
        return { state: record.state, event: record.event, atMs: record.timestamp - startedAt, hops };
      });
      return {
        stepIndex: step.stepIndex,
        requests: step.requests,
        visible,
        totalSchemaChars: request?.totalSchemaChars ?? visible.reduce((sum, tool) => sum + tool.schemaChars, 0),
        searches: step.searches.map((search) => {
          for (const name of names) activeSoFar.add(name);
          const replay = replaySearch(search, activeSoFar);
          for (const name of search.activated ?? []) activeSoFar.add(name);
          return replay;
        }),
        calls: [...step.calls.values()],
        transitions,
        end: step.end,
      };
    });
  return { turnId, start, end, steps: replays };
}

/** `alreadyActive`: visible in the search's step or activated by an earlier search of the turn. */
function replaySearch(record: SearchEndRecord, alreadyActive: ReadonlySet<string>): SearchReplay {
  const activated = new Set(record.activated ?? []);
  const skipped = new Map((record.skipped ?? []).map((skip) => [skip.name, skip.reason]));
  return {
    record,
    visibleFromStep: record.origin === 'prefetch' ? record.stepIndex : record.stepIndex + 1,
    ranked: (record.ranked ?? []).map(({ name, score }) => {
      const reason = skipped.get(name);
      const status: RankedStatus = activated.has(name)
        ? 'activated'
        : reason !== undefined
          ? `skipped-${reason}`
          : alreadyActive.has(name)
            ? 'already-active'
            : 'beyond-limit';
      return { name, score, status };
    }),
  };
}
