import type { RunCliOptions } from './run-cli.js';

/**
 * One `turnscope` subcommand: gets the arguments after its name and the process surroundings,
 * resolves with the exit status. Usage mistakes throw `CliUsageError` and a missing optional peer
 * dependency `MissingPeerDependencyError` (both exit 2); anything else it throws is reported by
 * `runCli` (exit 1).
 */
export type CliCommand = (args: readonly string[], io: RunCliOptions) => Promise<number>;
