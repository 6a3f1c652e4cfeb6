import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README's "The contract" section lets a reader look up every rule id that code, tests and
// docs cite (C1–C29, S1–S18), from the checkout alone.

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = README.slice(README.indexOf('## The contract\n'), README.indexOf('\n## ', README.indexOf('## The contract\n') + 1));
const listed = [...section.matchAll(/^\| ([CS]\d+) \| (.+) \|$/gm)].map((match) => ({ id: match[1]!, rule: match[2]!.trim() }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

describe('README › The contract', () => {
  it('lists every rule C1–C29 and every criterion S1–S18 once, each with its rule', () => {
    const expected = [...Array.from({ length: 29 }, (_, index) => `C${index + 1}`), ...Array.from({ length: 18 }, (_, index) => `S${index + 1}`)];
    expect(listed.map((entry) => entry.id)).toEqual(expected);
    for (const entry of listed) expect(entry.rule.length).toBeGreaterThan(30);
  });

  it('defines every id cited in machines/, src/ and the README', () => {
    const known = new Set(listed.map((entry) => entry.id));
    const texts = [README, ...filesUnder(join(ROOT, 'machines')), ...filesUnder(join(ROOT, 'src'))].map((item) => (item === README ? item : readFileSync(item, 'utf8')));
    const cited = new Set(texts.flatMap((text) => [...text.matchAll(/\b([CS]\d{1,2})\b/g)].map((match) => match[1]!)));
    expect(cited.size).toBeGreaterThan(20);
    expect([...cited].filter((id) => !known.has(id)).sort()).toEqual([]);
  });
});
