import { expect } from 'vitest';
import { measureDefinitionChars } from '../../src/catalog/measure-definition-chars.js';
import type { ToolSearchRuntime } from '../../src/index.js';
import type { FakeProviderServer } from './fake-provider-server.js';
import { REQUEST_WIRES } from './request-wires.js';

/** What C23 promises of tool_search's complete definition with the defaults, in characters. */
export const MAX_DEFINITION_CHARS = 8_000;

/**
 * C23 / S15 on every provider wire of {@link REQUEST_WIRES}: step 0 sends only `tool_search`,
 * its definition is under {@link MAX_DEFINITION_CHARS} characters as sent and ends with the
 * runtime's inventory (with `tool_search` renamed as the wire renames it); a search for `query`
 * sends `target` on the next request, and the call to it runs (`ok`); `reversed`, the same bound
 * set in another order, sends the same bytes. Each wire's server is pushed onto `servers` so the
 * caller's `afterEach` closes it.
 */
export async function expectBoundedStepZero(options: {
  readonly runtime: ToolSearchRuntime;
  readonly reversed: ToolSearchRuntime | undefined;
  readonly target: string;
  readonly query: string;
  readonly servers: FakeProviderServer[];
  readonly label: string;
}): Promise<void> {
  const { runtime, reversed, target, query, servers, label } = options;
  for (const wire of REQUEST_WIRES) {
    const server = await wire.start([
      { toolCalls: [{ name: wire.searchName, arguments: JSON.stringify({ query }) }] },
      { toolCalls: [{ name: target, arguments: JSON.stringify({ id: 'a' }) }] },
      { text: 'done' },
      { text: 'again' },
    ]);
    servers.push(server);
    const result = await runtime.send({ model: wire.model(server.baseURL), prompt: 'go' }).result;
    const stepZero = wire.definitions(server.bodies[0]!);
    expect(stepZero.map((tool) => tool.name), wire.name).toEqual([wire.searchName]);
    const search = stepZero[0]!;
    const chars = measureDefinitionChars({ name: search.name, description: search.description, inputSchema: search.inputSchema as never });
    expect(chars, `${wire.name} ${label}`).toBeLessThan(MAX_DEFINITION_CHARS);
    expect(search.description.endsWith(`Deferred tools by group:\n${runtime.inventory.replace(/(?<![A-Za-z0-9_-])tool_search(?![A-Za-z0-9_-])/g, wire.searchName)}`), wire.name).toBe(true);
    // the tool found is sent on the next request and runs
    expect(wire.definitions(server.bodies[1]!).map((tool) => tool.name), `${wire.name}: ${target}`).toContain(target);
    expect(result.steps[1]!.toolResults[0], wire.name).toMatchObject({ toolName: target, outcome: 'ok' });
    if (reversed !== undefined) {
      await reversed.send({ model: wire.model(server.baseURL), prompt: 'go' }).result;
      expect(wire.definitions(server.bodies[3]!)[0]!.bytes, `${wire.name}: same bound set, same bytes`).toBe(search.bytes);
    }
  }
}
