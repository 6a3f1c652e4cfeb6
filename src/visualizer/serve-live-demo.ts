import type { TurnStatus } from '../../machines/turn-types.js';
import { turnMachine } from '../../machines/turn-machine.js';
import { runDemo, type RunDemoOptions } from '../demo/run-demo.js';
import { createLiveTrace } from './create-live-trace.js';
import { deriveMachineGraph } from './derive-machine-graph.js';
import { startVisualizerServer } from './start-visualizer-server.js';
import { untilAborted } from './until-aborted.js';
import { describeThrown } from '../errors/describe-thrown.js';

/** Options of {@link serveLiveDemo}. */
export interface ServeLiveDemoOptions {
  /** The built page's directory (`ensureVisualizerPage()`). */
  readonly pageDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  readonly port: number;
  /**
   * Start the demo only once a page has attached, so it follows the turn from its first
   * step (`turnscope visualize --live`). When false the demo starts at once and a page opened
   * later replays what happened so far, then follows (`turnscope demo --visualize`).
   */
  readonly waitForPage: boolean;
  /** The demo's own options (model, trace file, start timeout). */
  readonly demo?: Omit<RunDemoOptions, 'output' | 'abortSignal' | 'telemetry'>;
  /** Receives the URL, the demo's printed trace and the serving notes, one line at a time. */
  readonly output: (line: string) => void;
  /**
   * Aborting it cancels the demo while it runs, and stops the server once it has run. Without
   * it the server serves until the process ends.
   */
  readonly abortSignal?: AbortSignal;
}

/** How a live demo went. */
export interface ServeLiveDemoResult {
  /** The turn's final state; `undefined` when it was interrupted before the demo started. */
  readonly status: TurnStatus | undefined;
  /** True when `abortSignal` fired before the turn ended (while waiting for a page, or mid-turn). */
  readonly interrupted: boolean;
}

/**
 * Runs the demo with the visualizer following it live: serves the page on 127.0.0.1, prints its
 * URL, streams every telemetry record of the turn (with `machine.transition` records) to the
 * pages over server-sent events, and keeps serving after the turn so it can be replayed, until
 * `abortSignal` fires. The server is closed on every exit path.
 *
 * @throws what `runDemo` throws (an MCP server that did not start), after telling the pages.
 */
export async function serveLiveDemo(options: ServeLiveDemoOptions): Promise<ServeLiveDemoResult> {
  const { output, abortSignal } = options;
  const live = createLiveTrace();
  const server = await startVisualizerServer({
    pageDir: options.pageDir,
    machineGraph: deriveMachineGraph({ machine: turnMachine }),
    source: { kind: 'live', trace: live },
    port: options.port,
  });
  try {
    output(`visualizer ${server.url} (live: the page follows the demo's turn)`);
    if (options.waitForPage) {
      output('           waiting for a browser to open it; the demo starts when one does (Ctrl-C to stop)');
      try {
        await live.waitForSubscriber(abortSignal);
      } catch {
        return { status: undefined, interrupted: true };
      }
    }
    let result: Awaited<ReturnType<typeof runDemo>>;
    try {
      result = await runDemo({
        ...options.demo,
        output,
        telemetry: [live.sink],
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
    } catch (error) {
      live.end({ status: 'error', error: describeThrown(error) });
      throw error;
    }
    live.end({ status: result.status, ...(result.status === 'completed' ? {} : { error: `the turn ended ${result.status} (${result.reason})` }) });
    if (abortSignal?.aborted === true) return { status: result.status, interrupted: true };
    output('');
    output(`visualizer still serving ${server.url} to replay the turn; Ctrl-C to stop.`);
    await untilAborted(abortSignal);
    return { status: result.status, interrupted: false };
  } finally {
    await server.close();
  }
}
