import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 12 item 4: tool_search and exec are ordinary tools. What the pipeline does with a call
// (replay it, truncate its output, word its failures) comes from the tool's policy in the step's
// tool table, so no file of src/execution names the runtime's own tools or compares a tool name
// with a fixed one.

const EXECUTION = fileURLToPath(new URL('../../src/execution/', import.meta.url));
const RUNTIME_TOOL_CONSTANTS = new Set(['TOOL_SEARCH_NAME', 'EXEC_TOOL_NAME']);
const RUNTIME_TOOL_NAMES = new Set(['tool_search', 'exec']);
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** True for an expression that reads a tool's name: `toolName`, `call.toolName`, `name`, `entry.name`. */
function readsToolName(node: ts.Expression): boolean {
  const name = ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
  return name === 'toolName' || name === 'name';
}

/** True for a fixed tool name: a string literal, or a constant in SCREAMING_CASE ending in `_NAME`. */
function isFixedName(node: ts.Expression): boolean {
  if (ts.isStringLiteralLike(node)) return true;
  const name = ts.isIdentifier(node) ? node.text : ts.isPropertyAccessExpression(node) ? node.name.text : undefined;
  return name !== undefined && /^[A-Z][A-Z0-9_]*_NAME$/.test(name);
}

/** Where a source file tests a tool's name: each finding as `file:line what`. */
function toolNameTests(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1} ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && RUNTIME_TOOL_CONSTANTS.has(node.text)) at(node, `names ${node.text}`);
    if (ts.isStringLiteralLike(node) && RUNTIME_TOOL_NAMES.has(node.text)) at(node, `names '${node.text}'`);
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
      const { left, right } = node;
      if ((readsToolName(left) && isFixedName(right)) || (readsToolName(right) && isFixedName(left))) at(node, `compares ${node.getText(source)}`);
    }
    if (ts.isSwitchStatement(node) && readsToolName(node.expression)) at(node, `switches on ${node.expression.getText(source)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('src/execution/', () => {
  it('tests no tool name: no file names TOOL_SEARCH_NAME, EXEC_TOOL_NAME, tool_search or exec, or compares a tool name with a fixed one', () => {
    const files = readdirSync(EXECUTION).filter((file) => file.endsWith('.ts'));
    expect(files).toContain('execute-tool-call.ts');
    expect(files).toContain('run-execute.ts');
    expect(files.flatMap((file) => toolNameTests(file, readFileSync(join(EXECUTION, file), 'utf8')))).toEqual([]);
  });

  it('the check finds the name tests the pipeline used to have', () => {
    const before = [
      "import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';",
      'const replayable = call.toolName !== TOOL_SEARCH_NAME;',
      "if (toolName === 'read_artifact') skip();",
      'switch (call.toolName) { default: break; }',
    ].join('\n');
    expect(toolNameTests('before.ts', before)).toEqual([
      'before.ts:1 names TOOL_SEARCH_NAME',
      'before.ts:2 compares call.toolName !== TOOL_SEARCH_NAME',
      'before.ts:2 names TOOL_SEARCH_NAME',
      "before.ts:3 compares toolName === 'read_artifact'",
      'before.ts:4 switches on call.toolName',
    ]);
  });
});
