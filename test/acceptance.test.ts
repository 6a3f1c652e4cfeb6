import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// test/acceptance.md maps every rule of the contract (C1–C29) and every acceptance criterion
// (S1–S18) to the tests that prove it. This test keeps the map honest: every rule is there,
// every rule names a test or says what it waits for, and every named test exists.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RULES = [...Array.from({ length: 29 }, (_, index) => `C${index + 1}`), ...Array.from({ length: 18 }, (_, index) => `S${index + 1}`)];
/**
 * Rules whose features are still being built by other issues; only these may say `pending:`.
 * Drop a rule from here once its tests land.
 */
const MAY_BE_PENDING = new Set<string>([]);

interface RuleEntry {
  readonly tests: { readonly file: string; readonly title: string }[];
  readonly pending: string[];
}

/** Sections `## C1 …`; bullets `- <file> › <test or describe title>` and `- pending: <issue title>`. */
function parseMap(text: string): Map<string, RuleEntry> {
  const rules = new Map<string, RuleEntry>();
  let current: RuleEntry | undefined;
  for (const line of text.split('\n')) {
    const heading = /^## ([CS]\d+)\b/.exec(line);
    if (heading) {
      expect(rules.has(heading[1]!), `${heading[1]} is listed twice`).toBe(false);
      current = { tests: [], pending: [] };
      rules.set(heading[1]!, current);
      continue;
    }
    if (line.startsWith('## ')) current = undefined;
    if (current === undefined) continue;
    const pending = /^- pending: (.+)$/.exec(line);
    if (pending) current.pending.push(pending[1]!.trim());
    const test = /^- (test\/\S+\.test\.ts) › (.+)$/.exec(line);
    if (test) current.tests.push({ file: test[1]!, title: test[2]!.trim() });
  }
  return rules;
}

const titlesByFile = new Map<string, Set<string>>();

/** The titles of every `describe`, `it` and `test` in a file (`it.each(…)(title)` included), from its syntax tree. */
function titlesOf(file: string): Set<string> {
  const known = titlesByFile.get(file);
  if (known !== undefined) return known;
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.ES2022, true);
  const titles = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isCallExpression(node.expression) ? node.expression.expression : node.expression;
      const first = node.arguments[0];
      if (
        /^(describe|it|test)(\.(each|skip|only|concurrent|sequential))?$/.test(callee.getText(source)) &&
        first !== undefined &&
        (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
      ) {
        titles.add(first.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  titlesByFile.set(file, titles);
  return titles;
}

describe('test/acceptance.md: the contract mapped to its tests', () => {
  const rules = parseMap(readFileSync(join(ROOT, 'test/acceptance.md'), 'utf8'));

  it('lists every rule C1–C29 and every acceptance criterion S1–S18, and nothing else', () => {
    expect([...rules.keys()].sort()).toEqual([...RULES].sort());
  });

  it('names at least one test for every rule, or a pending issue only where that is allowed', () => {
    const pending = [...rules].filter(([, entry]) => entry.pending.length > 0);
    console.log(
      pending.length === 0
        ? 'acceptance map: no rule pending'
        : `acceptance map: ${pending.length} rules pending:\n${pending.map(([rule, entry]) => `  ${rule}: ${entry.pending.join('; ')}`).join('\n')}`,
    );
    for (const [rule, entry] of rules) {
      expect(entry.tests.length + entry.pending.length, `${rule} names no test`).toBeGreaterThan(0);
      if (entry.pending.length > 0) expect(MAY_BE_PENDING.has(rule), `${rule} may not be pending`).toBe(true);
    }
  });

  it('names only tests that exist, by file and by title', () => {
    const missing: string[] = [];
    for (const [rule, entry] of rules) {
      for (const { file, title } of entry.tests) {
        if (!existsSync(join(ROOT, file))) missing.push(`${rule}: no file ${file}`);
        else if (!titlesOf(file).has(title)) missing.push(`${rule}: no test "${title}" in ${file}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
