import { APICallError, jsonSchema, tool, type ToolSet } from 'ai';
import fc from 'fast-check';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import { createToolSearchRuntime, DEFAULT_DIRECT_TOOLS, type ToolSearchRuntimeOptions, type TurnResult } from '../../src/index.js';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/index.js';

/**
 * Random turns for the property tests: a random bound catalog (names, groups, direct set,
 * availability, required tools, and in a third of the turns an exact `boundTools` ceiling
 * narrower than the catalog, C6) and a random script of
 * steps with searches, parallel searches, hidden and unknown calls, bad input, throwing and
 * denied tools, retryable and fatal provider errors, required tools that change between steps
 * (a `requiredTools` function, as an orchestration run has, naming bound and unbound tools),
 * and a cancellation at a random stream part.
 */

/**
 * Names tools may have: C5 baseline names (direct by default), MCP-style and plain ones, two that
 * differ only in case, and hostile ones — members of every plain object, which a `{}` keyed by
 * name loses (`__proto__`) or misreads as inherited functions (C2, C3).
 */
export const NAME_POOL = [
  'Read', 'Bash', 'Grep', 'Write', 'browser_click', 'Browser_Click', 'browser_snapshot', 'github_create_issue',
  'github_list_pull_requests', 'slack_post_message', 'mcp__fs__read_file', 'mcp__memory__create_entities',
  'weather_get', 'calendar_add_event', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
] as const;
/** Names the model may call that no catalog binds (`valueOf` is on every object, never a tool here). */
const UNBOUND_NAMES = ['teleport', 'load_tools', 'read', 'valueOf'] as const;
const WORDS = ['click', 'page', 'issue', 'file', 'read', 'message', 'weather', 'calendar', 'memory', 'shell', 'create', 'list', 'snapshot'] as const;

export interface ToolSpec {
  readonly name: string;
  readonly description: string;
  /** `execute` throws: a tool failure the turn must survive. */
  readonly throws: boolean;
}

export interface CatalogSpec {
  readonly tools: readonly ToolSpec[];
  readonly groups: Readonly<Record<string, readonly string[]>>;
  /** `undefined`: the C5 baseline. */
  readonly direct: readonly string[] | undefined;
  readonly availability: 'search' | 'off';
  /** The turn's exact ceiling (`send({ boundTools })`, C6); `undefined`: every bound tool. */
  readonly ceiling: readonly string[] | undefined;
  /** R of step 0 (may name tools outside the ceiling: they must be ignored). */
  readonly required: readonly string[];
  /** Names the permission check denies. */
  readonly denied: readonly string[];
}

export type CallSpec =
  | { readonly kind: 'search'; readonly query: string; readonly limit?: number }
  | { readonly kind: 'call'; readonly name: string; readonly validInput: boolean };

export interface StepSpec {
  /**
   * R from this step on, as the `requiredTools` function answers it (names outside B included:
   * they must be ignored); `undefined`: unchanged. Ignored for step 0, whose R is the catalog's.
   */
  readonly required: readonly string[] | undefined;
  /** Provider errors before the answer; a `fatal` one ends the turn. */
  readonly failures: readonly ('retryable' | 'fatal')[];
  /** The answer's tool calls (at least one). */
  readonly calls: readonly CallSpec[];
}

export interface TurnScenario {
  readonly catalog: CatalogSpec;
  readonly steps: readonly StepSpec[];
  readonly maxSteps: number;
  readonly maxAttempts: number;
  /** Cancel the turn when the stream part with this index is read; `undefined`: never. */
  readonly cancelAtPart: number | undefined;
}

export const catalogArbitrary: fc.Arbitrary<CatalogSpec> = fc
  .uniqueArray(fc.constantFrom(...NAME_POOL), { minLength: 3, maxLength: NAME_POOL.length })
  .chain((names) =>
    fc.record({
      tools: fc.tuple(
        ...names.map((name) =>
          fc.record({
            name: fc.constant(name),
            description: fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((words) => words.join(' ')),
            throws: fc.boolean(),
          }),
        ),
      ),
      // group labels include hostile keys too; the record has no prototype so `__proto__` is a key
      groups: fc
        .array(fc.constantFrom('alpha', 'beta', '__proto__', 'constructor', undefined), { minLength: names.length, maxLength: names.length })
        .map((assigned) => {
          const groups: Record<string, string[]> = Object.create(null);
          assigned.forEach((group, index) => {
            if (group !== undefined) (groups[group] ??= []).push(names[index]!);
          });
          return groups;
        }),
      // undefined: the C5 baseline; a full list leaves nothing deferred, so tool_search must not be offered
      direct: fc.oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: fc.shuffledSubarray(names, { maxLength: Math.ceil(names.length / 2) }) },
        { weight: 1, arbitrary: fc.shuffledSubarray(names, { minLength: names.length }) },
      ),
      availability: fc.oneof({ weight: 7, arbitrary: fc.constant('search' as const) }, { weight: 1, arbitrary: fc.constant('off' as const) }),
      ceiling: fc.oneof(
        { weight: 2, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.shuffledSubarray(names, { minLength: 1 }) },
      ),
      required: fc.subarray(names, { maxLength: Math.min(2, names.length) }),
      denied: fc.subarray(names, { maxLength: Math.min(2, names.length) }),
    }),
  );

const queryArbitrary = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NAME_POOL, ...UNBOUND_NAMES) },
  { weight: 1, arbitrary: fc.constantFrom(...NAME_POOL).map((name) => name.toUpperCase()) },
  { weight: 3, arbitrary: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  // the query forms of tool_search's description: select: lists (past the limit too) and +word
  { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...NAME_POOL, ...UNBOUND_NAMES), { minLength: 1, maxLength: 8 }).map((names) => `select:${names.join(',')}`) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...WORDS, 'proto', 'github', 'browser'), fc.array(fc.constantFrom(...WORDS), { maxLength: 2 })).map(([required, words]) => [`+${required}`, ...words].join(' ')) },
);

const callArbitrary: fc.Arbitrary<CallSpec> = fc.oneof(
  { weight: 3, arbitrary: fc.record({
    kind: fc.constant('search' as const),
    query: queryArbitrary,
    limit: fc.option(fc.oneof(fc.integer({ min: -1, max: 25 }), fc.constant(1.5)), { nil: undefined, freq: 2 }),
  }, { requiredKeys: ['kind', 'query'] }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('call' as const),
      name: fc.constantFrom(...NAME_POOL, ...UNBOUND_NAMES),
      validInput: fc.boolean(),
    }),
  },
);

export const scenarioArbitrary: fc.Arbitrary<TurnScenario> = fc.record({
  catalog: catalogArbitrary,
  steps: fc.array(
    fc.record({
      required: fc.option(fc.uniqueArray(fc.constantFrom(...NAME_POOL, ...UNBOUND_NAMES), { maxLength: 3 }), { nil: undefined, freq: 2 }),
      failures: fc.oneof(
        { weight: 12, arbitrary: fc.constant([]) },
        { weight: 3, arbitrary: fc.constant(['retryable' as const]) },
        { weight: 1, arbitrary: fc.constant(['retryable' as const, 'retryable' as const]) },
        { weight: 1, arbitrary: fc.constant(['fatal' as const]) },
      ),
      // every scripted step calls tools; the turn ends when the script does (a text answer) or at maxSteps
      calls: fc.array(callArbitrary, { minLength: 1, maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  maxSteps: fc.integer({ min: 1, max: 6 }),
  maxAttempts: fc.integer({ min: 1, max: 3 }),
  cancelAtPart: fc.option(fc.nat({ max: 30 }), { nil: undefined, freq: 2 }),
});

/** What one run of a scenario showed. */
export interface TurnObservation {
  /** B: the turn's ceiling, the catalog's names unless the scenario gives `boundTools`. */
  readonly bound: readonly string[];
  /** Tools in the runtime's catalog (B has fewer when a ceiling narrows it). */
  readonly catalogSize: number;
  /** D as the scenario defines it (C5, C6), inside B, independent of the catalog's code. */
  readonly direct: readonly string[];
  /** R of each step as the `requiredTools` function answered it (unfiltered): index = step. */
  readonly requiredByStep: readonly (readonly string[])[];
  /** The steps the runtime asked `requiredTools` about, in order. */
  readonly requiredAsked: readonly number[];
  /** True when a bound tool is not direct and availability is `search` (C3, C6). */
  readonly deferredExists: boolean;
  /**
   * Tool names of every provider request, in order, with the step each belongs to, and the
   * names whose definition in that request is not a scenario tool's (description and the
   * `{ value }` schema): a name that reached the request without its own definition.
   */
  readonly requests: readonly { readonly step: number; readonly toolNames: readonly string[]; readonly foreignDefinitions: readonly string[] }[];
  /** The calls each step's answer made (the script), by step. */
  readonly callsByStep: ReadonlyMap<number, readonly { toolCallId: string; toolName: string }[]>;
  /** The query of every tool_search call of the script, by call id. */
  readonly queries: ReadonlyMap<string, string>;
  /** Every `execute`, with the call id `s<step>-c<index>`. */
  readonly executed: readonly { readonly toolName: string; readonly toolCallId: string }[];
  readonly result: TurnResult;
  /** `active` and `pending` of every snapshot of the turn actor, in order. */
  readonly snapshots: readonly { readonly status: string; readonly active: readonly string[]; readonly pending: readonly string[] }[];
  readonly finalContext: { readonly active: readonly string[]; readonly pending: readonly string[]; readonly visible: readonly string[] };
  /** The first request of a plain turn run on the same runtime right after, when this turn activated something. */
  readonly nextTurnToolNames: readonly string[] | undefined;
}

function providerError(fatal: boolean): APICallError {
  return new APICallError({
    message: fatal ? 'HTTP 400' : 'HTTP 503',
    url: 'https://provider.test/v1',
    requestBodyValues: {},
    statusCode: fatal ? 400 : 503,
    isRetryable: !fatal,
  });
}

/** Every scenario tool takes `{ value: string }`; a plain JSON schema (as MCP tools have), validated with Ajv. */
const VALUE_SCHEMA = jsonSchema<{ value: string }>({
  type: 'object',
  properties: { value: { type: 'string' } },
  required: ['value'],
  additionalProperties: false,
});

/**
 * R of `step`: the catalog's at step 0, then the latest change of a step at or before it; the
 * step after the script (a text answer) keeps the last step's.
 */
export function requiredAt(scenario: TurnScenario, step: number): readonly string[] {
  let required = scenario.catalog.required;
  for (let index = 1; index <= Math.min(step, scenario.steps.length - 1); index++) required = scenario.steps[index]!.required ?? required;
  return required;
}

/**
 * A scenario's runtime (a fresh one), its model script and the `send()` input of its turn
 * (without the model): what {@link runScenario} runs, and what a resume test runs again.
 * `options.now` replaces the runtime's clock (e.g. `() => 0` so two runs report equal durations).
 */
export function scenarioSetup(scenario: TurnScenario, options: { readonly now?: () => number } = {}) {
  const { catalog } = scenario;
  const executed: { toolName: string; toolCallId: string }[] = [];
  const tools: ToolSet = Object.fromEntries(
    catalog.tools.map((spec) => [
      spec.name,
      tool({
        description: spec.description,
        inputSchema: VALUE_SCHEMA,
        execute: async ({ value }, { toolCallId }) => {
          executed.push({ toolName: spec.name, toolCallId });
          if (spec.throws) throw new Error(`${spec.name} broke`);
          return value;
        },
      }),
    ]),
  );
  const runtimeOptions = {
    tools,
    groups: catalog.groups,
    ...(catalog.direct === undefined ? {} : { direct: catalog.direct }),
    availability: catalog.availability,
    maxSteps: scenario.maxSteps,
    retry: { maxAttempts: scenario.maxAttempts, initialDelayMs: 0 },
    permission: (request) =>
      catalog.denied.includes(request.toolName) ? { type: 'deny', reason: 'the scenario denies it' } : { type: 'allow' },
    ...(options.now === undefined ? {} : { now: options.now }),
  } satisfies ToolSearchRuntimeOptions;
  const runtime = createToolSearchRuntime(runtimeOptions);

  const script: ScriptedStep[] = [];
  const scriptSteps: number[] = [];
  const callsByStep = new Map<number, { toolCallId: string; toolName: string }[]>();
  const queries = new Map<string, string>();
  scenario.steps.forEach((step, stepIndex) => {
    for (const failure of step.failures) {
      script.push({ error: providerError(failure === 'fatal') });
      scriptSteps.push(stepIndex);
    }
    const toolCalls = step.calls.map((call, index) => {
      const toolCallId = `s${stepIndex}-c${index}`;
      if (call.kind === 'search') {
        queries.set(toolCallId, call.query);
        return { toolCallId, toolName: TOOL_SEARCH_NAME, input: call.limit === undefined ? { query: call.query } : { query: call.query, limit: call.limit } };
      }
      return { toolCallId, toolName: call.name, input: { value: call.validInput ? 'ok' : 5 } };
    });
    callsByStep.set(stepIndex, toolCalls.map(({ toolCallId, toolName }) => ({ toolCallId, toolName })));
    script.push({ toolCalls });
    scriptSteps.push(stepIndex);
  });
  const sendInput = {
    prompt: 'go',
    ...(catalog.ceiling === undefined ? {} : { boundTools: catalog.ceiling }),
    requiredTools: ({ stepIndex }: { stepIndex: number }) => requiredAt(scenario, stepIndex),
  };
  return { runtime, runtimeOptions, script, scriptSteps, callsByStep, queries, executed, sendInput };
}

/** Runs a scenario on a fresh runtime, through `streamText` and the scripted model. */
export async function runScenario(scenario: TurnScenario): Promise<TurnObservation> {
  const { catalog } = scenario;
  const { runtime, script, scriptSteps, callsByStep, queries, executed } = scenarioSetup(scenario);

  const scripted = createScriptedModel({ steps: script });
  const snapshots: { status: string; active: string[]; pending: string[] }[] = [];
  const requiredAsked: number[] = [];
  const ceiling = catalog.ceiling === undefined ? {} : { boundTools: catalog.ceiling };
  const turn = runtime.send({
    model: scripted.model,
    prompt: 'go',
    ...ceiling,
    requiredTools: ({ stepIndex }) => {
      requiredAsked.push(stepIndex);
      return requiredAt(scenario, stepIndex);
    },
    inspect: (event) => {
      if (event.type !== '@xstate.snapshot' || event.actorRef.sessionId !== event.rootId) return;
      const snapshot = event.snapshot as unknown as { status: string; context: { active: string[]; pending: string[] } };
      snapshots.push({ status: snapshot.status, active: [...snapshot.context.active], pending: [...snapshot.context.pending] });
    },
  });
  let partIndex = 0;
  for await (const _part of turn.stream) {
    if (partIndex++ === scenario.cancelAtPart && turn.actor.getSnapshot().status === 'active') turn.cancel('the scenario cancels');
  }
  const result = await turn.result;
  const { active, pending, visible } = (turn.actor.getSnapshot() as { context: TurnObservation['finalContext'] }).context;

  // the next turn on the same runtime, when this one had something to leak (C17)
  const names = catalog.tools.map((spec) => spec.name);
  const bound = catalog.ceiling === undefined ? names : names.filter((name) => catalog.ceiling!.includes(name));
  const next = createScriptedModel({ steps: [{ text: 'again' }] });
  if (result.activated.length > 0) {
    await runtime.send({ model: next.model, prompt: 'again', ...ceiling, requiredTools: catalog.required.filter((name) => bound.includes(name)) }).result;
  }

  const direct =
    catalog.availability === 'off' ? bound : (catalog.direct ?? DEFAULT_DIRECT_TOOLS.filter((name) => names.includes(name))).filter((name) => bound.includes(name));
  return {
    bound,
    catalogSize: names.length,
    direct,
    requiredByStep: Array.from({ length: scenario.steps.length + 1 }, (_, step) => requiredAt(scenario, step)),
    requiredAsked,
    deferredExists: catalog.availability === 'search' && bound.some((name) => !direct.includes(name)),
    // a request past the script is answered with text; it belongs to the step after the last scripted one
    requests: scripted.requests.map((request, index) => ({
      step: scriptSteps[index] ?? scenario.steps.length,
      toolNames: request.toolNames,
      foreignDefinitions: request.tools
        .filter((definition) => definition.name !== TOOL_SEARCH_NAME)
        .filter((definition) => {
          const spec = catalog.tools.find((tool) => tool.name === definition.name);
          const schema = definition.inputSchema as { properties?: Record<string, unknown> } | undefined;
          return spec === undefined || definition.description !== spec.description || schema?.properties === undefined || !Object.hasOwn(schema.properties, 'value');
        })
        .map((definition) => definition.name),
    })),
    callsByStep,
    queries,
    executed,
    result,
    snapshots,
    finalContext: { active, pending, visible },
    nextTurnToolNames: next.requests[0]?.toolNames,
  };
}

/** R of `step` as the runtime should apply it: what `requiredTools` answered, inside B (C1). */
export function requiredOf(observation: TurnObservation, step: number): string[] {
  const bound = new Set(observation.bound);
  const answered = observation.requiredByStep[Math.min(step, observation.requiredByStep.length - 1)]!;
  return answered.filter((name) => bound.has(name));
}

/**
 * The active set at the start of `step`: every name an ok search of an earlier step returned
 * (C15). A search never returns a name required in its step (R is not A), so every name it
 * returns is activated and stays visible for the rest of the turn, whatever R does later.
 */
export function activeBefore(observation: TurnObservation, step: number): Set<string> {
  const active = new Set<string>();
  for (const record of observation.result.steps) {
    if (record.stepIndex >= step) continue;
    for (const name of searchedIn(record)) active.add(name);
  }
  return active;
}

/** The names the ok searches of one step returned as activated. */
export function searchedIn(record: TurnObservation['result']['steps'][number]): string[] {
  return record.toolResults
    .filter((result) => result.toolName === TOOL_SEARCH_NAME && result.outcome === 'ok')
    .flatMap((result) => (result.output as { activated: string[] }).activated);
}

/** The oracle of C3 for `step`: (D ∪ A ∪ R) ∩ B, plus tool_search whenever a deferred tool exists, sorted. */
export function expectedVisible(observation: TurnObservation, active: ReadonlySet<string>, step: number): string[] {
  const bound = new Set(observation.bound);
  const names = new Set([...observation.direct, ...active, ...requiredOf(observation, step)].filter((name) => bound.has(name)));
  if (observation.deferredExists) names.add(TOOL_SEARCH_NAME);
  return [...names].sort();
}
