import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { createDemoTrace } from '../../src/demo/create-demo-trace.js';
import { createToolSearchRuntime } from '../../src/index.js';
import { createScriptedModel } from '../../src/testing/index.js';
import { sampleTools } from '../helpers/sample-tools.js';

describe('createDemoTrace', () => {
  it('reads a stream with reasoning, sources, files, tool input, raw chunks and a retried attempt: the answer is the final attempt’s text', async () => {
    const { tools } = sampleTools();
    const runtime = createToolSearchRuntime({ tools, retry: { initialDelayMs: 1 }, includeRawChunks: true });
    const scripted = createScriptedModel({
      steps: [
        { parts: [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'abandoned words' }, { type: 'error', error: new APICallError({ message: 'HTTP 503', url: 'https://x.test', requestBodyValues: {}, statusCode: 503, isRetryable: true }) }] },
        {
          parts: [
            { type: 'raw', rawValue: { chunk: 1 } },
            { type: 'reasoning-start', id: 'r' },
            { type: 'reasoning-delta', id: 'r', delta: 'thinking' },
            { type: 'reasoning-end', id: 'r' },
            { type: 'source', sourceType: 'url', id: 's', url: 'https://example.com' },
            { type: 'file', mediaType: 'text/plain', data: { type: 'data', data: 'aGk=' } },
            { type: 'tool-input-start', id: 'c', toolName: 'Read' },
            { type: 'tool-input-delta', id: 'c', delta: '{}' },
            { type: 'tool-input-end', id: 'c' },
          ],
          text: 'The final answer',
        },
      ],
    });
    const lines: string[] = [];
    const trace = createDemoTrace({ output: (line) => lines.push(line) });
    for await (const part of runtime.send({ model: scripted.model, prompt: 'go' }).stream) trace.onPart(part);

    expect(lines.filter((line) => line.includes('answer'))).toEqual([expect.stringMatching(/answer\s+The final answer$/)]);
    expect(lines.some((line) => line.includes('abandoned') || line.includes('thinking'))).toBe(false);
    expect(lines.filter((line) => line.startsWith('  retry'))).toHaveLength(1);
    expect(trace.steps.map((step) => step.attempt)).toEqual([1, 2]);
  });
});
