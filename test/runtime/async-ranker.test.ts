import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmbeddingCache, createSemanticRanker, createToolSearchRuntime, type RankerOption, type TurnStreamPart } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createConceptEmbeddingModel } from '../helpers/concept-embedding.js';
import { collect, type ExecutionLog } from '../helpers/sample-tools.js';

/** Read (direct, C5) and five deferred tools; each `execute` records its call in `log`. */
function catalogTools(log: ExecutionLog = []): ToolSet {
  const recorded = (name: string, description: string) =>
    tool({
      description,
      inputSchema: z.object({ target: z.string().optional() }),
      execute: async (input) => {
        log.push({ toolName: name, input });
        return `${name} done`;
      },
    });
  return {
    Read: recorded('Read', 'Read a file from the local filesystem.'),
    browser_take_screenshot: recorded('browser_take_screenshot', 'Take a screenshot of the current page.'),
    browser_navigate: recorded('browser_navigate', 'Navigate to a URL.'),
    send_email: recorded('send_email', 'Send an email message.'),
    create_issue: recorded('create_issue', 'Open a new bug report in a repository.'),
    write_file: recorded('write_file', 'Write a file to disk.'),
  };
}

const DEFERRED_TOOLS = 5;

/** The `ranker` option of the README: semantic ranking with `model`, over a fresh cache. */
function semanticOption(model: Parameters<typeof createSemanticRanker>[0]['model']): RankerOption {
  const cache = createEmbeddingCache();
  return (documents) => createSemanticRanker({ documents, model, cache });
}

/** The calls that embedded the catalog, as opposed to one query each. */
function catalogCalls(model: ReturnType<typeof createConceptEmbeddingModel>) {
  return model.doEmbedCalls.filter((call) => call.values.length === DEFERRED_TOOLS);
}

describe('options.ranker: an asynchronous ranker (semantic ranking)', () => {
  it('a semantic search activates a tool whose description shares no word with the query, callable next step', async () => {
    const log: ExecutionLog = [];
    const embeddings = createConceptEmbeddingModel();
    const runtime = createToolSearchRuntime({ tools: catalogTools(log), ranker: semanticOption(embeddings) });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'grab a photo', limit: 1 } }] },
        { toolCalls: [{ toolName: 'browser_take_screenshot', input: {} }] },
        { text: 'done' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'show me the page' });
    const parts = await collect(turn.stream);
    const result = await turn.result;

    expect(result.status).toBe('completed');
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ outcome: 'ok', output: { activated: ['browser_take_screenshot'] } });
    expect(scripted.requests[0]!.toolNames).toEqual(['Read', 'tool_search']);
    expect(scripted.requests[1]!.toolNames).toEqual(['Read', 'tool_search', 'browser_take_screenshot']);
    expect(log).toEqual([{ toolName: 'browser_take_screenshot', input: {} }]);
    const search = parts.find((part) => part.type === 'search');
    expect(search).toMatchObject({ query: 'grab a photo', activated: ['browser_take_screenshot'] });
    expect(runtime.ranker.name).toBe('hybrid+semantic');
    // the query went to `embed` as typed; the catalog to `embedMany` once
    expect(embeddings.doEmbedCalls.map((call) => call.values)).toContainEqual(['grab a photo']);
    expect(catalogCalls(embeddings)).toHaveLength(1);
  });

  it('parallel async searches in one step see each other: a tool is activated once, each search within its own limit (C10, C15)', async () => {
    // the first search's query embedding answers only after the second search has activated
    let releaseFirst!: () => void;
    const firstMayAnswer = new Promise<void>((resolve) => (releaseFirst = resolve));
    const embeddings = createConceptEmbeddingModel({
      before: async ({ values }) => {
        if (values[0] === 'a picture of the web page') await firstMayAnswer;
      },
    });
    const runtime = createToolSearchRuntime({ tools: catalogTools(), ranker: semanticOption(embeddings) });
    const scripted = createScriptedModel({
      steps: [
        {
          toolCalls: [
            { toolName: 'tool_search', input: { query: 'a picture of the web page', limit: 1 } },
            { toolName: 'tool_search', input: { query: 'a photo of the website', limit: 1 } },
          ],
        },
        { text: 'done' },
      ],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'look at the page' });
    const parts: TurnStreamPart[] = [];
    for await (const part of turn.stream) {
      parts.push(part);
      if (part.type === 'search') releaseFirst();
    }
    const result = await turn.result;

    const searches = parts.flatMap((part) => (part.type === 'search' ? [part] : []));
    // the second search finished first and took the best match; the first, ranking the same
    // tools, read that as pending after its await and activated the next one
    expect(searches.map((search) => [search.query, search.activated])).toEqual([
      ['a photo of the website', ['browser_take_screenshot']],
      ['a picture of the web page', ['browser_take_screenshot', 'browser_navigate']],
    ]);
    expect(parts.flatMap((part) => (part.type === 'activation' ? [part.names] : []))).toEqual([['browser_take_screenshot'], ['browser_navigate']]);
    expect(result.activated).toEqual(['browser_take_screenshot', 'browser_navigate']);
    expect(scripted.requests[1]!.toolNames).toEqual(['Read', 'tool_search', 'browser_take_screenshot', 'browser_navigate']);
    // neither search was visible in its own step (C13)
    expect(scripted.requests[0]!.toolNames).toEqual(['Read', 'tool_search']);
  });

  it('a failing embedding model makes that search a tool error the model reads; nothing activates and the turn goes on (C12)', async () => {
    const embeddings = createConceptEmbeddingModel({
      before: ({ values }) => {
        if (values.length === 1) throw new Error('embedding quota exceeded');
      },
    });
    const runtime = createToolSearchRuntime({ tools: catalogTools(), ranker: semanticOption(embeddings) });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'grab a photo' } }] }, { text: 'no tools then' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'show me the page' }).result;

    expect(result.status).toBe('completed');
    expect(result.text).toBe('no tools then');
    expect(result.activated).toEqual([]);
    const search = result.steps[0]!.toolResults[0]!;
    expect(search.outcome).toBe('error');
    expect(search.output).toBe('tool_search could not rank "grab a photo": embedding quota exceeded. Nothing was activated; you may search again.');
    expect(JSON.stringify(scripted.requests[1]!.prompt)).toContain('embedding quota exceeded');
    expect(scripted.requests[1]!.toolNames).toEqual(['Read', 'tool_search']);
  });

  it('a catalog that cannot be embedded is a clear tool error, not a crash; a later search embeds it again', async () => {
    let serviceDown = true;
    let catalogEmbedded = 0;
    const embeddings = createConceptEmbeddingModel({
      before: ({ values }) => {
        if (values.length !== DEFERRED_TOOLS) return;
        if (serviceDown) throw new Error('503 Service Unavailable');
        catalogEmbedded += 1;
      },
    });
    // the first attempt starts here, with no turn waiting for it: its failure must not be an unhandled rejection
    const runtime = createToolSearchRuntime({ tools: catalogTools(), ranker: semanticOption(embeddings) });
    expect(runtime.ranker.name).toBe('pending');
    const search = { toolCalls: [{ toolName: 'tool_search', input: { query: 'grab a photo', limit: 1 } }] };

    const first = await runtime.send({ model: createScriptedModel({ steps: [search, { text: 'later' }] }).model, prompt: 'a' }).result;
    expect(first.status).toBe('completed');
    expect(first.activated).toEqual([]);
    expect(first.steps[0]!.toolResults[0]).toMatchObject({
      outcome: 'error',
      output:
        'tool_search could not rank "grab a photo": Embedding 5 tool descriptions with mock-provider:concepts failed: ' +
        '503 Service Unavailable. Nothing was activated; you may search again.',
    });

    serviceDown = false;
    const second = await runtime.send({ model: createScriptedModel({ steps: [search, { text: 'ok' }] }).model, prompt: 'b' }).result;
    expect(second.activated).toEqual(['browser_take_screenshot']);
    const third = await runtime.send({ model: createScriptedModel({ steps: [search, { text: 'ok' }] }).model, prompt: 'c' }).result;
    expect(third.activated).toEqual(['browser_take_screenshot']);
    expect(catalogEmbedded).toBe(1);
    expect(runtime.ranker.name).toBe('hybrid+semantic');
  });

  it('cancelling the turn while the query is embedded aborts the embedding call, and nothing activates (C17)', async () => {
    let embedSignal: AbortSignal | undefined;
    let cancelTurn!: () => void;
    const embeddings = createConceptEmbeddingModel({
      before: ({ values, abortSignal }) => {
        if (values.length !== 1) return;
        embedSignal = abortSignal;
        cancelTurn();
        // an embedding service that answers only when aborted
        return new Promise<void>((_resolve, reject) => abortSignal?.addEventListener('abort', () => reject(abortSignal.reason), { once: true }));
      },
    });
    const runtime = createToolSearchRuntime({ tools: catalogTools(), ranker: semanticOption(embeddings) });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'grab a photo' } }] }, { text: 'never asked' }],
    });
    const turn = runtime.send({ model: scripted.model, prompt: 'show me the page' });
    cancelTurn = () => turn.cancel('user pressed stop');
    const parts = await collect(turn.stream);
    const result = await turn.result;

    expect(result.status).toBe('cancelled');
    expect(result.activated).toEqual([]);
    expect(embedSignal?.aborted).toBe(true);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({ toolName: 'tool_search', outcome: 'cancelled' });
    expect(parts.filter((part) => part.type === 'activation' || part.type === 'search')).toEqual([]);
    expect(scripted.requests).toHaveLength(1);
  });

  it('a ranking slower than the tool_search timeout is stopped: a tool error, nothing activates, the turn goes on', async () => {
    const neverAnswers: RankerOption = () => ({ name: 'stuck', rank: () => new Promise(() => undefined) });
    const runtime = createToolSearchRuntime({ tools: catalogTools(), ranker: neverAnswers, timeout: { perToolMs: { tool_search: 30 } } });
    const scripted = createScriptedModel({
      steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'grab a photo' } }] }, { text: 'gave up' }],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'show me the page' }).result;

    expect(result.status).toBe('completed');
    expect(result.activated).toEqual([]);
    expect(result.steps[0]!.toolResults[0]).toMatchObject({
      outcome: 'error',
      timedOut: true,
      output: 'tool_search timed out after 30 ms while ranking and was stopped; nothing was activated. You may search again.',
    });
  });

  it('the catalog is embedded once per runtime, however many turns search', async () => {
    const embeddings = createConceptEmbeddingModel();
    const runtime = createToolSearchRuntime({ tools: catalogTools(), ranker: semanticOption(embeddings) });
    const queries = ['grab a photo', 'mail the team', 'raise a ticket'];
    const activated: string[][] = [];
    for (const query of queries) {
      const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query, limit: 1 } }] }, { text: 'ok' }] });
      activated.push([...(await runtime.send({ model: scripted.model, prompt: query }).result).activated]);
    }

    expect(activated).toEqual([['browser_take_screenshot'], ['send_email'], ['create_issue']]);
    expect(catalogCalls(embeddings)).toHaveLength(1);
    expect(embeddings.doEmbedCalls.filter((call) => call.values.length === 1).map((call) => call.values[0])).toEqual(queries);
  });

  it("a turn's client tools are ranked semantically too, merged with the catalog; their embeddings are cached by content", async () => {
    const embeddings = createConceptEmbeddingModel();
    const runtime = createToolSearchRuntime({ tools: catalogTools(), ranker: semanticOption(embeddings) });
    const clientTools = {
      ui_save_chart: tool({ description: 'Save an image of the chart on screen.', inputSchema: z.object({}), execute: async () => 'saved' }),
    };
    const turn = () =>
      runtime.send({
        model: createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query: 'grab a photo', limit: 2 } }] }, { text: 'ok' }] }).model,
        prompt: 'keep a copy',
        clientTools,
        clientId: 'dashboard',
      }).result;

    expect([...(await turn()).activated].sort()).toEqual(['browser_take_screenshot', 'ui_save_chart']);
    await turn();
    const clientEmbeddings = embeddings.doEmbedCalls.filter((call) => call.values.some((value) => value.startsWith('ui_save_chart')));
    expect(clientEmbeddings).toHaveLength(1);
    expect(catalogCalls(embeddings)).toHaveLength(1);
  });

  it('a semantic ranker option that is out of range throws when the runtime is built, before anything is embedded', () => {
    const embeddings = createConceptEmbeddingModel();
    const build = () => createToolSearchRuntime({ tools: catalogTools(), ranker: (documents) => createSemanticRanker({ documents, model: embeddings, weights: { lexical: Number.NaN } }) });
    expect(build).toThrow('Option `weights.lexical` is NaN; expected a finite number ≥ 0');
    expect(embeddings.doEmbedCalls).toEqual([]);
  });

  it('a query embedding with NaN, or a model that throws a string, is a tool error for that search; the turn goes on', async () => {
    const embeddings = createConceptEmbeddingModel({
      before: ({ values }) => {
        if (values[0] === 'thrown') throw 'rate limited';
      },
    });
    const faulty = Object.assign(Object.create(embeddings) as typeof embeddings, {
      doEmbed: async (call: Parameters<typeof embeddings.doEmbed>[0]) =>
        call.values[0] === 'nan' ? { embeddings: [[Number.NaN, 0, 0, 0, 0]], warnings: [] } : embeddings.doEmbed(call),
    });
    const runtime = createToolSearchRuntime({ tools: catalogTools(), ranker: semanticOption(faulty) });
    const scripted = createScriptedModel({
      steps: [
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'nan' } }, { toolName: 'tool_search', input: { query: 'thrown' } }] },
        { toolCalls: [{ toolName: 'tool_search', input: { query: 'grab a photo', limit: 1 } }] },
        { text: 'done' },
      ],
    });
    const result = await runtime.send({ model: scripted.model, prompt: 'show me the page' }).result;

    expect(result.status).toBe('completed');
    expect(result.steps[0]!.toolResults.map((search) => [search.outcome, search.output])).toEqual([
      ['error', 'tool_search could not rank "nan": The embedding model mock-provider:concepts returned a query embedding that has NaN at 0, not a finite number. Nothing was activated; you may search again.'],
      ['error', 'tool_search could not rank "thrown": rate limited. Nothing was activated; you may search again.'],
    ]);
    expect(result.activated).toEqual(['browser_take_screenshot']);
  });

  it('select: with a lexical search service that ignores select: loads only the listed tools, from the catalog and the client tools', async () => {
    // the service answers write_file whatever it is asked; a limit the model asks for is not bounded by the relevance floor (C24)
    const service = { name: 'service', rank: async () => [{ name: 'write_file', score: 1 }] };
    const cache = createEmbeddingCache();
    const runtime = createToolSearchRuntime({
      tools: catalogTools(),
      ranker: (documents) => createSemanticRanker({ documents, model: createConceptEmbeddingModel(), cache, lexical: service }),
    });
    const clientTools = { ui_save_chart: tool({ description: 'Save an image of the chart on screen.', inputSchema: z.object({}), execute: async () => 'saved' }) };
    const activatedBy = async (query: string) =>
      (await runtime.send({
        model: createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query, limit: 3 } }] }, { text: 'ok' }] }).model,
        prompt: 'x',
        clientTools,
        clientId: 'dashboard',
      }).result).activated;

    expect(await activatedBy('select:send_email')).toEqual(['send_email']);
    expect(await activatedBy('select:ui_save_chart')).toEqual(['ui_save_chart']);
  });
});
