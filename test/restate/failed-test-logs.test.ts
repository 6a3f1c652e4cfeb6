import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = join(dirname(new URL(import.meta.url).pathname), '../..');

/** A vitest of its own over the failing fixture; its whole output and exit code. */
function runFixture(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs'), 'run', '--config', 'test/fixtures/restate/failed-test-logs.config.ts'], {
      cwd: root,
      env: { ...process.env, VITEST: undefined, VITEST_WORKER_ID: undefined, VITEST_POOL_ID: undefined, NODE_OPTIONS: '', FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

describe('a restate test that fails keeps the cluster logs and says where (a flake is read from the log)', () => {
  it('the failure message names the kept folder and ends with the last lines of server.log', async () => {
    const { code, output } = await runFixture();
    // before: the message was the assertion alone and stop() deleted the folder with its logs
    expect(code, output).not.toBe(0);
    expect(output).toContain('a deliberate failure');
    const kept = /restate cluster logs kept in (\S+) \(([^)]*)\); last 25 lines of server\.log:/.exec(output);
    expect(kept, output).not.toBeNull();
    const dir = kept![1]!;
    try {
      expect(existsSync(join(dir, 'server.log'))).toBe(true);
      expect(readdirSync(dir)).toEqual(expect.arrayContaining(['server.log', 'worker-1.log', 'calls.jsonl']));
      expect(kept![2]).toContain('server.log');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
