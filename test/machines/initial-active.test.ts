import { describe, expect, it } from 'vitest';
import { initialTransition } from 'xstate';
import { turnMachine, type TurnMachineInput } from '../../machines/turn-machine.js';

// Pure transitions (STYLE 3): the turn's starting A (prefetch, C25) and step 0's projection.
const INPUT: TurnMachineInput = {
  turnId: 'turn-1',
  bound: ['Read', 'browser_click', 'read_file', '__proto__'],
  direct: ['Read'],
  offerSearch: true,
  messages: [{ role: 'user', content: 'click the login button' }],
};

describe('turn machine input.active (C25)', () => {
  it('starts with A from the input: visible from step 0 after tool_search, outside-B names and repeats dropped', () => {
    const [snapshot] = initialTransition(turnMachine, { ...INPUT, active: ['browser_click', 'not_bound', 'browser_click', '__proto__'] });
    expect(snapshot.context.active).toEqual(['browser_click', '__proto__']);
    expect(snapshot.context.pending).toEqual([]);
    expect(snapshot.context.visible).toEqual(['Read', 'tool_search', 'browser_click', '__proto__']);
  });

  it('starts with an empty A when none is given (S1)', () => {
    const [snapshot] = initialTransition(turnMachine, INPUT);
    expect(snapshot.context.active).toEqual([]);
    expect(snapshot.context.visible).toEqual(['Read', 'tool_search']);
  });
});
