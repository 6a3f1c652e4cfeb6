import { splitNameWords } from '../search/split-name-words.js';
import { stemWord, tokenizeText } from '../search/tokenize-text.js';

/** Words of a message shared with a tool's text for the tool to count as matching the message. */
const SHARED_WORDS = 2;

/**
 * A test of whether a tool's own words match a user's message, for the report's silent misses
 * (C22): the message's distinct terms (`tokenizeText`: stop words dropped, stemmed) of which
 * at least 2 — its one term, for a one-term message — occur in the tool's name or its texts
 * (description, search hint, parameters). A ranker scores some match for almost any text (`thanks, that is all` ranks
 * `mark_all_notifications_read`, by `all`); a tool that shares two of the message's words is
 * one the user plausibly asked for (`post a message to the Slack channel` and
 * `slack_post_message`), and so is the only word of a one-word request (`what time is it?`).
 *
 * @param message the user's latest message.
 * @returns a test of one tool's texts; `false` for every tool when the message has no term.
 */
export function sharesMessageWords(message: string): (tool: { readonly name: string; readonly texts: readonly (string | undefined)[] }) => boolean {
  const terms = new Set(tokenizeText(message));
  const needed = Math.min(SHARED_WORDS, terms.size);
  return (tool) => {
    if (needed === 0) return false;
    const own = new Set(splitNameWords(tool.name).map(stemWord));
    for (const text of tool.texts) if (text !== undefined) for (const term of tokenizeText(text)) own.add(term);
    let shared = 0;
    for (const term of terms) if (own.has(term) && ++shared >= needed) return true;
    return false;
  };
}
