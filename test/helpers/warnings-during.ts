import { vi } from 'vitest';

/** A process warning as `process.emitWarning` was called with it: its text and its `code`. */
export interface EmittedWarning {
  message: string;
  code: string | undefined;
}

/**
 * Runs `build` with `process.emitWarning` replaced by a spy and answers what it returned and the
 * warnings it emitted, in order. The spy stays until the caller's `vi.restoreAllMocks()`.
 */
export function warningsDuring<T>(build: () => T): { value: T; warnings: EmittedWarning[] } {
  const warnings: EmittedWarning[] = [];
  vi.spyOn(process, 'emitWarning').mockImplementation(((warning: string | Error, options?: { code?: string }) => {
    warnings.push({ message: String(warning), code: options?.code });
  }) as typeof process.emitWarning);
  return { value: build(), warnings };
}
