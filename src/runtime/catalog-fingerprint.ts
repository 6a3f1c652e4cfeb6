import { createHash } from 'node:crypto';
import type { ToolSet } from 'ai';

/**
 * What a turn snapshot records of the bound catalog it was taken over (C28): a digest of every
 * bound name and definition, their count, and one short digest per tool the turn had in hand
 * (direct, required, active or visible), so a mismatch can name those tools.
 */
export interface CatalogFingerprint {
  /** sha256 (hex) over every bound name with its definition's digest, in name order. */
  readonly digest: string;
  /** |B|. */
  readonly boundTools: number;
  /** `[name, digest]` of the turn's own tools (pairs, not an object: a tool may be named `__proto__`). */
  readonly tools: readonly (readonly [string, string])[];
}

/** The digests of one set of definitions, computed once per tool set (bindings are immutable). */
interface Digests {
  readonly digest: string;
  readonly byName: ReadonlyMap<string, string>;
}

const digestsBySet = new WeakMap<ToolSet, Digests>();

/**
 * The fingerprint of the bound tools `bound` as `tools` defines them (the definitions sent to
 * the provider: name, description, JSON input schema), with per-tool digests for `ownTools`.
 * The whole-catalog digest is computed once per tool set and cached.
 */
export function catalogFingerprint(options: {
  readonly bound: readonly string[];
  readonly tools: ToolSet;
  readonly ownTools: readonly string[];
}): CatalogFingerprint {
  const digests = digestsOf(options.bound, options.tools);
  const own = [...new Set(options.ownTools)].filter((name) => digests.byName.has(name)).sort();
  return {
    digest: digests.digest,
    boundTools: options.bound.length,
    tools: own.map((name) => [name, digests.byName.get(name)!] as const),
  };
}

/**
 * How `fingerprint` differs from the catalog `bound` / `tools`: the turn's tools not bound
 * here, those bound with another definition, and whether the whole catalog matches.
 */
export function compareCatalog(
  fingerprint: CatalogFingerprint,
  current: { readonly bound: readonly string[]; readonly tools: ToolSet },
): { readonly same: boolean; readonly missing: string[]; readonly changed: string[] } {
  const digests = digestsOf(current.bound, current.tools);
  const missing: string[] = [];
  const changed: string[] = [];
  for (const [name, digest] of fingerprint.tools) {
    const here = digests.byName.get(name);
    if (here === undefined) missing.push(name);
    else if (here !== digest) changed.push(name);
  }
  return { same: digests.digest === fingerprint.digest && missing.length === 0 && changed.length === 0, missing, changed };
}

function digestsOf(bound: readonly string[], tools: ToolSet): Digests {
  const cached = digestsBySet.get(tools);
  if (cached !== undefined && cached.byName.size === bound.length) return cached;
  const byName = new Map<string, string>();
  const whole = createHash('sha256');
  for (const name of [...bound].sort()) {
    const definition = Object.hasOwn(tools, name) ? (tools[name] as { description?: unknown; inputSchema?: unknown }) : undefined;
    const schema = definition?.inputSchema as { jsonSchema?: unknown } | undefined;
    const text = JSON.stringify([name, definition?.description ?? null, schema?.jsonSchema ?? null]);
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 16);
    byName.set(name, digest);
    whole.update(`${name}\u0000${digest}\u0000`);
  }
  const digests = { digest: whole.digest('hex'), byName };
  digestsBySet.set(tools, digests);
  return digests;
}
