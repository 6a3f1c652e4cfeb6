import { describe, expect, it } from 'vitest';
import { createToolSearchRuntime } from '../../src/index.js';
import { createMessageRanker } from '../../src/runtime/create-message-ranker.js';
import { summarizeTrace } from '../../src/report/summarize-trace.js';
import { createEmbeddingCache } from '../../src/search/embedding-cache.js';
import { createHybridRanker } from '../../src/search/create-hybrid-ranker.js';
import { createSemanticRanker } from '../../src/search/create-semantic-ranker.js';
import type { AnyToolRanker, RankerDocument } from '../../src/search/tool-ranker.js';
import { callbackSink, type TelemetryRecord } from '../../src/telemetry/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { createConceptEmbeddingModel } from '../helpers/concept-embedding.js';
import { sampleTools } from '../helpers/sample-tools.js';

const DOCUMENTS: RankerDocument[] = [
  { name: 'send_email', description: 'Send an email message.', group: 'mail' },
  { name: 'write_file', description: 'Write a file to disk.', group: 'filesystem' },
];

describe('createMessageRanker', () => {
  it('uses a synchronous ranker itself, and asks it once', () => {
    const hybrid = createHybridRanker(DOCUMENTS);
    let probes = 0;
    const counted = { name: hybrid.name, rank: (query: string, max: number) => ((probes += query === '' ? 1 : 0), hybrid.rank(query, max)) };
    const rankerFor = createMessageRanker(counted, DOCUMENTS);
    expect(rankerFor(counted)).toBe(counted);
    expect(rankerFor(counted)).toBe(counted);
    expect(probes).toBe(1);
  });

  it('ranks lexically over the documents for an asynchronous ranker, without calling it for the message', async () => {
    const queries: string[] = [];
    const remote: AnyToolRanker = { name: 'remote', rank: async (query) => (queries.push(query), []) };
    const rankerFor = createMessageRanker(remote, DOCUMENTS);
    const lexical = rankerFor(remote);
    expect(lexical.rank('email the report to Ann', 3).map((match) => match.name)[0]).toBe('send_email');
    expect(rankerFor(remote)).toBe(lexical);
    await Promise.resolve();
    expect(queries).toEqual(['']);
  });

  it('counts a ranker whose probe throws as synchronous, and a probe that rejects is not unhandled', async () => {
    const throwing: AnyToolRanker = { name: 'throws', rank: () => { throw new Error('boom'); } };
    expect(createMessageRanker(throwing, DOCUMENTS)(throwing)).toBe(throwing);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const rejecting: AnyToolRanker = { name: 'rejects', rank: () => Promise.reject(new Error('down')) };
      expect(createMessageRanker(rejecting, DOCUMENTS)(rejecting).name).toBe('hybrid');
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('silent misses with a semantic ranker (issue 14 item 5)', () => {
  it('records the message matches and flags the turn, and embeds no query for telemetry', async () => {
    const records: TelemetryRecord[] = [];
    const model = createConceptEmbeddingModel();
    const { tools, groups } = sampleTools();
    const runtime = createToolSearchRuntime({
      tools,
      groups,
      ranker: (documents) => createSemanticRanker({ documents, model, cache: createEmbeddingCache() }),
      telemetry: callbackSink((record) => void records.push(record)),
    });
    for (let turn = 0; turn < 2; turn++) {
      await runtime.send({ model: createScriptedModel({ steps: [{ text: 'I have no tool for that.' }] }).model, prompt: 'Post a message to the Slack channel #ops' }).result;
    }
    const summary = summarizeTrace({ records });
    expect(summary.turns.map((turn) => turn.silentMiss?.matches[0]?.name)).toEqual(['slack_post_message', 'slack_post_message']);
    // the catalog's one embedMany; no embed of the user's message at either turn's start
    expect(model.doEmbedCalls).toHaveLength(1);
  });
});
