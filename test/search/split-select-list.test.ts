import { jsonSchema, tool, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { createSemanticRanker } from '../../src/search/create-semantic-ranker.js';
import { createEmbeddingCache } from '../../src/search/embedding-cache.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { CONCEPT_DOCUMENTS } from '../helpers/concept-documents.js';
import { createConceptEmbeddingModel } from '../helpers/concept-embedding.js';

// C9: a `select:` list is split at the same characters by a standalone ranker and by the
// runtime's tool_search (`LIST_SEPARATORS`: commas, semicolons, `、`, line breaks, tabs).

const QUERIES = ['select:write_file;send_email', 'select:write_file、send_email', 'select:write_file\nsend_email', 'select:write_file ；\tsend_email', 'select:write_file,send_email'];

function tools(): ToolSet {
  return Object.fromEntries(
    CONCEPT_DOCUMENTS.map((document) => [document.name, tool({ description: document.description, inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => 'ok' })]),
  );
}

async function activatedByRuntime(query: string): Promise<string[]> {
  const scripted = createScriptedModel({ steps: [{ toolCalls: [{ toolName: 'tool_search', input: { query } }] }, { text: 'done' }] });
  const result = await createToolSearchRuntime({ tools: tools(), direct: [] }).send({ model: scripted.model, prompt: 'go' }).result;
  return (result.steps[0]!.toolResults[0]!.output as { activated: string[] }).activated;
}

describe('a select: list read alike by standalone rankers and the runtime (C9)', () => {
  it.each(QUERIES)('%j selects write_file and send_email in both', async (query) => {
    expect(await activatedByRuntime(query)).toEqual(['write_file', 'send_email']);
    expect(createHybridRanker(CONCEPT_DOCUMENTS).rank(query, 5).map((match) => match.name)).toEqual(['write_file', 'send_email']);
    const semantic = await createSemanticRanker({ documents: CONCEPT_DOCUMENTS, model: createConceptEmbeddingModel(), cache: createEmbeddingCache() });
    expect((await semantic.rank(query, 5)).map((match) => match.name)).toEqual(['write_file', 'send_email']);
  });
});
