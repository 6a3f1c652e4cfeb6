import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../src/errors/invalid-option-error.js';
import { createFuseRanker } from '../../src/search/create-fuse-ranker.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { MAX_QUERY_SCAN_CHARS } from '../../src/search/query-terms.js';
import type { RankerDocument, ToolRanker } from '../../src/search/tool-ranker.js';
import { DATASET_NAMES, loadFixtureDocuments } from './fixture-catalogs.js';

// The real catalog of 17 MCP servers (github, playwright, notion, slack, filesystem, …).
let documents: RankerDocument[];
let ranker: ToolRanker;
const names = (query: string, maxResults = 5) => ranker.rank(query, maxResults).map((match) => match.name);

beforeAll(async () => {
  documents = await loadFixtureDocuments('mcp-catalog');
  ranker = createHybridRanker(documents);
});

describe('createHybridRanker: exact names (C9)', () => {
  it.each(DATASET_NAMES)('ranks every tool of the %s catalog first when queried by its exact name', async (dataset) => {
    const catalog = await loadFixtureDocuments(dataset);
    const datasetRanker = createHybridRanker(catalog);
    const missed = catalog.filter((document) => datasetRanker.rank(document.name, 1)[0]?.name !== document.name);
    expect(missed.map((document) => document.name)).toEqual([]);
  });

  it.each([
    ['BROWSER_SNAPSHOT', 'browser_snapshot'],
    ['  create_issue  ', 'create_issue'],
    ['`create_pull_request`', 'create_pull_request'],
    ['"API-post-search"', 'API-post-search'],
  ])('matches %j case-insensitively, ignoring quotes and spaces', (query, expected) => {
    expect(names(query)[0]).toBe(expected);
  });

  it('puts a compound tool name written inside a sentence at rank 1', () => {
    expect(names('please use list_commits to see what changed on main')[0]).toBe('list_commits');
    expect(names('what does browser_take_screenshot. return?')[0]).toBe('browser_take_screenshot');
  });

  it('follows a named tool with the best other matches, so a limit of 5 still returns 5', () => {
    const ranked = names('create_issue', 5);
    expect(ranked).toHaveLength(5);
    expect(ranked[0]).toBe('create_issue');
    expect(new Set(ranked).size).toBe(5);
  });

  it('prefers the exact spelling when two names differ only in case', () => {
    const twins = createHybridRanker([
      { name: 'Fetch_Page', description: 'one', group: 'a' },
      { name: 'fetch_page', description: 'two', group: 'b' },
    ]);
    expect(twins.rank('fetch_page', 1)[0]!.name).toBe('fetch_page');
    expect(twins.rank('Fetch_Page', 1)[0]!.name).toBe('Fetch_Page');
  });
});

describe('createHybridRanker: select:', () => {
  it('returns exactly the listed tools, in the listed order', () => {
    expect(names('select:browser_click,create_issue, slack_post_message', 10)).toEqual(['browser_click', 'create_issue', 'slack_post_message']);
  });

  it('drops names that are not bound and repeats nothing', () => {
    expect(names('select:no_such_tool,browser_click,BROWSER_CLICK', 10)).toEqual(['browser_click']);
    expect(names('select:', 10)).toEqual([]);
  });

  it('resolves a mistyped entry to the tool whose name words it spells', () => {
    expect(names('select:broswer_clik', 10)).toEqual(['browser_click']);
  });

  it('is cut to maxResults', () => {
    expect(names('select:browser_click,create_issue', 1)).toEqual(['browser_click']);
  });
});

describe('createHybridRanker: typos in names (fuse.js)', () => {
  it.each([
    ['broswer_snapshot', 'browser_snapshot'],
    ['brwser_navigate', 'browser_navigate'],
    ['create_isue', 'create_issue'],
    ['list_comits', 'list_commits'],
    ['slack_post_mesage', 'slack_post_message'],
  ])('finds %j at rank 1', (query, expected) => {
    expect(names(query)[0]).toBe(expected);
  });

  it('keeps a mistyped name word written like an identifier at full weight when typoWeight lowers corrections of prose', () => {
    // at typoWeight 0.25 for every correction, `create` alone decided: create_gist came first
    const lowered = createHybridRanker(documents, { typoWeight: 0.25, bm25: { k: 0.9, b: 0.5, d: 0.5 } });
    expect(lowered.rank('create_isue', 1)[0]!.name).toBe('create_issue');
    expect(lowered.rank('createIsue', 1)[0]!.name).toBe('create_issue');
  });

  it('corrects an identifier-like word inside a longer sentence too', () => {
    expect(names('I need the tool called broswer_snapshot for the current page')).toContain('browser_snapshot');
  });

  it('corrects two neighbouring letters swapped, which fuse.js scores as two edits (serach → search, craete → create)', () => {
    // without it every notion tool ties ("notion" alone) and create_issue is not in the top 5
    expect(names('serach notion for roadmap')[0]).toBe('API-post-search');
    expect(names('craete an issue for the crash')).toContain('create_issue');
    expect(names('lsit_branches')[0]).toBe('list_branches');
  });

  it('in a sentence, corrects a word with two letters swapped at full weight, and then the other unknown words too (serach repos …, lsit isues asigned …)', () => {
    // without it a sentence's unknown words stayed uncorrected: search_repositories was not in the top 6, list_issues not in the top 10
    expect(names('serach repos for mcp servers')).toContain('search_repositories');
    expect(ranker.rank('lsit isues asigned to me in acme/api', 10).map((match) => match.name)).toContain('list_issues');
  });
});

describe('createHybridRanker: descriptive queries over real schemas', () => {
  it.each([
    ['take an accessibility snapshot of the current page', 'browser_snapshot'],
    ['open a new issue in a GitHub repository', 'create_issue'],
    ['post a message to a Slack channel', 'slack_post_message'],
    ['search the web with Brave', 'brave_web_search'],
    ['get the current time in a timezone', 'get_current_time'],
    ['geocode an address to coordinates', 'maps_geocode'],
  ])('finds the right tool in the top 3 for %j', (query, expected) => {
    expect(names(query, 3)).toContain(expected);
  });

  it('indexes parameter names: a query naming a parameter finds its tool', () => {
    const withParameters = createHybridRanker(
      [
        { name: 'run_job', description: 'Start a job.', group: 'ci', parameters: [{ name: 'pipelineId', description: '' }] },
        { name: 'stop_job', description: 'Stop a job.', group: 'ci', parameters: [{ name: 'jobId', description: '' }] },
      ],
      { boosts: { parameterNames: 1 } },
    );
    expect(withParameters.rank('pipeline', 2)[0]!.name).toBe('run_job');
  });

  it('matches a word the catalog has only longer forms of as their prefix, alone or in a sentence (crypto → cryptocurrencies)', () => {
    const market = createHybridRanker(
      [
        { name: 'quote_asset', description: 'Live prices of stocks and cryptocurrencies.', group: 'markets' },
        { name: 'read_news', description: 'Latest headlines of the day.', group: 'news' },
        { name: 'deploy_app', description: 'Deploy an application to a kubernetes cluster.', group: 'ops' },
      ],
      { thesaurus: false },
    );
    expect(market.rank('crypto', 3).map((match) => match.name)).toEqual(['quote_asset']);
    expect(market.rank('what are the current crypto metrics today', 3)[0]?.name).toBe('quote_asset');
    expect(market.rank('roll out my service on kube', 3)[0]?.name).toBe('deploy_app');
    // shorter than minPrefixChars (4): no prefix match
    expect(market.rank('cry', 3)).toEqual([]);
  });

  it('matches a word the catalog lacks as the catalog word it begins with (rentals → renting), and a word that begins with a name word as that name (financial → FinanceTool)', () => {
    const catalog = createHybridRanker(
      [
        { name: 'HouseRentingTool', description: 'Tool that provides all sorts of information about house renting.', group: 'merged' },
        { name: 'FinanceTool', description: 'Quotes and analysis of stocks and bonds.', group: 'merged' },
        { name: 'ledger_export', description: 'Export financial statements to CSV.', group: 'books' },
        { name: 'tax_report', description: 'Summarise financial records and the tax you owe.', group: 'books' },
        { name: 'alarm_clock', description: 'Set the time of an alarm.', group: 'clock' },
        { name: 'reminder', description: 'A timely nudge before a meeting.', group: 'clock' },
      ],
      { thesaurus: false },
    );
    const ranked = (query: string) => catalog.rank(query, 6).map((match) => match.name);
    // no tool says `rental`: its shorter word `rent` (of `renting`, and of the name) matches
    expect(ranked('any rentals near the station?')).toEqual(['HouseRentingTool']);
    // `financial` is a description word; the name `Finance` it begins with matches too, below the exact matches
    expect(ranked('financial')).toEqual(['ledger_export', 'tax_report', 'FinanceTool']);
    // a word the catalog has does not match a shorter description word: `timely` is not `time`
    expect(ranked('timely')).toEqual(['reminder']);
  });

  it('returns nothing for a query unrelated to every tool', () => {
    expect(ranker.rank('zzyzx qwxv', 5)).toEqual([]);
  });
});

describe('createHybridRanker: long and hostile queries (C12)', () => {
  it('answers a 20,000-character query from its first 4,000 characters only', () => {
    const head = 'take an accessibility snapshot of the current page ';
    const query = head + 'lorem ipsum dolor sit amet '.repeat(800);
    expect(query.length).toBeGreaterThan(20_000);
    expect(names(query, 10)).toEqual(names(query.slice(0, MAX_QUERY_SCAN_CHARS), 10));
    expect(names(query)).toContain('browser_snapshot');
  });

  it('ranks a query of thousands of distinct words by its first 64 distinct terms', () => {
    const words = Array.from({ length: 3_000 }, (_, index) => `w${index}x`);
    const query = `snapshot ${words.join(' ')} issue`;
    const bounded = `snapshot ${words.slice(0, 63).join(' ')}`;
    expect(names(query, 10)).toEqual(names(bounded, 10));
  });

  it('treats a 1 MB single word like its first characters', () => {
    expect(() => ranker.rank(`snapshot${'x'.repeat(1_000_000)}`, 5)).not.toThrow();
  });

  it.each(['', '   ', '.*+?^${}()|[]\\', '(((', '[a-', '\u0000\uffff', '🙂 file 🙂', 'select:,,,', '使用必应搜索'])('does not throw for %j', (query) => {
    expect(() => ranker.rank(query, 5)).not.toThrow();
  });

  it('returns [] for maxResults 0', () => {
    expect(ranker.rank('browser_click', 0)).toEqual([]);
  });

  it.each([NaN, undefined, {}])('returns [] for a maxResults of %s from JavaScript, as createFuseRanker does, instead of throwing', (maxResults) => {
    for (const query of ['browser_click', 'click the button', 'select:browser_click']) {
      expect(ranker.rank(query, maxResults as unknown as number)).toEqual([]);
    }
  });
});

describe('createHybridRanker: determinism', () => {
  it('gives the same ranking every time and for documents given in another order', () => {
    const query = 'list files in a directory and read them';
    const first = ranker.rank(query, 20);
    expect(first.length).toBe(20);
    expect(ranker.rank(query, 20)).toEqual(first);
    expect(createHybridRanker([...documents].reverse()).rank(query, 20)).toEqual(first);
  });

  it('breaks equal scores by canonical name', () => {
    const twins = createHybridRanker([
      { name: 'zeta_lookup', description: 'Look up a record.', group: 'other' },
      { name: 'alpha_lookup', description: 'Look up a record.', group: 'other' },
    ]);
    expect(twins.rank('record', 2).map((match) => match.name)).toEqual(['alpha_lookup', 'zeta_lookup']);
  });
});

describe('createHybridRanker and createFuseRanker: a wrong call shape', () => {
  it('documents given as an options object is a typed error, not a ranker that matches nothing', () => {
    const wrong = { documents: [{ name: 'read_file', description: 'Read a file', group: 'fs' }] } as unknown as RankerDocument[];
    expect(() => createHybridRanker(wrong)).toThrow(InvalidOptionError);
    expect(() => createHybridRanker(wrong)).toThrow('createHybridRanker(documents, options)');
    expect(() => createFuseRanker(wrong)).toThrow('createFuseRanker(documents)');
  });
});

describe('createHybridRanker: common tool verbs', () => {
  const catalog: RankerDocument[] = [
    { name: 'delete_forecast', description: 'Deletes a stored forecast.', group: 'weather' },
    { name: 'get_forecast', description: 'Returns the forecast for a city.', group: 'weather' },
  ];

  it('a verb the catalog lacks still finds the tool named with its synonym (retrieve → get), and synonymWeight 0 turns that off', () => {
    expect(createHybridRanker(catalog).rank('retrieve the forecast', 2).map((match) => match.name)).toEqual(['get_forecast', 'delete_forecast']);
    // without synonyms only `forecast` matches, and the tie breaks by name
    expect(createHybridRanker(catalog, { synonymWeight: 0 }).rank('retrieve the forecast', 2).map((match) => match.name)).toEqual(['delete_forecast', 'get_forecast']);
  });
});

describe('createHybridRanker: verbs a name says (verbConflictWeight)', () => {
  const catalog: RankerDocument[] = [
    { name: 'delete_forecast', description: 'Deletes a stored forecast.', group: 'weather' },
    { name: 'get_forecast', description: 'Returns the forecast for a city.', group: 'weather' },
  ];

  it('ranks a tool whose name verb fits none of the query verbs below one whose verb fits (retrieve: get, not delete), and 0 turns that off', () => {
    const rank = (verbConflictWeight: number) => createHybridRanker(catalog, { synonymWeight: 0, verbConflictWeight }).rank('retrieve the forecast', 2).map((match) => match.name);
    expect(rank(0.5)).toEqual(['get_forecast', 'delete_forecast']);
    expect(rank(0)).toEqual(['delete_forecast', 'get_forecast']);
  });
});

describe('createHybridRanker: acronyms of name words', () => {
  it('reads PR and PRs written in capitals as the name words they abbreviate in this catalog (pull request)', () => {
    expect(names('merge the PR')[0]).toBe('merge_pull_request');
    expect(names('list open PRs')).toContain('list_pull_requests');
  });

  it('reads PR the same whether or not earlier searches of the ranker wrote an acronym (they are counted on the first that does)', () => {
    const top = (built: ToolRanker, query: string) => built.rank(query, 5).map((match) => `${match.name} ${match.score.toFixed(6)}`);
    const fresh = createHybridRanker(documents);
    const searched = createHybridRanker(documents);
    // short lower-case words and no two-capital word: no acronym is read
    expect(top(searched, 'get the pr list')).toEqual(top(fresh, 'get the pr list'));
    expect(top(searched, 'merge the PR')).toEqual(top(createHybridRanker(documents), 'merge the PR'));
    expect(top(searched, 'merge the PR')[0]).toMatch(/^merge_pull_request /);
    // `DA` (dependabot alert, a pair of name words) is an acronym only in capitals (lower-case
    // `pr` now means pull request anyway, through TOOL_WORD_MEANINGS): the scores differ
    expect(top(searched, 'list the DA')).toEqual(top(createHybridRanker(documents), 'list the DA'));
    expect(top(fresh, 'list the da')).not.toEqual(top(searched, 'list the DA'));
  });

  it('reads an acronym the descriptions write themselves (AI) as that word, not as the name words it is the initials of (add_issue_…)', () => {
    const catalog: RankerDocument[] = [
      { name: 'add_issue_comment', description: 'Add a comment to an issue.', group: 'tracker' },
      { name: 'add_issue_label', description: 'Add a label to an issue.', group: 'tracker' },
      { name: 'add_issue_assignee', description: 'Add an assignee to an issue.', group: 'tracker' },
      { name: 'web_search', description: 'Search the web for news, articles and recent events, e.g. about AI.', group: 'web' },
    ];
    const top = (query: string) => createHybridRanker(catalog).rank(query, 1)[0]?.name;
    expect(top('what is new in AI')).toBe('web_search');
    // a catalog whose descriptions never write AI keeps reading it as add + issue
    const plain = catalog.map((document) => (document.name === 'web_search' ? { ...document, description: 'Search the web for news and articles.' } : document));
    expect(createHybridRanker(plain).rank('AI for the login bug', 1)[0]?.name).toMatch(/^add_issue_/);
  });
});


describe('createHybridRanker: a synonym the names use, of a word no name uses', () => {
  const catalog: RankerDocument[] = [
    { name: 'create_directory', description: 'Create a new directory, nested ones included.', group: 'files' },
    { name: 'list_directory', description: 'List the entries of a directory.', group: 'files' },
    { name: 'projects_write', description: 'Add or update the items of a project board.', group: 'planning' },
    { name: 'projects_list', description: 'List the project boards of an organization.', group: 'planning' },
  ];

  it('ranks the tool named by the synonyms (create_directory) above one named by another word of the query (project), its synonyms weighed 1.25 times', () => {
    const top = (query: string) => createHybridRanker(catalog).rank(query, 2).map((match) => match.name);
    // `make` and `folder` are in no name; `create` and `directory` are
    expect(top('make a folder in the project')).toEqual(['create_directory', 'projects_write']);
    // synonyms off: only the written words count, and `project` wins
    expect(createHybridRanker(catalog, { synonymWeight: 0 }).rank('make a folder in the project', 1)[0]?.name).toMatch(/^projects_/);
  });
});

describe('createHybridRanker: MCP tool names, titles and wording (the 17-server catalog)', () => {
  it('reads GitHub written with a capital inside as the github server, not as git + hub', () => {
    const top = names('the GitHub teams I am on');
    expect(top[0]).toBe('get_teams');
    expect(top.filter((name) => name.startsWith('git_'))).toEqual([]);
    expect(names('the GitHub teams I am on')).toEqual(names('the github teams I am on'));
  });

  it('indexes the MCP title: "open new pull request" is create_pull_request\'s title, not its description', () => {
    expect(names('open new pull request')[0]).toBe('create_pull_request');
  });

  it('indexes the values of an enum parameter: pull_request_read\'s method get_reviews', () => {
    // without them pull_request_review_write (a review's write operations) comes first
    expect(names('get the reviews on pull request 12')[0]).toBe('pull_request_read');
  });

  it('stems cookies like the name word cookie: "delete the cookies" is browser_cookie_delete, not clear', () => {
    expect(names('delete the cookies')[0]).toBe('browser_cookie_delete');
  });

  it('takes abort for kill and inbox for notifications, and drops the s of what\'s', () => {
    expect(names('abort the stuck process')[0]).toBe('kill_process');
    expect(names("what's in my inbox", 3).every((name) => name.includes('notification'))).toBe(true);
  });

  it('reads a #channel as a channel and a file name as a file, though the query says neither word', () => {
    // without them brave_web_search comes first ("say", "general"), and the config tools ("config")
    expect(names('what did people say in #general today')[0]).toBe('slack_get_channel_history');
    expect(names('in utils.js change the timeout from 30 to 60', 2)).toContain('edit_file');
  });

  it('reads an issue key as an issue: "comment on ENG-42" is a Linear comment, not only GitHub\'s', () => {
    expect(names('comment on ENG-42 that QA passed')).toContain('linear_add_comment');
  });

  it("ranks by what a request asks, not by the text it quotes: 'Priority' is a column's name here, not Linear's priority", () => {
    const top = names("rename the 'Priority' column in my notion table");
    expect(top).toContain('API-update-a-data-source');
    expect(top).not.toContain('linear_update_issue');
  });

  it('keeps a quoted single word that names tools: tools for "slack" are the Slack tools, and quoting the name of a tool finds it', () => {
    expect(names('tools for "slack"').every((name) => name.startsWith('slack_'))).toBe(true);
    expect(names("call 'browser_snapshot' please")[0]).toBe('browser_snapshot');
  });

  it('reads a phrase as the word tools use for it: sea level is elevation, throw away is delete', () => {
    expect(names('how high above sea level is Denver')[0]).toBe('maps_elevation');
    expect(names('throw away the review I started but never sent')[0]).toBe('delete_pending_pull_request_review');
    // "forget that …" is about memory: the memory server's tools, not sequential thinking's
    expect(names('forget that Bob likes tea')[0]).toBe('delete_observations');
  });

  it('takes hit for press, child for sub and online for web', () => {
    expect(names('hit enter', 3)).toContain('browser_press_key');
    expect(names('make 102 a child issue of 100', 3)).toEqual(expect.arrayContaining(['add_sub_issue', 'sub_issue_write']));
    expect(names('look up the latest Node.js release online', 3)).toContain('brave_web_search');
  });
});

describe('createHybridRanker: MCP client names (mcp__<server>__<tool>)', () => {
  const catalog: RankerDocument[] = [
    { name: 'mcp__github__create_issue', description: '', group: 'github' },
    { name: 'create_issue_label', description: '', group: 'local' },
  ];

  it('ranks a tool by its own name words: the mcp__server__ prefix does not dilute them', () => {
    expect(createHybridRanker(catalog).rank('create issue', 2).map((match) => match.name)).toEqual(['mcp__github__create_issue', 'create_issue_label']);
    // the server still counts, as the group
    expect(createHybridRanker(catalog).rank('github', 1).map((match) => match.name)).toEqual(['mcp__github__create_issue']);
    expect(createHybridRanker(catalog).rank('mcp__github__create_issue', 1)[0]!.name).toBe('mcp__github__create_issue');
  });

  it('resolves a mistyped select: entry by every word of the name, prefix included', () => {
    const twoServers: RankerDocument[] = [...catalog, { name: 'mcp__gitlab__create_issue', description: '', group: 'gitlab' }];
    expect(createHybridRanker(twoServers).rank('select:mcp__githb__create_isue', 5).map((match) => match.name)).toEqual(['mcp__github__create_issue']);
    // the rest alone spells neither full name: no tool is guessed
    expect(createHybridRanker(twoServers).rank('select:create_isue', 5)).toEqual([]);
  });

  it('reads a mistyped select: entry\'s words as many times as written: a repeated word is not the name\'s other word', () => {
    const documents: RankerDocument[] = [
      { name: 'ui__constructor', description: 'a tool', group: 'ui' },
      { name: 'slack_send', description: 'a tool', group: 'slack' },
    ];
    const ranker = createHybridRanker(documents);
    // before: each loaded the two-word tool whose words it used (`constructor` twice for ui and constructor)
    expect(ranker.rank('select:constructor_constructor', 5)).toEqual([]);
    expect(ranker.rank('select:send_send', 5)).toEqual([]);
    expect(ranker.rank('select:send_slakc', 5).map((match) => match.name)).toEqual(['slack_send']);
  });
});
