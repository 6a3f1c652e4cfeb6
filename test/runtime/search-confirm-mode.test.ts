import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import type { TurnStreamPart } from '../../src/runtime/turn-stream-part.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { sampleTools, type ExecutionLog } from '../helpers/sample-tools.js';

// C24's confirmation boundary: search.mode 'confirm' lists candidates and loads nothing; select: loads.
describe("search.mode 'confirm'", () => {
  it('a search activates nothing and lists names with one-line descriptions; select: on the next step activates, and the tool is callable on the step after', async () => {
    const log: ExecutionLog = [];
    const { tools, groups } = sampleTools(log);
    const runtime = createToolSearchRuntime({ tools, groups, search: { mode: 'confirm' } });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'create a github issue', limit: 2 } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'select:github_create_issue' } }] },
        { toolCalls: [{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'bug' } }] },
        { text: 'Filed #42.' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'File an issue in a/b' });
    const parts: TurnStreamPart[] = [];
    for await (const part of turn.stream) parts.push(part);
    const result = await turn.result;

    const outputs = parts.flatMap((part) => (part.type === 'tool-result' && part.toolName === 'tool_search' ? [part.output] : []));
    expect(outputs[0]).toEqual({
      activated: [],
      candidates: [
        { name: 'github_create_issue', description: 'Create a new issue in a GitHub repository.' },
        { name: 'github_list_pull_requests', description: 'List pull requests of a GitHub repository.' },
      ],
      reason: 'Nothing was loaded: these are candidates. Call tool_search with select:NAME,NAME for the ones you need; they are callable on the step after that.',
    });
    expect(outputs[1]).toEqual({ activated: ['github_create_issue'] });

    // the candidate search activated nothing: step 1 sees what step 0 saw
    expect(scripted.requests[0]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
    expect(scripted.requests[1]!.toolNames).toEqual(['Bash', 'Read', 'tool_search']);
    expect(scripted.requests[2]!.toolNames).toEqual(['Bash', 'Read', 'tool_search', 'github_create_issue']);
    expect(parts.flatMap((part) => (part.type === 'activation' ? [part.names] : []))).toEqual([['github_create_issue']]);

    const searches = parts.flatMap((part) => (part.type === 'search' ? [part] : []));
    expect(searches[0]).toMatchObject({ activated: [], candidates: ['github_create_issue', 'github_list_pull_requests'], schemaCharsActivated: 0 });
    expect(searches[1]).toMatchObject({ activated: ['github_create_issue'] });
    expect(searches[1]!.candidates).toBeUndefined();
    expect(searches[1]!.schemaCharsActivated).toBe(runtime.catalog.get('github_create_issue')!.schemaChars);

    expect(log).toEqual([{ toolName: 'github_create_issue', input: { repo: 'a/b', title: 'bug' } }]);
    expect(result).toMatchObject({ status: 'completed', text: 'Filed #42.', activated: ['github_create_issue'] });
  });

  it("the search.end record names the candidates, as the stream's search part does", async () => {
    const records: TelemetryRecord[] = [];
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, search: { mode: 'confirm' }, telemetry: callbackSink((record) => void records.push(record)) });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'create a github issue', limit: 2 } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'select:github_create_issue' } }] },
        { text: 'done' },
      ],
    });
    await runtime.send({ model: scripted.model, prompt: 'File an issue in a/b' }).result;
    const searches = records.flatMap((record) => (record.type === 'search.end' ? [record] : []));
    // before: the record had activated [] and no candidates, so a trace of a confirm-mode turn
    // could not tell a search that offered tools from one that found none
    expect(searches[0]).toMatchObject({ query: 'create a github issue', activated: [], candidates: ['github_create_issue', 'github_list_pull_requests'], schemaCharsActivated: 0 });
    expect(searches[1]).toMatchObject({ query: 'select:github_create_issue', activated: ['github_create_issue'] });
    expect(searches[1]!.candidates).toBeUndefined();
  });

  it('an already-callable match is returned as activated, not offered again; a search that matches nothing says so', async () => {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, search: { mode: 'confirm' } });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'select:browser_click' } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'click in the browser page', limit: 2 } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'zzqx' } }] },
        { text: 'done' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'click' });
    const parts: TurnStreamPart[] = [];
    for await (const part of turn.stream) parts.push(part);
    await turn.result;
    const outputs = parts.flatMap((part) => (part.type === 'tool-result' && part.toolName === 'tool_search' ? [part.output as { activated: string[]; candidates?: { name: string }[]; reason?: string }] : []));
    expect(outputs[0]).toEqual({ activated: ['browser_click'] });
    expect(outputs[1]!.activated).toEqual(['browser_click']);
    expect(outputs[1]!.candidates!.map((candidate) => candidate.name)).toEqual(['browser_snapshot']);
    expect(outputs[2]).toEqual({ activated: [], candidates: [], reason: 'No deferred tool matched "zzqx"; try other words or a name from the inventory.' });
  });
});

describe("search.mode 'confirm': the reason fits a search that loaded nothing", () => {
  // Before: the floor's sentence said "search with other words, or select: a name, to load more"
  // and the budget's "search again to load it", after candidates of which none was loaded.
  async function outputOf(search: Record<string, unknown>, query: string) {
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, groups, search });
    const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
    const result = await runtime.send({ model: scripted.model, prompt: 'go' }).result;
    return result.steps[0]!.toolResults[0]!.output as { activated: string[]; candidates?: { name: string }[]; reason?: string };
  }

  it('the relevance floor stops the candidates, and the reason says so after saying nothing was loaded', async () => {
    const output = await outputOf({ mode: 'confirm' }, 'create a github issue');
    expect(output.activated).toEqual([]);
    expect(output.candidates!.map((candidate) => candidate.name)).toEqual(['github_create_issue']);
    expect(output.reason).toBe(
      'Nothing was loaded: these are candidates. Call tool_search with select:NAME,NAME for the ones you need; they are callable on the step after that. ' +
        'Candidates stop before github_list_pull_requests: it scores below 62% of the best match (relevance floor); search with other words for other candidates, or select: a name to load it.',
    );
    expect(output.reason).not.toContain('to load more');
  });

  it('the schema budget stops the candidates at what one select: could load', async () => {
    const output = await outputOf({ mode: 'confirm', maxSchemaChars: 400 }, 'github');
    expect(output.candidates!.map((candidate) => candidate.name)).toEqual(['github_create_issue']);
    expect(output.reason).toContain('Candidates stop before github_list_pull_requests: with it they would pass the 400-character schema budget of one select:; select: the ones you need, or search again for more.');
    expect(output.reason).not.toContain('search again to load it');
  });

  it('in load mode the same searches keep their loading sentences', async () => {
    expect((await outputOf({}, 'create a github issue')).reason).toBe(
      'Stopped before github_list_pull_requests: it scores below 62% of the best match (relevance floor); search with other words, or select: a name, to load more.',
    );
    expect((await outputOf({ maxSchemaChars: 400 }, 'github')).reason).toBe("Stopped before github_list_pull_requests: this search's 400-character schema budget is spent; search again to load it.");
  });
});
