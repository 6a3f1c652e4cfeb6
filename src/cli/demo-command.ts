import { parseArgs } from 'node:util';
import { runDemo } from '../demo/run-demo.js';
import type { CliCommand } from './cli-command.js';
import { CliUsageError } from './cli-usage-error.js';
import { resolveCliModel } from './resolve-cli-model.js';

/**
 * `turnscope demo [--model <provider>:<id>] [--base-url <url>] [--trace FILE]`: one turn against real MCP
 * servers. Exit 0 when the turn completed, 1 when it did not, 130 when interrupted.
 */
export const demoCommand: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: { model: { type: 'string' }, 'base-url': { type: 'string' }, trace: { type: 'string' } },
  });
  if (positionals.length > 0) throw new CliUsageError({ message: `Unexpected argument ${JSON.stringify(positionals[0])} after demo.` });
  const model = resolveCliModel({ spec: values.model, baseUrl: values['base-url'], env: io.env });
  const result = await runDemo({
    output: io.stdout,
    ...(values.trace === undefined ? {} : { tracePath: values.trace }),
    ...(model === undefined ? {} : { model }),
    ...(io.abortSignal === undefined ? {} : { abortSignal: io.abortSignal }),
  });
  if (io.abortSignal?.aborted === true) return 130;
  return result.status === 'completed' ? 0 : 1;
};
