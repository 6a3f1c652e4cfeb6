import { parseTrace } from '../../../src/report/parse-trace.js';
import type { MachineGraph } from '../../../src/visualizer/machine-graph.js';
import { buildReplay, type TurnReplay } from '../build-replay.js';

/** What the machine panel knows of the session's turns, from the live trace. */
export interface ChatTraceView {
  /** Every turn of the session so far, in order (one per chat request). */
  readonly turns: readonly TurnReplay[];
  /** False until the event stream is open, and again while it reconnects. */
  readonly connected: boolean;
}

/**
 * Follows the session's telemetry (`/api/events`: one `record` event per JSONL line, every turn
 * of the session, earlier ones first) and calls `onChange` with the turns rebuilt by the
 * visualizer's `buildReplay`, at most once per animation frame.
 *
 * @returns a function that closes the event stream.
 */
export function followChatTrace(options: { readonly graph: MachineGraph | undefined; readonly onChange: (view: ChatTraceView) => void }): () => void {
  const source = new EventSource('api/events');
  let text = '';
  let connected = false;
  let scheduled = false;
  const publish = () => {
    scheduled = false;
    const { records } = parseTrace(text);
    options.onChange({ turns: buildReplay({ records, ...(options.graph === undefined ? {} : { graph: options.graph }) }), connected });
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(publish);
  };
  source.addEventListener('open', () => {
    // the server replays the whole session to every new connection
    text = '';
    connected = true;
    schedule();
  });
  source.addEventListener('record', (event) => {
    text += `${(event as MessageEvent<string>).data}\n`;
    schedule();
  });
  source.addEventListener('error', () => {
    connected = false;
    schedule();
  });
  return () => source.close();
}
