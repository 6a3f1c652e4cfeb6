import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as releaseSyncPackage from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSSyncVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';

/** The parts of WebAssembly's JS API used here (not in this project's `lib`, which has no DOM). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmApi {
  readonly Memory: new (descriptor: { initial: number; maximum: number }) => WasmMemory;
  compile(bytes: Uint8Array): Promise<object>;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** WebAssembly's page size in bytes. */
const PAGE_BYTES = 65_536;

/** Pages the engine's WebAssembly memory starts with (16 MiB); the build needs at least this. */
const INITIAL_PAGES = 256;

let compiled: Promise<object> | undefined;

/**
 * A fresh QuickJS WebAssembly instance (quickjs-emscripten's release `sync` build) for one
 * `exec` call, whose memory can never grow past `memoryLimitBytes` (rounded down to whole
 * 64 KiB pages, at least the 16 MiB it starts with).
 *
 * Why one instance per call: QuickJS's allocator in this build cannot count many small
 * allocations (it has no `malloc_usable_size`), so only a cap on the WebAssembly memory itself
 * enforces a memory limit; and a failure that aborts an instance (e.g. freeing a runtime that
 * still holds objects) cannot reach another call's. The compiled module is shared: compiling
 * happens once per process (a worker thread receives it, see {@link provideSandboxEngine}),
 * instantiating takes some milliseconds.
 *
 * @returns the module and its memory (to tell a full memory from other failures).
 */
export async function createSandboxModule(options: { readonly memoryLimitBytes: number }): Promise<{
  readonly module: QuickJSWASMModule;
  readonly memory: WasmMemory;
}> {
  const engine = await compileSandboxEngine();
  const maximum = Math.max(INITIAL_PAGES, Math.floor(options.memoryLimitBytes / PAGE_BYTES));
  const memory = new wasm.Memory({ initial: INITIAL_PAGES, maximum });
  const variant = newVariant(releaseSyncVariant(), { wasmModule: engine as never, wasmMemory: memory as never });
  return { module: await newQuickJSWASMModuleFromVariant(variant), memory };
}

/**
 * The engine compiled to a `WebAssembly.Module`, once per thread (later calls get the same
 * promise; a failed compile is retried next time). The module can be sent to a worker thread
 * ({@link provideSandboxEngine}), which then does not compile it again.
 */
export function compileSandboxEngine(): Promise<object> {
  compiled ??= compileEngine().catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** Uses an engine another thread compiled (a `WebAssembly.Module` received from it). */
export function provideSandboxEngine(engine: object): void {
  compiled = Promise.resolve(engine);
}

async function compileEngine(): Promise<object> {
  const path = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
  return wasm.compile(await readFile(path));
}

/**
 * The variant object. The package's types describe its CommonJS build (`{ default: variant }`),
 * while an ES module import gets the variant as the default export itself: accept both.
 */
function releaseSyncVariant(): QuickJSSyncVariant {
  const exported = (releaseSyncPackage as unknown as { default: unknown }).default;
  const variant = exported !== null && typeof exported === 'object' && 'default' in exported ? (exported as { default: unknown }).default : exported;
  return variant as QuickJSSyncVariant;
}
