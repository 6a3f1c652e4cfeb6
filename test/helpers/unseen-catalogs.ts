import { jsonSchema, tool, type ToolSet } from 'ai';
import { plainGroupOf } from './hostile-catalogs.js';

/**
 * Catalog shapes the hostile-catalogs helper does not make: names that are only digits, that
 * differ only in separators and case (`get-user`, `get_user`, `getUser`), of exactly 64
 * characters, that are Object.prototype members; MCP names over 1,000 servers; groups that are
 * prefixes of each other (`git`, `github`, `github_enterprise`); every tool its own group or
 * all in one. Every tool has its own description (what it does), so a search by what a tool
 * does can be checked, and the `huge` descriptions are 100,000 characters.
 */
export const UNSEEN_NAME_STYLES = ['numeric', 'separator-variants', 'max-length', 'proto-names', 'mcp-1000-servers', 'git-prefixes'] as const;
/** How the tools are grouped (`mcp-1000-servers` and `git-prefixes` always group by their server). */
export const UNSEEN_GROUPINGS = ['none', 'each-own', 'one'] as const;

export interface UnseenCatalogSpec {
  readonly size: number;
  readonly names: (typeof UNSEEN_NAME_STYLES)[number];
  readonly grouping: (typeof UNSEEN_GROUPINGS)[number];
  /** `huge`: the first three tools' descriptions are 100,000 characters (what they do first). Default: short. */
  readonly descriptions?: 'short' | 'huge';
}

const WORDS = ['alpha', 'bravo', 'cobalt', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'jasper', 'kelp', 'lumen', 'magma', 'nectar', 'onyx', 'pylon', 'quartz', 'raven', 'sierra', 'tundra', 'umber', 'vortex', 'willow', 'xenon', 'yarrow', 'zephyr'];
const VERBS = ['rotate', 'archive', 'summon', 'calibrate', 'index', 'purge', 'refund', 'translate'];
const PROTO = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__'];
const GIT_SERVERS = ['git', 'github', 'github_enterprise'];

/** What tool `index` does, in words a user would search with: verb, two nouns and its ledger number. */
export function whatItDoes(index: number): string {
  return `${VERBS[index % VERBS.length]} the ${WORDS[Math.floor(index / 8) % 26]} ${WORDS[Math.floor(index / 208) % 26]} ledger ${index}`;
}

/** The name of tool `index` in a style: distinct for distinct indexes, valid (`^[a-zA-Z0-9_-]{1,64}$`). */
export function unseenName(style: UnseenCatalogSpec['names'], index: number): string {
  switch (style) {
    case 'numeric':
      // digits only, some with leading zeros (`7` and `07` are two tools)
      return index % 3 === 2 ? `0${Math.floor(index / 3)}` : String(index - Math.floor(index / 3));
    case 'separator-variants': {
      const word = `${WORDS[Math.floor(index / 6) % 26]}${Math.floor(index / 156)}`;
      const upper = word[0]!.toUpperCase() + word.slice(1);
      return [`get-${word}`, `get_${word}`, `get${upper}`, `Get${upper}`, `GET_${word.toUpperCase()}`, `get${word}`][index % 6]!;
    }
    case 'max-length':
      return `${index.toString(36)}_`.padEnd(64, 'abcdefghij');
    case 'proto-names':
      return index < PROTO.length ? PROTO[index]! : `${PROTO[index % PROTO.length]}${Math.floor(index / PROTO.length)}`;
    case 'mcp-1000-servers':
      return `mcp__srv${index % 1_000}__${VERBS[Math.floor(index / 1_000) % VERBS.length]}_${index}`;
    case 'git-prefixes':
      return `${GIT_SERVERS[index % 3]}_${VERBS[Math.floor(index / 3) % VERBS.length]}_${index}`;
  }
}

function groupOf(spec: UnseenCatalogSpec, index: number): string | undefined {
  if (spec.names === 'mcp-1000-servers') return `srv${index % 1_000}`;
  if (spec.names === 'git-prefixes') return GIT_SERVERS[index % 3];
  return plainGroupOf(spec.grouping, index);
}

/** A deterministic catalog of `spec.size` tools, as a caller would bind it (keys in generation order), and each tool's index. */
export function unseenCatalog(spec: UnseenCatalogSpec): {
  readonly tools: ToolSet;
  readonly groups: Record<string, string[]> | undefined;
  readonly groupDescriptions: Record<string, string> | undefined;
  readonly indexOf: ReadonlyMap<string, number>;
} {
  const tools: ToolSet = Object.create(null) as ToolSet;
  const groups = Object.create(null) as Record<string, string[]>;
  const indexOf = new Map<string, number>();
  const schema = jsonSchema({ type: 'object', properties: { id: { type: 'string' } } });
  for (let index = 0; index < spec.size; index += 1) {
    const name = unseenName(spec.names, index);
    const description = spec.descriptions === 'huge' && index < 3 ? `${whatItDoes(index)}. ${'lorem ipsum '.repeat(8_333)}`.slice(0, 100_000) : `${whatItDoes(index)}.`;
    tools[name] = tool({ description, inputSchema: schema, execute: async () => 'ok' });
    indexOf.set(name, index);
    const group = groupOf(spec, index);
    if (group !== undefined) (groups[group] ??= []).push(name);
  }
  const grouped = spec.names === 'mcp-1000-servers' || spec.names === 'git-prefixes' || spec.grouping !== 'none';
  return { tools, groups: grouped ? groups : undefined, groupDescriptions: undefined, indexOf };
}
