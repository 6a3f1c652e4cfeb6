import { tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmbeddingCache, createHybridRanker, createSemanticRanker, createToolSearchRuntime, type RankerContext, type RankerOption } from '../../src/index.js';
import type { RankerDocument } from '../../src/search/tool-ranker.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createConceptEmbeddingModel } from '../helpers/concept-embedding.js';

const described = (description: string) => tool({ description, inputSchema: z.object({}), execute: async () => 'done' });

/** Read (direct) and five deferred tools, one of them about dashboard panels. */
const TOOLS: ToolSet = {
  Read: described('Read a file from the local filesystem.'),
  browser_take_screenshot: described('Take a screenshot of the current page.'),
  send_email: described('Send an email message.'),
  create_issue: described('Open a new bug report in a repository.'),
  write_file: described('Write a file to disk.'),
  open_dashboard_panel_settings: described('Open the settings of a dashboard panel.'),
};
const CATALOG_DOCUMENTS: RankerDocument[] = Object.entries(TOOLS)
  .filter(([name]) => name !== 'Read')
  .map(([name, definition]) => ({ name, description: String(definition.description), group: 'catalog' }));

/** What a web UI offers per send (tools without `execute` from useChat would be the same here). */
const CLIENT_TOOLS: ToolSet = {
  ui_show_chart: described('Show a line chart of a metric in the dashboard.'),
  ui_open_panel: described('Open a side panel of the dashboard.'),
  ui_save_chart: described('Save an image of the chart on screen.'),
};

/** The names one search for `query` (limit 2) activates in a turn offering the client tools. */
async function activatedBy(ranker: RankerOption, query: string): Promise<string[]> {
  const runtime = createToolSearchRuntime({ tools: TOOLS, ranker });
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query, limit: 2 } }] }, { text: 'ok' }] });
  const result = await runtime.send({ model: scripted.model, prompt: 'x', clientTools: CLIENT_TOOLS, clientId: 'dashboard-ui' }).result;
  return (result.steps[0]!.toolResults[0]!.output as { activated: string[] }).activated;
}

describe('options.ranker of your own and a turn\'s client tools', () => {
  // a search service: it indexes the catalog it was given, and knows nothing of tools offered per send
  const service = () => createHybridRanker(CATALOG_DOCUMENTS);

  it('finds a client tool named outright first, with a ranker that ignores the documents it is given', async () => {
    const fixed = service();
    expect(await activatedBy(() => fixed, 'ui_open_panel')).toEqual(['ui_open_panel', 'open_dashboard_panel_settings']);
    expect(await activatedBy(() => fixed, 'UI_OPEN_PANEL')).toEqual(['ui_open_panel', 'open_dashboard_panel_settings']);
  });

  it('finds a client tool named outright first with createSemanticRanker given a search service as lexical', async () => {
    const lexical = service();
    const cache = createEmbeddingCache();
    const ranker: RankerOption = (documents) => createSemanticRanker({ documents, model: createConceptEmbeddingModel(), cache, lexical });
    expect((await activatedBy(ranker, 'ui_open_panel'))[0]).toBe('ui_open_panel');
  });

  it('tells the function which call is for client tools, so a search service can be kept to the catalog and client tools are found by their words', async () => {
    const lexical = service();
    const cache = createEmbeddingCache();
    const contexts: RankerContext[] = [];
    const ranker: RankerOption = (documents, context) => {
      contexts.push(context);
      return createSemanticRanker({ documents, model: createConceptEmbeddingModel(), cache, ...(context?.clientId === undefined ? { lexical } : {}) });
    };
    expect(await activatedBy(ranker, 'open a side panel')).toContain('ui_open_panel');
    expect(contexts).toEqual([{}, { clientId: 'dashboard-ui' }]);
  });
});
