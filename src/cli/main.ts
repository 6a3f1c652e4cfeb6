import { runCli } from './run-cli.js';

// The `turnscope` executable: `npm start` runs `tsx src/cli/main.ts demo`, `bin/turnscope.js`
// imports this file. SIGINT/SIGTERM cancel the demo so its finally blocks close the MCP servers
// and remove the temporary workspace; a second signal exits at once.
const interrupt = new AbortController();
let signals = 0;
const onSignal = (signal: NodeJS.Signals) => {
  signals += 1;
  if (signals > 1) process.exit(130);
  process.stderr.write(`\nturnscope: ${signal}, cleaning up (again to force quit)\n`);
  interrupt.abort(new Error(`received ${signal}`));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

process.exitCode = await runCli({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
  abortSignal: interrupt.signal,
});
process.off('SIGINT', onSignal);
process.off('SIGTERM', onSignal);
