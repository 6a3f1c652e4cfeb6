import { jsonSchema, tool, type ToolExecutionOptions } from 'ai';
import { describe, expect, it } from 'vitest';
import { createMemoryStepRunner } from '../../src/durable/create-memory-step-runner.js';
import { durableTools, MAX_RECORDED_ERROR_CHARS, MAX_RECORDED_OUTPUT_BYTES } from '../../src/durable/durable-tools.js';

const empty = jsonSchema<Record<string, never>>({ type: 'object', properties: {} });
const options = { toolCallId: 'call-1', messages: [], context: {} } as unknown as ToolExecutionOptions<unknown>;

/** What the durable wrapper of a tool answering (or throwing) `answer` gives the turn, and the record it journals. */
async function recordedOf(answer: () => Promise<unknown>) {
  const runner = createMemoryStepRunner();
  const { tools } = durableTools({ big: tool({ description: 'Answers a lot.', inputSchema: empty, execute: answer as () => Promise<string> }) }, runner);
  const outcome = await Promise.resolve(tools.big!.execute!({}, options)).then(
    (output) => ({ output }),
    (error: Error) => ({ error: error.message }),
  );
  return { outcome, records: [...runner.records.values()] };
}

describe('durableTools: what a durable turn records of a tool stays recordable', () => {
  it('an output whose JSON is over 16 MiB is the tool\'s error, recorded as such, not the output', async () => {
    const { outcome, records } = await recordedOf(async () => 'x'.repeat(MAX_RECORDED_OUTPUT_BYTES));
    expect(outcome).toEqual({ error: expect.stringContaining("The tool's output is too large to record (16,777,216 characters, 16,777,218 bytes; a durable turn records at most 16,777,216 bytes") });
    expect(JSON.stringify(records).length).toBeLessThan(2_000);
  });

  it('counts UTF-8 bytes: 6 MiB of a 3-byte character is over the limit as 18 MiB of JSON', async () => {
    const { outcome } = await recordedOf(async () => ({ text: '€'.repeat(6 * 1024 * 1024) }));
    expect(outcome).toEqual({ error: expect.stringContaining('characters of JSON') });
  });

  it('an output just under the limit is recorded and answered whole', async () => {
    const text = 'x'.repeat(MAX_RECORDED_OUTPUT_BYTES - 2);
    const { outcome } = await recordedOf(async () => text);
    expect(outcome).toEqual({ output: text });
  });

  it('a thrown message is cut to 8,000 characters, with its length, and a thrown string likewise', async () => {
    const { outcome } = await recordedOf(async () => {
      throw new Error('y'.repeat(40_000));
    });
    expect(outcome).toEqual({ error: `${'y'.repeat(MAX_RECORDED_ERROR_CHARS)}… (40,000 characters)` });
    const thrownString = await recordedOf(async () => {
      throw 'z'.repeat(10_000);
    });
    expect(thrownString.outcome).toEqual({ error: `${'z'.repeat(8_000)}… (10,000 characters)` });
  });
});
