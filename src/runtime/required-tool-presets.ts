/**
 * Required-tool presets for orchestration runs (R of C3): the tools an orchestrator needs on
 * every step, by the names agent runtimes commonly give them. The caller binds tools with
 * these names and passes the preset name (or the list) as `send({ requiredTools })`; they are
 * visible from step 0, are not activations, and never widen the ceiling.
 *
 * - `graph`: a graph run's node sees the graph and moves it on: `graph_view`, `graph_update`,
 *   `graph_yield`.
 * - `swarm`: a swarm's coordinator tracks its agents: `agent_list`, `agent_status`, `agent_output`.
 */
export const REQUIRED_TOOL_PRESETS = Object.freeze({
  graph: Object.freeze(['graph_view', 'graph_update', 'graph_yield']),
  swarm: Object.freeze(['agent_list', 'agent_status', 'agent_output']),
} as const);

/** The name of a required-tool preset. */
export type RequiredToolPreset = keyof typeof REQUIRED_TOOL_PRESETS;
