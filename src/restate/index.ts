// the polyfill must load before the SDK (Node 20 has no Promise.withResolvers)
import './with-resolvers-polyfill.js';

export { createTurnObject, DEFAULT_TURN_RETRY_POLICY, DEFAULT_MAX_FACTORY_ATTEMPTS, DEFAULT_FACTORY_TIMEOUT_MS } from './create-turn-object.js';
export type { RestateTurnInput, RestateTurnStatus, RestateRunError, TurnObjectOptions } from './create-turn-object.js';
export type { TurnFactory } from './call-turn-factories.js';
export { parseTurnInput } from './parse-turn-input.js';
export type { RestateClientTool } from './parse-turn-input.js';
export { createLiveTurnHub, httpLivePublisher, livePartSink, readLiveTurn, createLivePartMerger, LOST_EXECUTION_ERROR } from '../durable/index.js';
export type { LivePublisher, LiveTurnHub } from '../durable/index.js';
export { restateStepRunner, DEFAULT_RUN_RETRY, SNAPSHOT_STATE_KEY } from './restate-step-runner.js';
export { runDurableTurn } from '../durable/run-durable-turn.js';
export type { DurableRuntimeOptions, DurableSendInput } from '../durable/run-durable-turn.js';
export type { DurableStepRunner } from '../durable/durable-step-runner.js';
export { operationIdOf } from '../durable/durable-tools.js';
export type { DurableToolExecutionOptions } from '../durable/durable-tools.js';
