import type { JSONSchema7, Tool } from 'ai';

/** One bound tool, classified once at construction (C1, C5). Immutable. */
export interface CatalogEntry {
  /** Canonical name: the key in the bound `ToolSet`. */
  readonly name: string;
  /** The tool's description; `''` when it has none. */
  readonly description: string;
  /** Inventory group (C8): the caller's group map, else the source, else `other`. */
  readonly group: string;
  /** Where the tool came from (e.g. an MCP server); `undefined` when not given. */
  readonly source: string | undefined;
  /** Other names a search finds it by (the `aliases` option, C9); `[]` when none. */
  readonly aliases: readonly string[];
  /** `direct`: sent on every step. `deferred`: hidden until a search activates it. */
  readonly kind: 'direct' | 'deferred';
  /** The input JSON schema as sent to the provider. */
  readonly inputSchema: JSONSchema7;
  /**
   * Size of the definition as sent to the provider, in characters: the length of
   * `JSON.stringify({ name, description, inputSchema })`.
   */
  readonly schemaChars: number;
  /**
   * Words the ranker indexes with the description and the model never sees (C26): the
   * `searchText` hint or the MCP `_meta` search hint; `undefined` for none.
   */
  readonly searchText?: string;
  /** The AI SDK tool itself (with its `execute`). */
  readonly tool: Tool;
}
