import { setOfNames } from '../../machines/set-of-names.js';
import type { TurnToolResult } from '../../machines/turn-types.js';
import type { TelemetryToolOrigin } from '../telemetry/telemetry-record.js';
import { originIn } from './create-step-executor.js';
import type { TurnActor } from './create-turn-actor.js';
import type { TurnRecorder } from './create-turn-recorder.js';
import { takeTurnSnapshot, type SnapshotCatalog, type TurnSnapshot } from './turn-snapshot.js';

/** What {@link recordTurnEvents} hands back to the turn's wiring. */
export interface TurnEventRecords {
  /** The snapshot of the latest step boundary the turn went on from (C28); `undefined` before the first. */
  latestSnapshot(): TurnSnapshot | undefined;
  /** Records the results the turn gave calls it closed (outcome `cancelled`) when it ended mid-step. */
  recordClosed(stepIndex: number, results: readonly TurnToolResult[]): void;
}

/**
 * Records what the turn machine emits (TurnEmitted) — retries, activations, searches, closed
 * calls, step ends — on the turn's stream and telemetry, and keeps the snapshot of each step
 * boundary for `step-end` parts and `turn.snapshot()`. A snapshot is the actor's state at the
 * boundary, persisted and converted to JSON only when first read.
 */
export function recordTurnEvents(options: {
  readonly actor: TurnActor;
  readonly recorder: TurnRecorder;
  readonly catalog: SnapshotCatalog;
  readonly direct: readonly string[];
}): TurnEventRecords {
  const { actor, recorder, catalog } = options;
  const direct = new Set(options.direct);
  // B is frozen for the turn: its Set is built once per binding, not per turn
  const bound = setOfNames(catalog.bound);
  const originOf = (visible: readonly string[], required: readonly string[], name: string): TelemetryToolOrigin =>
    visible.includes(name) ? originIn(direct, required)(name) : bound.has(name) ? 'hidden' : 'unknown';
  let latest: (() => TurnSnapshot) | undefined;
  const recordClosed = (stepIndex: number, results: readonly TurnToolResult[]) => {
    const { visible, required } = actor.getSnapshot().context;
    for (const result of results) recorder.toolResult(stepIndex, result, originOf(visible, required, result.toolName));
  };
  actor.on('retry', (event) => recorder.retry({ stepIndex: event.stepIndex, attempt: event.attempt, delayMs: event.delayMs, error: event.error.message }));
  actor.on('activation', (event) => recorder.activation(event.stepIndex, event.names));
  actor.on('search', (event) => recorder.search(event.stepIndex, event.toolCallId, event.record as Parameters<TurnRecorder['search']>[2]));
  actor.on('calls-closed', (event) => recordClosed(event.stepIndex, event.results));
  actor.on('step-end', (event) => {
    // a boundary the turn goes on from (not its end): the actor's state now is the turn there (C28).
    // Snapshots are immutable, so this one is persisted only when read: persisting walks the whole
    // context (B included), which per step cost a turn with 10,000 bound tools a third more. Its
    // model call's state is rebuilt from the context on resume (restoreTurnSnapshot), so it is
    // fine that the call has moved on by then.
    const state = actor.getSnapshot();
    let taken: TurnSnapshot | undefined;
    const take = state.status !== 'active' ? undefined : () => (taken ??= takeTurnSnapshot(actor.logic.getPersistedSnapshot(state), catalog));
    if (take !== undefined) latest = take;
    recorder.stepEnd(event.stepIndex, event.finishReason, event.toolCalls, take);
  });
  return { latestSnapshot: () => latest?.(), recordClosed };
}
