import { describe, expect, it } from 'vitest';
import { addConceptWords, CONCEPT_WORD_WEIGHT, conceptTerms, EVERYDAY_WORD_WEIGHT } from '../../src/search/concept-terms.js';
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

// Everyday things people name (everyday-concepts.ts) → the category words consumer services use.
// Without the everyday lexicon each query below ranks another tool first (the shipped thesaurus
// knows no bitcoin, and `price` is in three tools).
const SERVICES: RankerDocument[] = [
  { name: 'crypto_market', description: 'Market data of cryptocurrencies: the price, volume and market capitalization of each one.', group: 'finance' },
  { name: 'stock_quotes', description: 'The latest price of a stock.', group: 'finance' },
  { name: 'price_compare', description: 'Compare the price of a product across shops.', group: 'shopping' },
  { name: 'fashion_store', description: 'Search clothing across fashion shops.', group: 'shopping' },
  { name: 'home_finder', description: 'Find a house or home to rent or buy.', group: 'property' },
  { name: 'daily_horoscope', description: "Today's horoscope for each zodiac sign.", group: 'astrology' },
  { name: 'weather_forecast', description: 'The weather forecast for a city.', group: 'weather' },
  { name: 'job_search', description: 'Search job openings by title and city.', group: 'career' },
];

describe('conceptTerms and addConceptWords: the everyday lexicon', () => {
  it('reads everyday keys as whole words by their stems, next to the developer ones', () => {
    expect(conceptTerms('price of Bitcoins', 4_000)).toEqual(['cryptocurrency', 'coin']);
    expect(conceptTerms('do I need an umbrella', 4_000)).toEqual(['weather', 'forecast', 'rain']);
    expect(conceptTerms('creds for my Zillow account', 4_000)).toEqual(['secret', 'credential', 'token', 'estate', 'home', 'property']);
  });

  it('adds an everyday word at EVERYDAY_WORD_WEIGHT and a developer word at CONCEPT_WORD_WEIGHT', () => {
    const termWeights = new Map<string, number>();
    addConceptWords('creds for dogecoin', 4_000, termWeights, new Set(), (term) => ['secret', 'cryptocurrency'].includes(term));
    expect([...termWeights]).toEqual([['secret', CONCEPT_WORD_WEIGHT], ['cryptocurrency', EVERYDAY_WORD_WEIGHT]]);
    expect(EVERYDAY_WORD_WEIGHT).toBeLessThan(1);
  });

  it('ranks price of bitcoin to the cryptocurrency tool, above the other tools of prices', () => {
    const ranker = createHybridRanker(SERVICES);
    expect(ranker.rank('price of bitcoin', 3).map((match) => match.name)).toEqual(['crypto_market', 'price_compare', 'stock_quotes']);
    expect(ranker.rank('price of ethereum', 3)[0]?.name).toBe('crypto_market');
  });

  it('ranks the tool of a category the query never writes first', () => {
    const ranker = createHybridRanker(SERVICES);
    const first = (query: string) => ranker.rank(query, 3)[0]?.name;
    expect(first('cheap hoodie')).toBe('fashion_store');
    expect(first('what does my aries reading say this week')).toBe('daily_horoscope');
    expect(first('will I need an umbrella in Lisbon tomorrow')).toBe('weather_forecast');
  });

  it('still ranks a tool that writes the word above one that has only its category', () => {
    const ranker = createHybridRanker([...SERVICES, { name: 'wallet_balance', description: 'The balance of a Bitcoin wallet.', group: 'wallet' }]);
    expect(ranker.rank('tell me about bitcoin', 3).map((match) => match.name)).toEqual(['wallet_balance', 'crypto_market']);
  });
});
