import { EVERYDAY_HOME_TRAVEL_AND_HEALTH } from './everyday-home-travel-and-health.js';
import { EVERYDAY_MEDIA_LEARNING_AND_MORE } from './everyday-media-learning-and-more.js';
import { EVERYDAY_MONEY_AND_SHOPPING } from './everyday-money-and-shopping.js';

/**
 * The everyday things people name when they ask for a consumer service, each entry a word or phrase
 * as people write it → the category words a tool or service that handles that thing uses in its
 * description. Written from general knowledge of everyday domains (money and markets, shopping,
 * homes, travel, food, weather, jobs, law, health, astrology, news, sports, music, film, books,
 * games, learning, research, marketing, documents, images, video, places, cars, pets, events,
 * languages, writing, math, calendars, companies), one concept per line, never from a query set's
 * misses nor one catalog's wording: `bitcoin` is a `cryptocurrency`, a `dress` is `clothing` a `shop`
 * sells, a `mortgage` is about a `home`, an `itinerary` is a `trip`, an `umbrella` asks about the
 * `weather`, a `cv` is for a `job`, `aries` has a `horoscope`, a `peer reviewed` work is an
 * `academic` `paper`, `backlinks` are `seo`. A key is kept only where its category words are right in
 * most contexts (no `gemini`, a zodiac sign and a model; no `cancer`; no `watch`, a verb too; no
 * `accounting`, which stems to `account`), and a coin brings `cryptocurrency`, not `crypto`, which
 * names cryptography tools too; a key of DEVELOPER_CONCEPTS (developer-concepts.ts: `cat`, `iphone`,
 * `spreadsheet`, `headlines`) is not repeated here; the few keys whose words lowered a shipped query
 * set's tuning half are left out (`arxiv`, `pdf`: test/bench/README.md, *Everyday concepts*). Keys are
 * matched as whole words in any case, each word as `stemWord` stems it (`shoes` and `shoe` alike),
 * the words of a key joined by one space (`s&p 500` is written `s p 500`); `conceptTerms`
 * (concept-terms.ts) reads them, weighted `EVERYDAY_WORD_WEIGHT`. The entries are kept in three
 * files by domain (everyday-money-and-shopping.ts, everyday-home-travel-and-health.ts,
 * everyday-media-learning-and-more.ts), in this order.
 */
export const EVERYDAY_CONCEPTS: ReadonlyMap<string, readonly string[]> = new Map(
  [...EVERYDAY_MONEY_AND_SHOPPING, ...EVERYDAY_HOME_TRAVEL_AND_HEALTH, ...EVERYDAY_MEDIA_LEARNING_AND_MORE].map(([concept, words]) => [concept, Object.freeze(words.split(' '))]),
);
