import { projectVisibleSet } from '../../machines/project-visible-set.js';
import { TOOL_SEARCH_NAME, type TurnContext } from '../../machines/turn-machine.js';
import { InvalidSnapshotError } from '../errors/invalid-snapshot-error.js';
import { SnapshotCatalogMismatchError } from '../errors/snapshot-catalog-mismatch-error.js';
import { catalogFingerprint, compareCatalog, type CatalogFingerprint } from './catalog-fingerprint.js';
import { toPlainJson, type JsonValue } from './to-plain-json.js';
import type { ToolSet } from 'ai';

/**
 * A turn at a step boundary, as plain JSON (C28): what a `step-end` part carries and
 * `turn.snapshot()` returns, and what `runtime.resume({ snapshot, model })` continues. It
 * survives `JSON.parse(JSON.stringify(snapshot))`; store it anywhere JSON goes.
 *
 * `machine` is the turn actor's persisted xstate snapshot: its context is the whole turn
 * (turn id, step index, visible and active sets, R, transcript, step records, usage). Values
 * that are not JSON became JSON on the way (toPlainJson: bytes → base64, BigInt → string), so
 * the tool outputs of earlier steps come back from a resume as their JSON form. Treat it as
 * opaque: a resume re-derives visibility from its own catalog and never trusts it for that.
 */
export interface TurnSnapshot {
  readonly format: 'turnscope.turn-snapshot';
  readonly version: 1;
  readonly turnId: string;
  /** The 0-based step a resumed turn runs next. */
  readonly stepIndex: number;
  /** The bound catalog the turn ran over; a resume over another one is refused. */
  readonly catalog: CatalogFingerprint;
  readonly machine: JsonValue;
}

/** What the turn's catalog looks like to the snapshot: the actor's B and the definitions sent. */
export interface SnapshotCatalog {
  readonly bound: readonly string[];
  readonly tools: ToolSet;
}

/**
 * Takes the snapshot of a turn actor whose persisted state is `persisted` (from
 * `actor.getPersistedSnapshot()` at a step boundary). The JSON conversion runs here, once.
 */
export function takeTurnSnapshot(persisted: unknown, catalog: SnapshotCatalog): TurnSnapshot {
  const context = (persisted as { context: TurnContext }).context;
  return {
    format: 'turnscope.turn-snapshot',
    version: 1,
    turnId: context.turnId,
    stepIndex: context.stepIndex,
    catalog: catalogFingerprint({
      bound: catalog.bound,
      tools: catalog.tools,
      ownTools: [...context.direct, ...context.required, ...context.active, ...context.visible],
    }),
    machine: toPlainJson(withoutModelCallState(persisted)),
  };
}

/**
 * The persisted state with the model call the boundary started reduced to `{ status: 'active' }`:
 * a resume rebuilds that call from the context (restoreTurnSnapshot), so its input (the whole
 * transcript again) is not kept twice, and its own progress since the boundary is not kept at all.
 */
function withoutModelCallState(persisted: unknown): unknown {
  const machine = persisted as { children?: Record<string, { src?: unknown; snapshot?: unknown }> };
  if (machine.children === undefined || machine.children === null || typeof machine.children !== 'object') return persisted;
  const children = Object.fromEntries(
    Object.entries(machine.children).map(([id, child]) => [id, child?.src === 'callModel' ? { ...child, snapshot: { status: 'active' } } : child]),
  );
  return { ...machine, children };
}

/**
 * The persisted xstate snapshot to start a resumed turn actor from: `snapshot` checked against
 * this runtime's catalog, with everything about visibility re-derived from it (C28, C1, C6): B,
 * D and whether `tool_search` is offered are this catalog's; A keeps only bound names; R is
 * `required` (the runtime asks its `requiredTools` again); the visible set is projected anew
 * from the snapshot's order (C20), so no name the snapshot lists that this turn may not see
 * survives. The model call the turn was about to make is rebuilt from that context.
 *
 * @throws {InvalidSnapshotError} not a turn snapshot of version 1, not at a step boundary, or of
 *   a turn that already ended.
 * @throws {SnapshotCatalogMismatchError} the snapshot was taken over another bound catalog.
 */
export function restoreTurnSnapshot(options: {
  readonly snapshot: unknown;
  readonly catalog: SnapshotCatalog;
  readonly direct: readonly string[];
  readonly offerSearch: boolean;
  /** R for the resumed step, from the restored state; called once. */
  readonly requiredOf: (state: { stepIndex: number; active: readonly string[]; messages: readonly unknown[] }) => readonly string[];
}): { readonly persisted: unknown; readonly context: TurnContext } {
  const snapshot = options.snapshot as Partial<TurnSnapshot> | null;
  if (snapshot === null || typeof snapshot !== 'object' || snapshot.format !== 'turnscope.turn-snapshot') {
    throw new InvalidSnapshotError('it is not a turn snapshot (format "turnscope.turn-snapshot"); pass a step-end part\'s snapshot or turn.snapshot()');
  }
  if (snapshot.version !== 1) throw new InvalidSnapshotError(`version ${JSON.stringify(snapshot.version)} is not supported (this runtime reads version 1)`);
  const machine = snapshot.machine as { status?: unknown; value?: unknown; context?: Partial<TurnContext>; children?: unknown } | null | undefined;
  if (machine === null || typeof machine !== 'object' || machine.context === null || typeof machine.context !== 'object') {
    throw new InvalidSnapshotError('it holds no turn machine state');
  }
  if (machine.status === 'done') throw new InvalidSnapshotError('the turn already ended; there is nothing to resume (its result is final)');
  if (machine.status !== 'active' || JSON.stringify(machine.value) !== JSON.stringify({ awaitingStep: 'requesting' })) {
    throw new InvalidSnapshotError(`it was not taken at a step boundary (state ${JSON.stringify(machine.value)}, status ${JSON.stringify(machine.status)})`);
  }
  checkCatalog(snapshot.catalog, options.catalog);
  const saved = machine.context;
  const turnId = stringOr(saved.turnId, undefined);
  const stepIndex = saved.stepIndex;
  if (turnId === undefined || typeof stepIndex !== 'number' || !Number.isSafeInteger(stepIndex) || stepIndex < 0) {
    throw new InvalidSnapshotError('its context has no turn id or step index');
  }
  const messages = Array.isArray(saved.messages) ? [...saved.messages] : [];
  const bound = options.catalog.bound;
  const boundSet = new Set(bound);
  const active = namesIn(saved.active).filter((name) => boundSet.has(name));
  const required = [...new Set(options.requiredOf({ stepIndex, active, messages }))].filter((name) => boundSet.has(name));
  const visible = projectVisibleSet({
    previous: namesIn(saved.visible),
    direct: options.direct,
    required,
    active,
    bound,
    searchToolName: TOOL_SEARCH_NAME,
    offerSearch: options.offerSearch,
  });
  const context: TurnContext = {
    ...(saved as TurnContext),
    turnId,
    bound: Object.freeze([...bound]),
    direct: [...options.direct],
    required,
    offerSearch: options.offerSearch,
    stepIndex,
    attempt: 1,
    visible,
    active,
    pending: [],
    messages,
    toolCalls: [],
    toolResults: [],
    callsStartedAt: [],
    callsExecuted: [],
    stepRecords: Array.isArray(saved.stepRecords) ? [...saved.stepRecords] : [],
    activated: [],
    closingResults: [],
    finishReason: undefined,
    error: undefined,
    stopRequested: false,
  };
  // the model call the boundary had started, rebuilt from the re-derived context (never the snapshot's own input)
  const children = machine.children !== null && typeof machine.children === 'object' ? Object.entries(machine.children as Record<string, { src?: unknown }>) : [];
  const call = children.find(([, child]) => child?.src === 'callModel');
  if (call === undefined) throw new InvalidSnapshotError('its model call is missing (not taken at a step boundary)');
  const input = { turnId, stepIndex, attempt: 1, visible, messages };
  const persisted = {
    ...machine,
    context,
    children: { [call[0]]: { ...call[1], snapshot: { status: 'active', input } } },
  };
  return { persisted, context };
}

function checkCatalog(fingerprint: unknown, catalog: SnapshotCatalog): void {
  const saved = fingerprint as Partial<CatalogFingerprint> | undefined;
  if (saved === undefined || typeof saved !== 'object' || saved === null || typeof saved.digest !== 'string' || !Array.isArray(saved.tools)) {
    throw new InvalidSnapshotError('it carries no catalog fingerprint');
  }
  const tools = saved.tools.filter((pair): pair is [string, string] => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string');
  const comparison = compareCatalog({ digest: saved.digest, boundTools: Number(saved.boundTools), tools }, catalog);
  if (!comparison.same) {
    throw new SnapshotCatalogMismatchError({
      missing: comparison.missing,
      changed: comparison.changed,
      boundHere: catalog.bound.length,
      boundThere: Number(saved.boundTools),
    });
  }
}

function namesIn(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter((name): name is string => typeof name === 'string'))] : [];
}

function stringOr<T>(value: unknown, fallback: T): string | T {
  return typeof value === 'string' && value !== '' ? value : fallback;
}
