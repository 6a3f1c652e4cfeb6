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

  it('reads google as the verb as a web search, not google maps or docs', () => {
    expect(terms('google how to pin a node version')).toEqual(['web', 'search']);
    expect(terms('pls google the rust 2024 edition')).toEqual(['web', 'search']);
    expect(terms('google maps route to the airport')).toEqual([]);
    expect(terms('search the google docs export')).toEqual([]);
  });

  it('reads where a name is defined, and the definition of one, as a code search', () => {
    expect(terms('where is useStore defined')).toEqual(['search', 'code']);
    expect(terms('show the definition of parseArgs')).toEqual(['search', 'code']);
    expect(terms('which property fields are defined on my db')).toEqual([]);
  });

  it('reads a count, sum or average over a table as an SQL query', () => {
    expect(terms('how many orders came in today, from the orders table')).toEqual(['sql', 'query']);
    expect(terms('average basket size in the carts table')).toEqual(['sql', 'query']);
    expect(terms('add a row to the notion table')).toEqual([]);
  });

  it('reads what a field contains or says as its value to check', () => {
    expect(terms('the name input says Ada')).toEqual(['value', 'verify']);
    expect(terms('fill the email field with a@b.c')).toEqual([]);
  });

  it('reads only the first maxChars characters, and queryTerms adds its words after the written ones', () => {
    expect(phrasePatternTerms(`${'word '.repeat(10)}rename issue 5`, 20)).toEqual([]);
    expect(queryTerms('rename issue 5').map(({ word }) => word)).toEqual(['rename', 'issue', '5', 'title']);
  });
});

describe('phrasePatternTerms: who is, has or can asks about users', () => {
  it('reads a clause asking who is, are, am, has, have or can as about users, not who was or were', () => {
    expect(terms('who is in our slack workspace')).toEqual(['user']);
    expect(terms("ok, who's on the platform team")).toEqual(['user']);
    expect(terms('Who has write access to this repo?')).toEqual(['user']);
    expect(terms('who was the king of france in 1510')).toEqual([]);
    expect(terms('find whoever broke the build')).toEqual([]);
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

  it('ranks web search first for google as a verb, the code search for where a name is defined, the SQL query for a count over a table and the value check for what a field holds', () => {
    // without the patterns: google met the maps tools, defined met get_config, users the user tools, field nothing
    expect(names('google the changelog of vite 6')[0]).toBe('brave_web_search');
    expect(names('where is renderPage defined across our github org').map((name) => name.replace(/^[a-z-]+__/, ''))).toContain('search_code');
    expect(names('how many users signed up in march, from the accounts table')[0]).toBe('query');
    expect(names('check that the phone field contains 555-0100', 3)).toContain('browser_verify_value');
  });

  it('ranks the workspace users first for who is in a slack workspace', () => {
    // without the pattern: slack_list_channels 1st, slack_get_users 2nd
    expect(names('who is in our slack workspace', 1)).toEqual(['slack_get_users']);
  });
});
