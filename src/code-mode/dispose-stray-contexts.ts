import type { QuickJSContext, QuickJSRuntime } from 'quickjs-emscripten-core';

/**
 * Disposes every context of `runtime` but `context`, the one a sandboxed run creates.
 *
 * Why: quickjs-emscripten 0.32 `executePendingJobs()` reads the job's context pointer through a
 * view of the WebAssembly memory taken before running the jobs. When a job grows the memory
 * (e.g. `JSON.parse` of a nested tool's output of some megabytes), that view is detached, the
 * pointer reads as `undefined`, and the library creates a new, unowned context for it
 * (justjake/quickjs-emscripten#240). Nothing disposes that context, so freeing the runtime
 * aborts the instance with `Assertion failed: list_empty(&rt->gc_obj_list)` on stderr.
 * The runtime's context map is not public: without it (another library version) this does nothing.
 */
export function disposeStrayContexts(runtime: QuickJSRuntime, context: QuickJSContext): void {
  const contexts = (runtime as unknown as { contextMap?: unknown }).contextMap;
  if (!(contexts instanceof Map)) return;
  for (const other of [...(contexts.values() as Iterable<QuickJSContext>)]) {
    if (other !== context && other.alive) other.dispose();
  }
}
