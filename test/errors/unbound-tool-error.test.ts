import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime, UnboundToolError } from '../../src/index.js';

const schema = jsonSchema({ type: 'object', properties: { id: { type: 'string' } } });
const mcpTool = (name: string) => tool({ description: `The ${name} tool.`, inputSchema: schema, execute: async () => 'ok' });

/** Tools as bindMcpTools names them: `mcp__<server>__<tool>`, the same tool name on two servers. */
const TOOLS: ToolSet = Object.fromEntries(
  ['mcp__github__create_issue', 'mcp__gitlab__create_issue', 'mcp__filesystem__read_file', 'mcp__filesystem__read_multiple_files'].map((name) => [name, mcpTool(name)]),
);

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UnboundToolError);
    return (error as Error).message;
  }
  throw new Error('did not throw');
}

describe('UnboundToolError', () => {
  it("suggests the canonical names that end with an MCP tool's own name, in every option that names tools", () => {
    expect(messageOf(() => createToolSearchRuntime({ tools: TOOLS, hints: { create_issue: { alwaysLoad: true } } }))).toBe(
      '`hints` names "create_issue", which is not a bound tool. Did you mean "mcp__github__create_issue" or "mcp__gitlab__create_issue"? Add it to `tools` or remove it from `hints`.',
    );
    expect(messageOf(() => createToolSearchRuntime({ tools: TOOLS, direct: ['read_file'] }))).toContain('Did you mean "mcp__filesystem__read_file"?');
    expect(messageOf(() => createToolSearchRuntime({ tools: TOOLS, groups: { files: ['Read_File'] } }))).toContain('Did you mean "mcp__filesystem__read_file"?');
  });

  it('suggests a name spelled the same ignoring case first, and nothing for a name no bound tool ends with', () => {
    expect(messageOf(() => createToolSearchRuntime({ tools: TOOLS, direct: ['MCP__GITHUB__CREATE_ISSUE'] }))).toContain('Did you mean "mcp__github__create_issue"? ');
    expect(messageOf(() => createToolSearchRuntime({ tools: TOOLS, direct: ['issue_create'] }))).toBe(
      '`direct` names "issue_create", which is not a bound tool. Add it to `tools` or remove it from `direct`.',
    );
    // a tail that starts inside a word of the name is not an ending (`ad_file` of `read_file`)
    expect(messageOf(() => createToolSearchRuntime({ tools: TOOLS, direct: ['ad_file'] }))).not.toContain('Did you mean');
  });
});
