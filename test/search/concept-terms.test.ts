import { describe, expect, it } from 'vitest';
import { addConceptWords, CONCEPT_WORD_WEIGHT, conceptTerms } from '../../src/search/concept-terms.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import { fixtureRankerNames } from './fixture-catalogs.js';

// A developer's words for what MCP tools do (developer-concepts.ts), over the catalog of 17 MCP servers.
const names = fixtureRankerNames('mcp-catalog');

describe('conceptTerms: the tool words of the developer concepts a query holds', () => {
  it('matches keys as whole words by their stems, in any case, phrases too', () => {
    expect(conceptTerms('Static Analysis results please', 4_000)).toEqual(['code', 'scanning', 'alert']);
    expect(conceptTerms('close the Modals', 4_000)).toEqual(['dialog']);
    expect(conceptTerms('any new pings?', 4_000)).toEqual(['notification']);
  });

  it('finds nothing in a word that only begins like a key, nor in text past maxChars', () => {
    expect(conceptTerms('the cathedral opening hours', 4_000)).toEqual([]);
    expect(conceptTerms(`${'x '.repeat(50)}the modal`, 20)).toEqual([]);
    expect(conceptTerms('', 4_000)).toEqual([]);
  });
});

describe('addConceptWords: the concept words the index has, below the written words', () => {
  it('adds a known concept word at CONCEPT_WORD_WEIGHT, matched exactly, and keeps a weighted term as it is', () => {
    const termWeights = new Map([['secret', 1]]);
    const exact = new Set<string>();
    addConceptWords('creds in the repo', 4_000, termWeights, exact, (term) => ['secret', 'token'].includes(term));
    expect([...termWeights]).toEqual([['secret', 1], ['token', CONCEPT_WORD_WEIGHT]]);
    expect([...exact]).toEqual(['token']);
  });

  it('ranks a tool by the concept when the query writes none of its words', () => {
    const documents: RankerDocument[] = [
      { name: 'handle_dialog', description: 'Accept or dismiss a dialog.', group: 'browser' },
      { name: 'delete_item', description: 'Delete an item after confirmation.', group: 'store' },
    ];
    const ranked = createHybridRanker(documents, { thesaurus: false }).rank('the modal asking me to confirm', 2);
    expect(ranked.map((match) => match.name)).toEqual(['handle_dialog', 'delete_item']);
  });
});

describe('developer concepts over real MCP tools', () => {
  it('reads static analysis as code scanning and a pinged badge as notifications', () => {
    expect(names('static analysis findings in acme/web').slice(0, 5)).toContain('list_code_scanning_alerts');
    expect(names('any new pings for me on github')[0]).toBe('list_notifications');
  });

  it('reads delegate as assign and a modal as a dialog', () => {
    expect(names('delegate issue 14 to dana')[0]).toBe('update_issue_assignees');
    expect(names('the modal asking to confirm deletion, accept it')[0]).toBe('browser_handle_dialog');
  });
});
