import type { Tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { StepTool } from '../../src/execution/step-execution-context.js';
import { DEFAULT_TOOL_POLICY } from '../../src/execution/tool-policy.js';
import { createStepTools } from '../../src/runtime/create-step-tools.js';
import { TOOL_SEARCH_POLICY } from '../../src/tool-search/tool-search-policy.js';
import { describedTool } from '../helpers/described-tool.js';

const bound = new Map<string, Tool>([
  ['Read', describedTool('Read a file.')],
  ['__proto__', describedTool('A tool with a hostile name.')],
]);
const search: StepTool = { tool: describedTool('Search the deferred tools.'), policy: TOOL_SEARCH_POLICY };

describe('createStepTools: the tool table of one step', () => {
  it('gives a bound tool, hostile names included, the default policy, and nothing for an unknown name', () => {
    const resolve = createStepTools({ resolveBound: (name) => bound.get(name), search: undefined, exec: undefined });
    expect(resolve('Read')).toEqual({ tool: bound.get('Read'), policy: DEFAULT_TOOL_POLICY });
    expect(resolve('__proto__')?.tool).toBe(bound.get('__proto__'));
    expect(resolve('constructor')).toBeUndefined();
    expect(resolve('tool_search')).toBeUndefined();
    expect(resolve('exec')).toBeUndefined();
  });

  it("puts the step's tool_search and exec over the binding, each with its own policy; exec is built once, on its first lookup", () => {
    let builds = 0;
    const exec: StepTool = { tool: describedTool('Run code.'), policy: { ...DEFAULT_TOOL_POLICY, nestable: false } };
    const resolve = createStepTools({ resolveBound: (name) => bound.get(name), search, exec: () => ((builds += 1), exec) });
    expect(builds).toBe(0);
    expect(resolve('tool_search')).toBe(search);
    expect(resolve('exec')).toBe(exec);
    expect(resolve('exec')).toBe(exec);
    expect(builds).toBe(1);
    expect(resolve('Read')?.policy).toBe(DEFAULT_TOOL_POLICY);
  });
});
