import type { QuickJSWASMModule } from 'quickjs-emscripten-core';

/**
 * Whether the sandbox's allocator can give `bytes` bytes now (it allocates and frees them).
 *
 * Why: quickjs-emscripten copies a host string into the instance (`context.newString`) through
 * an unchecked `malloc`: at the memory limit it gets address 0 and writes the text over the
 * instance's own memory. Asking first turns that into a memory-limit failure. The Emscripten
 * module is not public: without it (another library version) this answers from the limit alone.
 *
 * @param memoryLimitBytes the instance's memory limit, for the fallback answer.
 */
export function canAllocateInSandbox(options: { readonly module: QuickJSWASMModule; readonly bytes: number; readonly memoryLimitBytes: number }): boolean {
  const emscripten = (options.module as unknown as { module?: { _malloc?: unknown; _free?: unknown } }).module;
  const malloc = emscripten?._malloc;
  const free = emscripten?._free;
  if (typeof malloc !== 'function' || typeof free !== 'function') return options.bytes < options.memoryLimitBytes;
  const pointer = (malloc as (bytes: number) => number)(options.bytes);
  if (pointer === 0) return false;
  (free as (pointer: number) => void)(pointer);
  return true;
}
