import { describe, expect, it } from 'vitest';
import { describedAcronyms } from '../../src/search/described-acronyms.js';

const of = (...descriptions: string[]) => [...describedAcronyms(descriptions.map((description, index) => ({ name: `tool_${index}`, description, group: 'g' })))].sort();

describe('describedAcronyms', () => {
  it('finds the two-capital words the descriptions write, lowercased, a plural read as its singular', () => {
    expect(of('Ask an AI agent to review.', 'Lists open PRs.', 'Runs in the UI (JS).')).toEqual(['ai', 'js', 'pr', 'ui']);
  });

  it('ignores lower-case words, longer capital words and capitals inside a word', () => {
    expect(of('the pr number', 'Calls the API over HTTP', 'GitHub, PRo, xAI')).toEqual([]);
  });
});
