import { parseArgs } from 'node:util';
import { DEMO_PACKAGES } from '../demo/demo-packages.js';
import { DEMO_PROFILE_NAMES } from '../demo/demo-profiles.js';
import { ensureVisualizerPage } from '../visualizer/build-visualizer-page.js';
import type { CliCommand } from './cli-command.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadOptionalPackages } from './load-optional-packages.js';
import { NODE_OPTIONAL_PACKAGES } from './optional-packages.js';
import { explainPortError, parsePortOption } from './parse-port-option.js';
import { resolveCliModel } from './resolve-cli-model.js';

/**
 * `turnscope demo [--model <provider>:<id>] [--base-url <url>] [--trace FILE] [--code-mode] [--profile NAME] [--visualize [--port N]]`:
 * one turn against real MCP servers. Exit 0 when the turn completed, 1 when it did not, 130 when
 * interrupted. With `--visualize` the visualizer follows the turn live and keeps serving it
 * until Ctrl-C (then the exit status is the turn's). The demo's MCP client and servers (and the
 * `--model` provider package) are optional peer dependencies: when one is missing it exits 2 with a
 * message naming the packages to install, before anything starts.
 */
export const demoCommand: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      model: { type: 'string' },
      'base-url': { type: 'string' },
      trace: { type: 'string' },
      'code-mode': { type: 'boolean' },
      profile: { type: 'string' },
      visualize: { type: 'boolean' },
      port: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw new CliUsageError({ message: `Unexpected argument ${JSON.stringify(positionals[0])} after demo.` });
  if (values.port !== undefined && values.visualize !== true) throw new CliUsageError({ message: '--port goes with --visualize.' });
  if (values.profile !== undefined && !DEMO_PROFILE_NAMES.includes(values.profile)) {
    throw new CliUsageError({ message: `Unknown profile ${JSON.stringify(values.profile)}: the demo has ${DEMO_PROFILE_NAMES.join(', ')}.` });
  }
  const packages = io.packages ?? NODE_OPTIONAL_PACKAGES;
  const model = await resolveCliModel({ spec: values.model, baseUrl: values['base-url'], env: io.env, packages });
  await loadOptionalPackages({ packages, neededBy: 'turnscope demo', imports: DEMO_PACKAGES.imports, entries: Object.values(DEMO_PACKAGES.servers) });
  if (values.visualize === true) {
    const port = parsePortOption(values.port);
    const { serveLiveDemo } = await import('../visualizer/serve-live-demo.js');
    const result = await serveLiveDemo({
      pageDir: await ensureVisualizerPage({ output: io.stdout }),
      port,
      waitForPage: false,
      demo: {
        ...(values.trace === undefined ? {} : { tracePath: values.trace }),
        ...(model === undefined ? {} : { model }),
        ...(values['code-mode'] === true ? { codeMode: true } : {}),
        ...(values.profile === undefined ? {} : { profile: values.profile }),
      },
      output: io.stdout,
      ...(io.abortSignal === undefined ? {} : { abortSignal: io.abortSignal }),
    }).catch((error: unknown) => {
      throw explainPortError(error, port);
    });
    if (result.interrupted) return 130;
    return result.status === 'completed' ? 0 : 1;
  }
  const { runDemo } = await import('../demo/run-demo.js');
  const result = await runDemo({
    output: io.stdout,
    ...(values.trace === undefined ? {} : { tracePath: values.trace }),
    ...(model === undefined ? {} : { model }),
    ...(values['code-mode'] === true ? { codeMode: true } : {}),
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(io.abortSignal === undefined ? {} : { abortSignal: io.abortSignal }),
  });
  if (io.abortSignal?.aborted === true) return 130;
  return result.status === 'completed' ? 0 : 1;
};
