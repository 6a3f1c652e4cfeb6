import type { Tool } from 'ai';
import { TOOL_SEARCH_NAME } from '../../machines/turn-machine.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalogEntry } from '../catalog/create-catalog-entry.js';
import { resolveToolHints } from '../catalog/tool-hints.js';
import type { ToolCatalog } from '../catalog/create-tool-catalog.js';
import { checkLabel } from '../catalog/validate-binding-shapes.js';
import { ClientToolNameCollisionError } from '../errors/client-tool-name-collision-error.js';
import { InvalidOptionError } from '../errors/invalid-option-error.js';
import { InvalidToolNameError, TOOL_NAME_PATTERN } from '../errors/invalid-tool-name-error.js';
import { ReservedToolNameError } from '../errors/reserved-tool-name-error.js';
import { readOption, readOptionData } from '../options/read-option-data.js';
import { TOOL_SEARCH_WIRE_ALIAS } from '../tool-search/tool-search-wire-names.js';

/** The group and source of client tools when `send()` names no `clientId`. */
export const DEFAULT_CLIENT_ID = 'client';

/**
 * The catalog entries of the tools a client offers for one turn (`send({ clientTools })`):
 * measured like bound tools, grouped by the client and with the client as their source (C8),
 * deferred — or direct when availability is `off` (C6). Sorted by canonical name. The
 * runtime's catalog is only read, never changed (C19).
 *
 * @param options.clientTools the `ToolSet` the client offers; keys are canonical names.
 * @param options.clientId the client's label; default {@link DEFAULT_CLIENT_ID}.
 * @throws {InvalidOptionError} `clientTools` is not a plain object of tools, or cannot be read (a
 *   getter or Proxy trap that throws, in the record or in a tool: option `clientTools.NAME`), a tool has no
 *   input schema, or `clientId` is not a label of 1–64 printable characters on one line.
 * @throws {ReservedToolNameError} a client tool is named `tool_search` or `turnscope_tool_search`
 *   (`tool_search`'s name on OpenAI's Responses API), like a bound tool.
 * @throws {InvalidToolNameError} a name does not match `^[a-zA-Z0-9_-]{1,64}$` (`option: 'clientTools'`).
 * @throws {ClientToolNameCollisionError} a name is already bound to the runtime.
 */
export function createClientToolEntries(options: {
  readonly clientTools: unknown;
  readonly clientId: unknown;
  readonly catalog: ToolCatalog;
  readonly searchEnabled: boolean;
}): CatalogEntry[] {
  const { catalog } = options;
  // plain data read once: a getter or Proxy trap that throws is an InvalidOptionError naming it
  const clientTools = readOptionData(options.clientTools, 'clientTools', 1);
  if (!isPlainObject(clientTools)) {
    throw new InvalidOptionError({
      option: 'clientTools',
      value: clientTools,
      expected: 'an AI SDK ToolSet: a plain object whose keys are tool names (not an array or a Map)',
    });
  }
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  checkLabel('clientId', clientId);
  const label = clientId as string;
  const names = Object.keys(clientTools).sort();
  for (const name of names) {
    if (name === TOOL_SEARCH_NAME || name === TOOL_SEARCH_WIRE_ALIAS) throw new ReservedToolNameError({ toolName: name, option: 'clientTools' });
    if (!TOOL_NAME_PATTERN.test(name)) throw new InvalidToolNameError({ toolName: name, option: 'clientTools' });
    if (catalog.get(name) !== undefined) throw new ClientToolNameCollisionError({ toolName: name, clientId: label });
  }
  return names.map((name) =>
    // a tool whose fields cannot be read (a description getter, a `_meta` Proxy that throws) is named
    readOption(`clientTools.${name}`, () => createCatalogEntry({
      name,
      tool: clientTools[name] as Tool,
      group: label,
      source: label,
      kind: options.searchEnabled ? 'deferred' : 'direct',
      option: 'clientTools',
      // a client tool's `_meta` search hint is indexed too (C26); it stays deferred (no alwaysLoad for client tools)
      searchText: resolveToolHints(clientTools[name] as Tool, undefined).searchText,
    })),
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
