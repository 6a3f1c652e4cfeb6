import type { createUIMessageStreamResponse } from 'ai';

/** The response settings the SDK's `createUIMessageStreamResponse` / `pipeUIMessageStreamToResponse` take besides the stream. */
export type UIMessageResponseInit = Omit<Parameters<typeof createUIMessageStreamResponse>[0], 'stream'>;

/**
 * Splits a turnscope UI response's options into the SDK's response settings (only those given:
 * `status`, `statusText`, `headers`, `keepAliveMs`, `consumeSseStream`) and the rest, the
 * stream's options (internal to turnscope/ui).
 */
export function splitResponseInit<T extends UIMessageResponseInit>(options: T): { readonly init: UIMessageResponseInit; readonly rest: Omit<T, keyof UIMessageResponseInit> } {
  const { status, statusText, headers, keepAliveMs, consumeSseStream, ...rest } = options;
  const init: UIMessageResponseInit = {
    ...(status === undefined ? {} : { status }),
    ...(statusText === undefined ? {} : { statusText }),
    ...(headers === undefined ? {} : { headers }),
    ...(keepAliveMs === undefined ? {} : { keepAliveMs }),
    ...(consumeSseStream === undefined ? {} : { consumeSseStream }),
  };
  return { init, rest };
}
