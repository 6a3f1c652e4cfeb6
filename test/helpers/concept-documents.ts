import type { RankerDocument } from '../../src/search/tool-ranker.js';

/**
 * Five tools, one per concept of the toy embedding (test/helpers/concept-embedding.ts): a
 * screenshot, a page, mail, an issue and a file, so a query in another word of a concept
 * ("photo", "ticket") is found by the embeddings and not by its letters.
 */
export const CONCEPT_DOCUMENTS: readonly RankerDocument[] = Object.freeze([
  { name: 'browser_take_screenshot', description: 'Take a screenshot of the current page.', group: 'browser' },
  { name: 'browser_navigate', description: 'Navigate to a URL.', group: 'browser' },
  { name: 'send_email', description: 'Send an email message.', group: 'mail' },
  { name: 'create_issue', description: 'Open a new bug report in a repository.', group: 'github' },
  { name: 'write_file', description: 'Write a file to disk.', group: 'filesystem' },
]);
