import { describe, expect, it } from 'vitest';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import { fixtureRankerNames } from './fixture-catalogs.js';

// How the words of real requests meet the words of real MCP tools: the stemmer
// (tokenize-text.ts), the verb and noun groups and phrases (tool-verb-synonyms.ts) and the query's
// shapes (query-terms.ts, query-shape-terms.ts), over the catalog of 17 MCP servers.
const names = fixtureRankerNames('mcp-catalog');

describe('stemming: words that only look inflected', () => {
  it('reads news as news, not as the new of "create a new …": web search, not the create tools', () => {
    expect(names('news')[0]).toBe('brave_web_search');
  });

  it('meets the British doubled l (cancelling in a description) with the word a request writes (cancel)', () => {
    const documents: RankerDocument[] = [
      { name: 'list_jobs', description: 'Lists the jobs of a runner.', group: 'ci' },
      { name: 'stop_job', description: 'Stops a job, cancelling its steps.', group: 'ci' },
    ];
    // synonyms and prefix matching off: only the stem joins cancel and cancelling (stop would find
    // stop_job by its name, and cancel is a prefix of the old stem cancell)
    const ranked = createHybridRanker(documents, { synonymWeight: 0, minPrefixChars: 0, thesaurus: false }).rank('cancel the job', 2);
    expect(ranked.map((match) => match.name)).toEqual(['stop_job', 'list_jobs']);
  });
});

describe('verb and noun groups: the everyday word for the tool word', () => {
  it('takes shut for close, unlink for remove and people for collaborators', () => {
    expect(names('shut the browser page')[0]).toBe('browser_close');
    expect(names('unlink sub-issue 7 from its epic')[0]).toBe('remove_sub_issue');
    expect(names('which people have access to the repo')).toContain('list_repository_collaborators');
  });
});

describe('phrases and paths of a request', () => {
  it('reads file a bug as creating an issue, not as the file tools', () => {
    const top = names('file a bug', 3);
    expect(top).toContain('create_issue');
    expect(top.filter((name) => name.includes('file'))).toEqual([]);
  });

  it('reads open issues as issues in the open state (a list), show all as a list, reply on as a comment and draw a box around as highlight', () => {
    expect(names('open issues tagged flaky in acme/api', 2)).toContain('list_issues');
    expect(names('show all cookies')[0]).toBe('browser_cookie_list');
    expect(names('reply on issue 9 that the fix shipped')).toContain('add_issue_comment');
    expect(names('draw a box around the search field')).toContain('browser_highlight');
  });

  it('reads "what do you know about" as a search of the memory', () => {
    expect(names('what do you know about my landlord')[0]).toBe('search_nodes');
  });

  it('reads a folder path as a directory: ~/Pictures is listed, not read as a file', () => {
    expect(['directory_tree', 'filesystem__list_directory', 'desktop-commander__list_directory', 'list_directory_with_sizes']).toContain(names('show what is inside ~/Pictures')[0]);
  });
});

describe('single words that stand for tool words: abbreviations, shell commands, printed', () => {
  it('reads mkdir, ls and mv as the directory and move tools', () => {
    expect(names('mkdir build', 2).every((name) => name.endsWith('create_directory'))).toBe(true);
    expect(names('ls ~/src', 2).every((name) => name.endsWith('list_directory'))).toBe(true);
    expect(names('mv a.txt b.txt', 2).every((name) => name.endsWith('move_file'))).toBe(true);
  });

  it('reads a lower-case pr as a pull request and lgtm as an approval', () => {
    expect(names('list my prs in acme/api')[0]).toBe('list_pull_requests');
    expect(names('lgtm, ship it', 3)).toContain('create_pull_request_review');
  });

  it('reads mouseover as hover and what a process printed as its output', () => {
    expect(names('the submenu opens on mouseover', 2)).toEqual(['browser_hover', 'puppeteer_hover']);
    expect(names('what has the build printed so far')).toContain('read_process_output');
  });

  it('reads whether a page mentions something, or has it anywhere, as a find', () => {
    expect(names('does the pricing page mention a free tier')[0]).toBe('browser_find');
    expect(names("is 'sold out' anywhere on this page", 2)).toContain('browser_find');
  });

  it('reads an installer as a running process: its question is answered by sending the process input', () => {
    // without it the installer's question met the feedback and notification tools first (interact_with_process 7th)
    expect(names("the installer asks a question, send it 'y'", 2)).toContain('interact_with_process');
    expect(names('the installer is stuck on a question').filter((name) => name.includes('process')).length).toBeGreaterThanOrEqual(3);
  });

  it('reads the rows of a table as an SQL query', () => {
    expect(names('average the price over all rows of products')[0]).toBe('query');
    expect(names('rows in invoices where paid is false')[0]).toBe('query');
  });
});

describe('set phrases of MCP requests', () => {
  it('reads an api key as a secret, write access as collaborators and a working copy as the working tree', () => {
    expect(names('an api key was committed to acme/api, did github flag it', 2)).toEqual(['list_secret_scanning_alerts', 'get_secret_scanning_alert']);
    expect(names('who has write access to acme/api')[0]).toBe('list_repository_collaborators');
    expect(names('anything changed in my working copy')[0]).toBe('git_status');
  });

  it('reads laid out as a tree, how high as elevation and what you know about as a memory search', () => {
    expect(names('how is the octo/site repo laid out')[0]).toBe('get_repository_tree');
    expect(names('how high is Mont Blanc')[0]).toBe('maps_elevation');
    expect(names('tell me what you know about Bob')[0]).toBe('search_nodes');
  });

  it('reads a change going to, into or against main or master as a pull request', () => {
    expect(names('get feat/dark-mode into main', 3)).toContain('create_pull_request');
    expect(names('propose bugfix/auth to master', 3).every((name) => name.includes('pull_request'))).toBe(true);
  });

  it('reads the same bug, the same problem or reported before as a duplicate', () => {
    expect(names('is issue 88 the same bug as an older one')[0]).toBe('find_duplicate');
  });

  it('reads who works at, works for or reports to whom as a relation between two entities', () => {
    expect(names('Bob works for Initech now, save that')[0]).toBe('create_relations');
    expect(names('Dana reports to Eve', 2)).toEqual(['create_relations', 'delete_relations']);
  });

  it('reads answering yes or no as sending input to a prompt: the running process gets it', () => {
    // without it answer met the comment and reply tools (interact_with_process not in the top 5)
    expect(names('answer yes to the question the installer is asking')).toContain('interact_with_process');
    expect(names('answer no to the prompt', 2)).toContain('interact_with_process');
  });

  it('reads stop mocking, faking or stubbing requests as removing the mocked route, not as stopping a recording', () => {
    // without it stop met browser_stop_tracing and browser_stop_video first (browser_unroute not in the top 5)
    expect(names('stop mocking the api endpoints', 2)).toEqual(['browser_route', 'browser_unroute']);
    expect(names('stop faking the /login response', 2)).toContain('browser_unroute');
  });

  it('reads what a page logged and its js errors as the browser console, not a git or job log', () => {
    // without it log met git_log and get_job_logs first
    expect(names('did the page log any errors?')[0]).toBe('browser_console_messages');
    expect(names('any js errors on the checkout page')[0]).toBe('browser_console_messages');
  });

  it('reads a local repo or local branch as git, not as the browser\'s localStorage', () => {
    expect(names('list local branches', 2)).toEqual(['git_branch', 'list_branches']);
    const top = names('show the log of my local repository');
    expect(top[0]).toBe('git_log');
    expect(top.filter((name) => name.includes('localstorage'))).toEqual([]);
  });
});

describe('the shapes of what a request writes', () => {
  it('reads two sizes written width by height as a window size: the browser is resized', () => {
    expect(names('make the browser 1024x768')[0]).toBe('browser_resize');
    expect(names('shrink the page to 390 by 844 to check the mobile layout')[0]).toBe('browser_resize');
  });
});

describe('problems stated instead of the action', () => {
  it('reads what an issue is waiting on, or why it cannot start, as its blocking dependencies', () => {
    expect(names("why can't we start on 88, what is it waiting on")[0]).toBe('issue_dependency_read');
  });

  it('reads a pull request that conflicts with main as one to bring up to date with its base', () => {
    expect(names("my PR can't merge because of conflicts with main")).toContain('update_pull_request_branch');
  });

  it('reads pull requests that are open as a list by state', () => {
    expect(names('what PRs are open right now against main')).toContain('list_pull_requests');
  });
});

describe('where a thing is and what it holds', () => {
  // search_code is in two groups, so its ids are github__search_code and desktop-commander__search_code
  const plain = (name: string) => name.replace(/^[a-z-]+__/, '');

  it('reads where something is in my code as a code search', () => {
    expect(names('where in my code do we call fetchUser').map(plain)).toContain('search_code');
  });

  it('reads what is stored in your memory as reading the whole memory', () => {
    expect(names('whats stored in your memory')[0]).toBe('read_graph');
  });

  it('reads a local project as the local files, not a project board', () => {
    const top = names('grep the local project for TODO comments').map(plain);
    expect(top).toContain('search_code');
    expect(top.filter((name) => name.startsWith('projects_'))).toEqual([]);
  });
});

describe('what a project ships, and a web page to read', () => {
  it('reads what a project shipped as its releases', () => {
    expect(names('did prettier ship something new? show their most recent version')).toContain('get_latest_release');
  });

  it('reads reading a web page as fetching its URL', () => {
    expect(names('read this web page for me')[0]).toBe('fetch');
  });
});

describe('concept bridges: what a user says for what tools are named', () => {
  it('reads vulnerabilities as dependabot and security alerts, and leaked or exposed credentials as secret scanning', () => {
    // without them dependencies met the issue dependency tools and credentials nothing (list_dependabot_alerts unranked)
    expect(names('are any of our packages vulnerable', 3)).toContain('list_dependabot_alerts');
    expect(names('did we leave exposed credentials in the repo', 3)).toContain('list_secret_scanning_alerts');
  });

  it('reads XHR as network requests and errors a page threw as its console', () => {
    expect(names('show every xhr the page made')[0]).toBe('browser_network_requests');
    expect(names('the form threw an error on submit, check it', 3)).toContain('browser_console_messages');
  });

  it('reads favourites as stars, a clock as the time and reparent as a move', () => {
    expect(names('list my favourite repos')[0]).toBe('list_starred_repositories');
    expect(names('the clock in Lagos')).toContain('get_current_time');
    expect(names('reparent the onboarding page under HR in notion')[0]).toBe('API-move-page');
  });

  it('reads a README as a file to read, a schema as the database and undo as reset or revert', () => {
    expect(names('show me the README of vercel/next', 3)).toContain('get_file_contents');
    expect(names('the schema of the tasks notion database', 3)).toContain('API-retrieve-a-database');
    expect(names('undo git add on app.ts', 2)).toContain('git_reset');
  });

  it('reads opening hours, a phone number, a rating and being open on a day as a place’s details', () => {
    // without them details met every get-details tool (maps_place_details below the 5th)
    expect(names('opening hours of the bakery on Elm street', 2)).toContain('maps_place_details');
    expect(names('is the museum open on sunday', 3)).toContain('maps_place_details');
    expect(names('rating of the hotel near the station', 3)).toContain('maps_place_details');
  });

  it('reads a newer or latest version as the latest release, looks good to me as an approval and CI as the workflow runs', () => {
    expect(names('is a newer version of zod out', 2)).toContain('get_latest_release');
    expect(names('looks good to me, approve PR 12', 3)).toContain('create_pull_request_review');
    expect(names('ci is failing on main', 3)).toContain('actions_list');
  });

  it('reads a selector as a locator for a test', () => {
    // without it selector met puppeteer_select only (browser_generate_locator below the 8th)
    expect(names('a stable selector for the signup link', 2)).toContain('browser_generate_locator');
  });
});
