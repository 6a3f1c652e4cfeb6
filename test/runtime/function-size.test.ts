import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue "One turn, one machine": no function of src/runtime/ longer than 120 lines, so the turn's
// wiring stays readable (its facts live in the machine, its work in files of their own).

const RUNTIME = fileURLToPath(new URL('../../src/runtime/', import.meta.url));
const MAX_LINES = 120;

function functionLengths(file: string): { name: string; lines: number }[] {
  const text = readFileSync(join(RUNTIME, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) ? (node.name?.getText(source) ?? '(anonymous)') : `(function at line ${start + 1})`;
      found.push({ name: `${file} ${name}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('src/runtime/', () => {
  it(`has no function longer than ${MAX_LINES} lines`, () => {
    const all = readdirSync(RUNTIME).filter((file) => file.endsWith('.ts')).flatMap(functionLengths);
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((entry) => entry.lines > MAX_LINES)).toEqual([]);
  });
});
