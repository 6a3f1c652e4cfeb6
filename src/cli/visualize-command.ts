import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { turnMachine } from '../../machines/turn-machine.js';
import { DEMO_PACKAGES } from '../demo/demo-packages.js';
import { ensureVisualizerPage } from '../visualizer/build-visualizer-page.js';
import { deriveMachineGraph } from '../visualizer/derive-machine-graph.js';
import { startVisualizerServer, type VisualizerSource } from '../visualizer/start-visualizer-server.js';
import { untilAborted } from '../visualizer/until-aborted.js';
import type { CliCommand } from './cli-command.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadOptionalPackages } from './load-optional-packages.js';
import { NODE_OPTIONAL_PACKAGES } from './optional-packages.js';
import { explainPortError, parsePortOption } from './parse-port-option.js';

/**
 * `turnscope visualize [TRACE.jsonl] [--port N]` serves the visualizer page and the trace on
 * 127.0.0.1 until interrupted (without a trace the page opens one from disk);
 * `turnscope visualize --live [--port N]` runs the demo once a page attaches and streams it
 * there. Builds the page first if it is missing. Exit 0 when stopped with Ctrl-C; with
 * `--live`, 0 when the demo's turn completed, 1 when it did not, 130 when interrupted mid-turn;
 * 2 when the demo's optional peer dependencies are missing (see `turnscope demo`).
 */
export const visualizeCommand: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: { port: { type: 'string' }, live: { type: 'boolean' } },
  });
  const [tracePath, ...extra] = positionals;
  if (extra.length > 0) throw new CliUsageError({ message: `Unexpected argument ${JSON.stringify(extra[0])} after the trace file.` });
  if (values.live === true && tracePath !== undefined) {
    throw new CliUsageError({ message: 'visualize takes a trace file or --live, not both.' });
  }
  const port = parsePortOption(values.port);
  if (tracePath !== undefined) await assertReadableFile(tracePath);
  if (values.live === true) {
    await loadOptionalPackages({
      packages: io.packages ?? NODE_OPTIONAL_PACKAGES,
      neededBy: 'turnscope visualize --live',
      imports: DEMO_PACKAGES.imports,
      entries: Object.values(DEMO_PACKAGES.servers),
    });
  }
  const pageDir = await ensureVisualizerPage({ output: io.stdout });

  if (values.live === true) {
    const { serveLiveDemo } = await import('../visualizer/serve-live-demo.js');
    const result = await serveLiveDemo({
      pageDir,
      port,
      waitForPage: true,
      output: io.stdout,
      ...(io.abortSignal === undefined ? {} : { abortSignal: io.abortSignal }),
    }).catch((error: unknown) => {
      throw explainPortError(error, port);
    });
    if (result.interrupted) return result.status === undefined ? 0 : 130;
    return result.status === 'completed' ? 0 : 1;
  }

  const source: VisualizerSource = tracePath === undefined ? { kind: 'none' } : { kind: 'file', path: resolve(tracePath) };
  const server = await startVisualizerServer({ pageDir, machineGraph: deriveMachineGraph({ machine: turnMachine }), source, port }).catch(
    (error: unknown) => {
      throw explainPortError(error, port);
    },
  );
  try {
    io.stdout(`visualizer ${server.url}`);
    io.stdout(
      tracePath === undefined
        ? 'trace      none: open a JSONL trace from the page (turnscope demo --trace FILE writes one)'
        : `trace      ${tracePath} (read again on every page load)`,
    );
    io.stdout('           Ctrl-C to stop.');
    await untilAborted(io.abortSignal);
    return 0;
  } finally {
    await server.close();
  }
};

async function assertReadableFile(path: string): Promise<void> {
  const info = await stat(path).catch(() => undefined);
  if (info === undefined) throw new CliUsageError({ message: `No trace file at ${path}.` });
  if (!info.isFile()) throw new CliUsageError({ message: `${path} is not a file: visualize takes a JSONL trace file.` });
}
