import { ownValue } from '../catalog/own-value.js';
import { MissingPeerDependencyError } from '../errors/missing-peer-dependency-error.js';
import { TurnscopeError } from '../errors/turnscope-error.js';
import { chatCommand } from './chat-command.js';
import type { CliCommand } from './cli-command.js';
import { CLI_HELP } from './cli-help.js';
import { CliUsageError } from './cli-usage-error.js';
import { demoCommand } from './demo-command.js';
import { evalCommand } from './eval-command.js';
import type { OptionalPackages } from './optional-packages.js';
import { reportCommand } from './report-command.js';
import { visualizeCommand } from './visualize-command.js';

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
  /**
   * How the optional peer dependencies are loaded (the demo's MCP client and servers, `--model`'s
   * provider packages, `eval`'s MiniSearch). Default `NODE_OPTIONAL_PACKAGES` (optional-packages.ts): as installed.
   */
  readonly packages?: OptionalPackages;
}

/**
 * The `turnscope` command line. Never throws: every outcome is an exit status.
 *
 * @returns the command's status (see each command and `--help`); 2 for a usage error (unknown
 *   command or option, bad `--model`, missing API key) or a missing optional peer dependency (the
 *   message names the packages and the `npm install` command); 1 for any other failure (a file that
 *   cannot be read or a bad dataset print their message; an unexpected error its stack); 130
 *   when `abortSignal` fired (interrupted).
 */
export async function runCli(options: RunCliOptions): Promise<number> {
  const { stdout, stderr } = options;
  try {
    const [command, ...args] = options.argv;
    if (command === '--help' || command === '-h' || args.includes('--help') || args.includes('-h')) {
      stdout(CLI_HELP);
      return 0;
    }
    if (command === undefined) throw new CliUsageError({ message: `No command given: run one of ${commandList()}.` });
    const run = ownValue(COMMANDS, command);
    if (run === undefined) {
      throw new CliUsageError({ message: `Unknown command ${JSON.stringify(command)}: the commands are ${commandList()}.` });
    }
    return await run(args, options);
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof MissingPeerDependencyError || isParseArgsError(error)) {
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

/** Every subcommand by name. */
const COMMANDS: Readonly<Record<string, CliCommand>> = { demo: demoCommand, chat: chatCommand, report: reportCommand, eval: evalCommand, visualize: visualizeCommand };

function commandList(): string {
  return Object.keys(COMMANDS).join(', ');
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

/** The message of an error the user can fix (a file that cannot be read, a bad dataset); the stack of anything else, which is a bug. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error.message;
  if (error.name === 'EvalDatasetError') return error.message;
  return error.stack ?? error.message;
}
