import { describe, expect, it } from 'vitest';
import { phrasePatternTerms } from '../../src/search/phrase-pattern-terms.js';
import { queryTerms } from '../../src/search/query-terms.js';
import { fixtureRankerNames } from './fixture-catalogs.js';

const terms = (query: string) => phrasePatternTerms(query, 4_000);

describe('phrasePatternTerms', () => {
  it('reads renaming a thing that has a title as changing its title, not renaming a file, branch or column', () => {
    expect(terms('rename issue 5 to Crash on startup')).toEqual(['title']);
    expect(terms('Rename the notion database to Roadmap')).toEqual(['title']);
    expect(terms('rename my open PR')).toEqual(['title']);
    expect(terms('rename src/a.ts to src/b.ts')).toEqual([]);
    expect(terms('rename the branch to release')).toEqual([]);
    expect(terms('rename the Priority column')).toEqual([]);
  });

  it('reads making an endpoint return an HTTP status as mocking its route', () => {
    expect(terms('make /api/users return 500')).toEqual(['mock', 'route', 'status']);
    expect(terms('the login call should respond with a 404')).toEqual(['mock', 'route', 'status']);
    expect(terms('return 5 results')).toEqual([]);
    expect(terms('return 1000 rows')).toEqual([]);
    expect(terms('return 2.50 dollars')).toEqual([]);
  });

  it('reads a condition on a field as a filtered query', () => {
    expect(terms('tasks where Status is Doing')).toEqual(['filter', 'query']);
    expect(terms('users where plan = pro')).toEqual(['filter', 'query']);
    expect(terms('where is the config file')).toEqual([]);
  });

  it('reads only the first maxChars characters, and queryTerms adds its words after the written ones', () => {
    expect(phrasePatternTerms(`${'word '.repeat(10)}rename issue 5`, 20)).toEqual([]);
    expect(queryTerms('rename issue 5').map(({ word }) => word)).toEqual(['rename', 'issue', '5', 'title']);
  });
});

describe('on the 301-tool MCP catalog', () => {
  const names = fixtureRankerNames('mcp-catalog');

  it('ranks the title update first for renaming an issue', () => {
    expect(names("rename issue 5 to 'Crash on startup'")[0]).toBe('update_issue_title');
  });

  it('ranks the mocked route first for an endpoint made to return an error status', () => {
    expect(names('make /api/users return 500 so i can see the error page')[0]).toBe('browser_route');
  });

  it('ranks the data source query first for a condition on a Notion field', () => {
    expect(names('in Notion, tasks where Status is Doing')[0]).toBe('API-query-data-source');
  });
});
