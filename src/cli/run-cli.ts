import { parseArgs } from 'node:util';
import { runDemo } from '../demo/run-demo.js';
import { TurnscopeError } from '../errors/turnscope-error.js';
import { CLI_HELP } from './cli-help.js';
import { CliUsageError } from './cli-usage-error.js';
import { resolveCliModel } from './resolve-cli-model.js';

/** Options of {@link runCli}: the process's surroundings, injected so tests can run it in-process. */
export interface RunCliOptions {
  /** The arguments after the script, e.g. `['demo', '--model', 'openai:gpt-4.1-mini']`. */
  readonly argv: readonly string[];
  /** Environment for API keys. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Receives normal output one line at a time, without a trailing newline. */
  readonly stdout: (line: string) => void;
  /** Receives errors and usage messages one line at a time. */
  readonly stderr: (line: string) => void;
  /** Aborting it (e.g. on SIGINT) cancels the demo; cleanup still runs. */
  readonly abortSignal?: AbortSignal;
}

/**
 * The `turnscope` command line. Never throws: every outcome is an exit status.
 *
 * @returns 0 the demo turn completed; 1 it failed, was cancelled, or an MCP server failed to
 *   start; 2 a usage error (unknown command or option, bad `--model`, missing API key);
 *   130 `abortSignal` fired (interrupted).
 */
export async function runCli(options: RunCliOptions): Promise<number> {
  const { stdout, stderr } = options;
  try {
    const { values, positionals } = parseArgs({
      args: [...options.argv],
      allowPositionals: true,
      strict: true,
      options: {
        model: { type: 'string' },
        'base-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help === true) {
      stdout(CLI_HELP);
      return 0;
    }
    const [command, ...extra] = positionals;
    if (command === undefined) throw new CliUsageError({ message: 'No command given: run `turnscope demo`.' });
    if (command !== 'demo') throw new CliUsageError({ message: `Unknown command ${JSON.stringify(command)}: the only command is demo.` });
    if (extra.length > 0) throw new CliUsageError({ message: `Unexpected argument ${JSON.stringify(extra[0])} after demo.` });

    const model = resolveCliModel({ spec: values.model, baseUrl: values['base-url'], env: options.env });
    const result = await runDemo({
      output: stdout,
      ...(model === undefined ? {} : { model }),
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    });
    if (options.abortSignal?.aborted === true) return 130;
    return result.status === 'completed' ? 0 : 1;
  } catch (error) {
    if (error instanceof CliUsageError || isParseArgsError(error)) {
      stderr(`turnscope: ${(error as Error).message}`);
      stderr('Run `turnscope --help` for usage.');
      return 2;
    }
    if (options.abortSignal?.aborted === true) {
      stderr('turnscope: interrupted.');
      return 130;
    }
    stderr(`turnscope: ${TurnscopeError.isInstance(error) ? error.message : describe(error)}`);
    return 1;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
