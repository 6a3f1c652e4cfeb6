import { describe, expect, it } from 'vitest';
import { projectVisibleSet } from '../../machines/project-visible-set.js';

const BASE = {
  previous: [] as string[],
  direct: ['Read', 'Bash'],
  required: ['handoff'],
  active: [] as string[],
  bound: ['Bash', 'Read', 'browser_click', 'browser_snapshot', 'handoff', 'read_file'],
  searchToolName: 'tool_search',
  offerSearch: true,
};

describe('projectVisibleSet (C3, C20)', () => {
  it('orders step 0 as direct in catalog order, required, then tool_search', () => {
    expect(projectVisibleSet(BASE)).toEqual(['Read', 'Bash', 'handoff', 'tool_search']);
  });

  it('leaves tool_search out when offerSearch is false', () => {
    expect(projectVisibleSet({ ...BASE, offerSearch: false })).toEqual(['Read', 'Bash', 'handoff']);
  });

  it('keeps the previous step as a prefix and appends newly active names in activation order', () => {
    const step1 = projectVisibleSet({ ...BASE, previous: projectVisibleSet(BASE), active: ['read_file', 'browser_click'] });
    expect(step1).toEqual(['Read', 'Bash', 'handoff', 'tool_search', 'read_file', 'browser_click']);
    const step2 = projectVisibleSet({ ...BASE, previous: step1, active: ['read_file', 'browser_click', 'browser_snapshot'] });
    expect(step2).toEqual([...step1, 'browser_snapshot']);
  });

  it('intersects direct, required and active names with the bound ceiling (C1, C3)', () => {
    const visible = projectVisibleSet({ ...BASE, direct: ['Read', 'Write'], required: ['exec'], active: ['shell_exec', 'read_file'] });
    expect(visible).toEqual(['Read', 'tool_search', 'read_file']);
  });

  it('lists a name once when it is direct, required and active at the same time', () => {
    const visible = projectVisibleSet({ ...BASE, required: ['Read', 'handoff'], active: ['Read', 'handoff', 'read_file'] });
    expect(visible).toEqual(['Read', 'Bash', 'handoff', 'tool_search', 'read_file']);
  });

  it('does not change its inputs', () => {
    const previous = ['Read'];
    const active = ['read_file'];
    projectVisibleSet({ ...BASE, previous, active });
    expect(previous).toEqual(['Read']);
    expect(active).toEqual(['read_file']);
  });
});
