import { stemWord } from './tokenize-text.js';

/**
 * Groups of English verbs that tools and the people asking for them use for the same action
 * (a generic list, not drawn from any catalog): `fetch` a page and `get` a page, `remove` a file
 * and `delete` a file.
 */
export const TOOL_VERB_GROUPS: readonly (readonly string[])[] = Object.freeze(
  [
    'get fetch retrieve obtain read show display view',
    'list enumerate browse',
    'create add make new generate insert',
    'delete remove erase destroy discard',
    'update edit modify change alter set patch',
    'search find lookup query locate seek discover',
    'send post publish submit share',
    'calculate compute',
    'convert transform',
    'start run launch execute',
    'stop end cancel terminate halt',
  ].map((line) => Object.freeze(line.split(' '))),
);

/**
 * Index term (as {@link stemWord} stems it) → the other terms of its groups in
 * {@link TOOL_VERB_GROUPS}: `fetch` → `get`, `retrieve`, `obtain`, `read`, `show`, `display`, `view`.
 */
export const TOOL_VERB_SYNONYMS: ReadonlyMap<string, readonly string[]> = (() => {
  const synonyms = new Map<string, Set<string>>();
  for (const group of TOOL_VERB_GROUPS) {
    const terms = group.map((word) => stemWord(word));
    for (const term of terms) {
      const others = synonyms.get(term) ?? new Set<string>();
      for (const other of terms) if (other !== term) others.add(other);
      synonyms.set(term, others);
    }
  }
  return new Map([...synonyms].map(([term, others]) => [term, Object.freeze([...others])]));
})();
