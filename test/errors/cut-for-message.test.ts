import { tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolSearchRuntime, InvalidOptionError, InvalidToolNameError, UnboundToolError } from '../../src/index.js';
import { cutForMessage } from '../../src/errors/cut-for-message.js';

const tools = { a_tool: tool({ description: 'A tool', inputSchema: z.object({}), execute: async () => 'ok' }) };
const hostile = 'g'.repeat(100_000);

/** The error `build` throws. */
function thrown(build: () => unknown): Error {
  try {
    build();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('cutForMessage: a hostile key does not make a 100,000-character error message', () => {
  it('keeps a name of 120 characters, cuts a longer one and says its length', () => {
    expect(cutForMessage('x'.repeat(120))).toBe('x'.repeat(120));
    expect(cutForMessage(hostile)).toBe(`${'g'.repeat(120)}… (100,000 characters)`);
  });

  it('cuts at a given length, and never splits an emoji (a surrogate pair)', () => {
    expect(cutForMessage('y'.repeat(9_000), 8_000)).toBe(`${'y'.repeat(8_000)}… (9,000 characters)`);
    const emoji = `${'a'.repeat(4)}😀${'b'.repeat(10)}`;
    expect(cutForMessage(emoji, 5)).toBe('aaaa… (16 characters)');
    expect(cutForMessage(emoji, 6)).toBe('aaaa😀… (16 characters)');
  });

  it.each([
    ['a group key', { groups: { [hostile]: ['a_tool'] } }, InvalidOptionError, 'expected a label of 1 to 64 printable characters'],
    ['a groupDescriptions key', { inventory: { groupDescriptions: { [hostile]: 5 } } }, InvalidOptionError, 'expected a string'],
    ['a hints key', { hints: { [hostile]: { alwaysLoad: true } } }, UnboundToolError, 'which is not a bound tool. Add it to `tools` or remove it from `hints`.'],
    ['a direct entry', { direct: [hostile] }, UnboundToolError, 'which is not a bound tool'],
    ['a group naming an unbound tool', { groups: { [`g${'h'.repeat(63)}`]: [hostile] } }, UnboundToolError, 'which is not a bound tool'],
    ['a tool name', { tools: { ...tools, [hostile]: tools.a_tool } }, InvalidToolNameError, 'is refused by providers'],
  ] as const)('%s: the message is a few hundred characters, names the length and still says how to fix it', (_case, options, type, fix) => {
    const error = thrown(() => createToolSearchRuntime({ tools, ...options } as never));
    expect(error).toBeInstanceOf(type);
    expect(error.message).toMatch(/… \(100,0\d\d characters\)/);
    expect(error.message).toContain(fix);
    expect(error.message.length).toBeLessThan(400);
  });

  it('keeps the whole name in the error fields', () => {
    const error = thrown(() => createToolSearchRuntime({ tools, hints: { [hostile]: {} } }));
    expect((error as UnboundToolError).toolName).toBe(hostile);
  });
});
