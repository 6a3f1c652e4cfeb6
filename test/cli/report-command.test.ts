import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';

const fixture = fileURLToPath(new URL('../fixtures/traces/three-turns.jsonl', import.meta.url));

async function run(argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli({ argv, env: {}, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

describe('turnscope report', () => {
  it('prints the totals and one line per turn, and warns about the skipped lines', async () => {
    const { code, stdout, stderr } = await run(['report', fixture]);

    expect(code).toBe(0);
    expect(stdout).toContain('turns                             3 (1 completed, 1 failed, 1 cancelled)');
    expect(stdout).toContain('schema chars saved                4,000 (61.5%)');
    expect(stdout).toContain('exposed but never called          1 schemas, 600 chars');
    expect(stdout).toContain('top-5 recall of called tools      100.0% (2 of 2)');
    expect(stdout).toContain('searches                          4 (1 repeated, 1 revised)');
    expect(stdout).toContain('first successful call             mean 1.5 steps, 225 ms');
    expect(stdout).toContain('  A  completed (max-steps), 3 steps, saved 1,550 chars');
    expect(stdout).toContain('cut by cap: gh_list');
    expect(stderr).toContain('line 37: not valid JSON (a truncated line?); skipped');
    expect(stderr).toContain('line 38: unknown record type "prompt.cache.hit"; skipped');
  });

  it('--json prints the summary; --k changes the recall', async () => {
    const { code, stdout } = await run(['report', fixture, '--json', '--k', '1']);
    const summary = JSON.parse(stdout);

    expect(code).toBe(0);
    expect(summary.k).toBe(1);
    expect(summary.totals.recall).toBe(0.5);
    expect(summary.turns).toHaveLength(3);
  });

  it('usage mistakes exit 2 and an unreadable file exits 1', async () => {
    expect((await run(['report'])).code).toBe(2);
    expect((await run(['report', fixture, '--k', '0'])).code).toBe(2);
    const missing = await run(['report', '/nonexistent/trace.jsonl']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("turnscope: ENOENT: no such file or directory, open '/nonexistent/trace.jsonl'");
  });

  it('a file with lines but no turnscope record (not a trace) exits 1 and says what a trace is, listing at most 10 skipped lines', async () => {
    const notATrace = fileURLToPath(new URL('../../package.json', import.meta.url));
    const { code, stdout, stderr } = await run(['report', notATrace]);
    const lines = stderr.split('\n');

    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(lines.filter((line) => / line \d+: /.test(line))).toHaveLength(10);
    expect(lines.at(-2)).toMatch(/… and \d+ more skipped lines$/);
    expect(lines.at(-1)).toBe(`turnscope: ${notATrace} has no turnscope record: is it a JSONL trace written by jsonlFileSink (or turnscope demo --trace)?`);
  });
});
