import { describe, expect, it } from 'vitest';

// Imports the package by its own name, so this runs the built `dist/` through package.json `exports`
// the way a user's code does (`npm ci` builds it through the `prepare` script).
describe('package.json exports', () => {
  it('turnscope exports the runtime and the typed errors', async () => {
    const turnscope = await import('turnscope');
    expect(typeof turnscope.createToolSearchRuntime).toBe('function');
    expect(turnscope.TOOL_SEARCH_NAME).toBe('tool_search');
    expect(new turnscope.ReservedToolNameError({ toolName: 'tool_search' }).code).toBe('reserved-tool-name');
  });

  it('turnscope/testing exports the scripted model and turnscope/machines the turn machine', async () => {
    const testing = await import('turnscope/testing');
    const machines = await import('turnscope/machines');
    expect(typeof testing.createScriptedModel).toBe('function');
    expect(machines.turnMachine.id).toBe('turn');
    expect(Object.keys(machines.turnMachine.config.states ?? {})).toEqual([
      'awaitingStep', 'executingStep', 'settling', 'completed', 'failed', 'cancelled',
    ]);
  });
});
