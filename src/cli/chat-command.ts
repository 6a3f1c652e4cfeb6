import { parseArgs } from 'node:util';
import { DEMO_PACKAGES } from '../demo/demo-packages.js';
import { ensureVisualizerPage } from '../visualizer/build-visualizer-page.js';
import { untilAborted } from '../visualizer/until-aborted.js';
import type { CliCommand } from './cli-command.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadOptionalPackages } from './load-optional-packages.js';
import { NODE_OPTIONAL_PACKAGES } from './optional-packages.js';
import { explainPortError, parsePortOption } from './parse-port-option.js';
import { resolveCliModel } from './resolve-cli-model.js';

/** The port `turnscope chat` listens on without `--port` (the visualizer's is 5178). */
export const DEFAULT_CHAT_PORT = 5179;

/** Milliseconds between the embedded model's stream parts on the chat page, so reasoning and answers visibly stream. */
const CHAT_CHUNK_DELAY_MS = 25;

/**
 * `turnscope chat [--model <provider>:<id>] [--base-url <url>] [--port N] [--trace FILE]`: serves
 * the chat page on 127.0.0.1 (default port 5179) over the demo's MCP servers until Ctrl-C. Exit 0
 * when stopped; 2 for a usage error or a missing optional peer dependency (as `turnscope demo`).
 */
export const chatCommand: CliCommand = async (args, io) => {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: { model: { type: 'string' }, 'base-url': { type: 'string' }, port: { type: 'string' }, trace: { type: 'string' } },
  });
  if (positionals.length > 0) throw new CliUsageError({ message: `Unexpected argument ${JSON.stringify(positionals[0])} after chat.` });
  const port = values.port === undefined ? DEFAULT_CHAT_PORT : parsePortOption(values.port);
  const packages = io.packages ?? NODE_OPTIONAL_PACKAGES;
  const model = await resolveCliModel({ spec: values.model, baseUrl: values['base-url'], env: io.env, packages });
  await loadOptionalPackages({ packages, neededBy: 'turnscope chat', imports: DEMO_PACKAGES.imports, entries: Object.values(DEMO_PACKAGES.servers) });
  const pageDir = await ensureVisualizerPage({ output: io.stdout });
  const { startChatServer } = await import('../chat/start-chat-server.js');
  const server = await startChatServer({
    pageDir,
    port,
    ...(model === undefined ? { chunkDelayMs: CHAT_CHUNK_DELAY_MS } : { model }),
    ...(values.trace === undefined ? {} : { tracePath: values.trace }),
    ...(io.abortSignal === undefined ? {} : { abortSignal: io.abortSignal }),
  }).catch((error: unknown) => {
    throw explainPortError(error, port);
  });
  try {
    const { session } = server;
    io.stdout(`chat       ${server.url}`);
    io.stdout(`model      ${typeof session.model === 'string' ? session.model : `${session.model.provider}/${session.model.modelId}`}`);
    io.stdout(`workspace  ${session.workspaceDir}`);
    io.stdout(`tools      ${session.runtime.catalog.entries.length} deferred behind tool_search; ${session.approvalTools.length} wait for approval on the page`);
    if (values.trace !== undefined) io.stdout(`trace      ${values.trace} (appended)`);
    io.stdout('           Ctrl-C to stop.');
    await untilAborted(io.abortSignal);
    return 0;
  } finally {
    await server.close();
  }
};
