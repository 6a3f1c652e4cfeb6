/**
 * The JavaScript that runs in the sandbox before the model's code: it takes the two host
 * functions (`__turnscopeHost.call(name, inputJson) → Promise<answerJson>` and
 * `__turnscopeHost.log(text)`) off the global object and builds what the code sees:
 *
 * - `tools.<name>(input)`: an async function per tool of the step (its own keys, on an object
 *   without a prototype, so `__proto__` and `constructor` are tools like any other), and for any
 *   other name too, so a call to a hidden or unknown tool reaches the pipeline and is rejected
 *   there exactly like a direct call. It resolves with the tool's output and throws an `Error`
 *   named `ToolCallError` (with `toolName` and `outcome`) when the call did not succeed.
 * - `console.log` / `info` / `warn` / `error` / `debug`: the arguments, strings as they are and
 *   the rest as JSON, joined by spaces, one entry per call.
 * - `__turnscopeEncode(value)`: the JSON of the code's return value, for the host.
 */
export function sandboxPrelude(toolNames: readonly string[]): string {
  return `(() => {
  const host = globalThis.__turnscopeHost;
  delete globalThis.__turnscopeHost;
  const format = (value) => {
    if (typeof value === 'string') return value;
    try {
      const json = JSON.stringify(value);
      return json === undefined ? String(value) : json;
    } catch {
      return String(value);
    }
  };
  const log = (...values) => { host.log(values.map(format).join(' ')); };
  globalThis.console = { log, info: log, warn: log, error: log, debug: log };
  const toolFunction = (name) => async (input) => {
    let json;
    try {
      json = JSON.stringify(input === undefined ? {} : input);
    } catch (error) {
      throw new TypeError('tools.' + name + ': the input is not JSON (' + error.message + ')');
    }
    const answer = JSON.parse(await host.call(name, json));
    if (answer.ok) return answer.value;
    const error = new Error(answer.message);
    error.name = 'ToolCallError';
    error.toolName = name;
    error.outcome = answer.outcome;
    throw error;
  };
  const own = Object.create(null);
  for (const name of ${JSON.stringify(toolNames)}) own[name] = toolFunction(name);
  globalThis.tools = new Proxy(own, {
    get: (target, name) => {
      if (typeof name !== 'string' || name === 'then' || name === 'toJSON') return undefined;
      return Object.hasOwn(target, name) ? target[name] : toolFunction(name);
    },
  });
  globalThis.__turnscopeEncode = (value) => (value === undefined ? undefined : JSON.stringify(value));
})();`;
}
