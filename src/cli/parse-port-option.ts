import { CliUsageError } from './cli-usage-error.js';

/** The visualizer's port when `--port` is not given. */
export const DEFAULT_VISUALIZER_PORT = 5178;

/**
 * Reads `--port N`: a whole number from 0 to 65535 (0 lets the system pick a free port).
 *
 * @returns {@link DEFAULT_VISUALIZER_PORT} when `value` is `undefined`.
 * @throws {CliUsageError} for anything else.
 */
export function parsePortOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_VISUALIZER_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port > 65_535) {
    throw new CliUsageError({ message: `--port must be a whole number from 0 to 65535 (0 picks a free port); got ${value}.` });
  }
  return port;
}

/** Turns a listen error on a taken port into a usage error that says what to do; other errors pass through. */
export function explainPortError(error: unknown, port: number): unknown {
  if ((error as { code?: unknown } | null)?.code !== 'EADDRINUSE') return error;
  return new CliUsageError({ message: `Port ${port} on 127.0.0.1 is in use: pass --port N (0 picks a free port).` });
}
