import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { startFakeOpenAIServer } from '../helpers/fake-openai-server.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `node bin/turnscope.js ...args` from the repository root. */
function runBin(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/turnscope.js', ...args], { cwd: repoRoot, env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr });
    });
  });
}

function envWithout(...names: string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of names) delete env[name];
  return env;
}

async function runInProcess(argv: string[], env: Record<string, string | undefined> = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCli({ argv, env, stdout: (line) => stdout.push(line), stderr: (line) => stderr.push(line) });
  return { code, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

describe('bin/turnscope.js', () => {
  it('runs the demo with real MCP servers and exits 0, printing the step n / n+1 trace', async () => {
    const { code, stdout, stderr } = await runBin(['demo'], envWithout('OPENAI_API_KEY', 'ANTHROPIC_API_KEY'));

    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('step 0: 1 visible tool,');
    expect(stdout).toMatch(/search {3}"write a file" → activated \d+, \+[\d,]+ schema chars, visible from step 1/);
    expect(stdout).toMatch(/call {5}mcp__filesystem__write_file .*\n {11}→ rejected-hidden: /);
    expect(stdout).toMatch(/step 1: [^]*call {5}mcp__filesystem__write_file .*\n {11}→ ok: Successfully wrote to /);
    expect(stdout).toMatch(/turn {7}completed \(stop\) after \d+ steps/);
    expect(stdout).toMatch(/on disk {4}\S+notes\.md: 76 characters, matches the task/);
    expect(stdout).toMatch(/context {4}sent [\d,]+ schema chars over \d+ requests; .* saved [\d,]+ \(\d+\.\d%\)/);
  }, 60_000);

  it('exits 2 with a clear message when --model openai:<id> has no OPENAI_API_KEY', async () => {
    const { code, stdout, stderr } = await runBin(['demo', '--model', 'openai:x'], envWithout('OPENAI_API_KEY'));

    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('turnscope: --model openai:x needs OPENAI_API_KEY in the environment, and it is not set.');
  }, 30_000);
});

describe('runCli', () => {
  it('prints the help and exits 0 for --help', async () => {
    const { code, stdout } = await runInProcess(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: turnscope <command> [options]');
    expect(stdout).toContain('demo [--model <provider>:<id>] [--base-url <url>] [--trace FILE]');
    expect(stdout).toContain('report TRACE.jsonl [--json] [--k N]');
  });

  it('exits 2 for a missing or unknown command, an unknown option and an unknown provider', async () => {
    expect(await runInProcess([])).toMatchObject({ code: 2, stderr: expect.stringContaining('No command given') });
    expect(await runInProcess(['serve'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown command "serve"') });
    for (const inherited of ['constructor', 'toString', '__proto__']) {
      expect(await runInProcess([inherited])).toMatchObject({ code: 2, stderr: expect.stringContaining(`Unknown command "${inherited}"`) });
    }
    expect(await runInProcess(['demo', '--fast'])).toMatchObject({ code: 2, stderr: expect.stringContaining("Unknown option '--fast'") });
    expect(await runInProcess(['demo', '--model', 'mistral:large'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Unknown model "mistral:large": use demo, openai:<model id> or anthropic:<model id>.'),
    });
    expect(await runInProcess(['demo', '--model', 'anthropic:claude'])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('needs ANTHROPIC_API_KEY'),
    });
  });

  it('drives the turn through a real OpenAI client against an OpenAI-compatible server given with --base-url', async () => {
    const server = await startFakeOpenAIServer([
      { toolCalls: [{ name: 'tool_search', arguments: '{"query":"write a file"}' }] },
      { text: 'Found the write tool.' },
    ]);
    try {
      const { code, stdout } = await runInProcess(
        ['demo', '--model', 'openai:local-model', '--base-url', server.baseURL],
        { OPENAI_API_KEY: 'local-key' },
      );

      expect(code).toBe(0);
      expect(stdout).toContain('model: openai.chat/local-model');
      expect(stdout).toContain('answer   Found the write tool.');
      expect(server.bodies).toHaveLength(2);
      expect(toolNames(server.bodies[0]!)).toEqual(['tool_search']);
      const secondStep = toolNames(server.bodies[1]!);
      expect(secondStep[0]).toBe('tool_search');
      expect(secondStep).toContain('mcp__filesystem__write_file');
    } finally {
      await server.close();
    }
  }, 30_000);
});

function toolNames(body: Record<string, unknown>): string[] {
  return ((body.tools as { function: { name: string } }[] | undefined) ?? []).map((tool) => tool.function.name);
}
