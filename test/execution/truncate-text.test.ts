import { describe, expect, it } from 'vitest';
import { truncateText, DEFAULT_OUTPUT_LIMIT } from '../../src/execution/truncate-text.js';

/** `line 1\nline 2\n…line n\n` */
const numbered = (count: number, width = 0) =>
  Array.from({ length: count }, (_, index) => `line ${String(index + 1).padStart(width, '0')}\n`).join('');

describe('truncateText: output truncation keeps the head and the tail', () => {
  it('leaves a text within both limits alone', () => {
    expect(truncateText(numbered(2_000), DEFAULT_OUTPUT_LIMIT)).toBeUndefined();
    expect(truncateText('x'.repeat(51_200), DEFAULT_OUTPUT_LIMIT)).toBeUndefined();
    expect(truncateText('', DEFAULT_OUTPUT_LIMIT)).toBeUndefined();
  });

  it('by lines: 5,000 short lines keep lines 1-1000 and 4001-5000 (the default 2,000 lines)', () => {
    const text = numbered(5_000);
    const cut = truncateText(text, DEFAULT_OUTPUT_LIMIT)!;

    expect(cut.head).toBe(numbered(1_000));
    expect(cut.tail).toBe(text.slice(text.indexOf('line 4001\n')));
    expect(cut.tail.startsWith('line 4001\n') && cut.tail.endsWith('line 5000\n')).toBe(true);
    expect(cut).toMatchObject({ totalLines: 5_000, omittedLines: 3_000, cutFromLine: 1_001, cutToLine: 4_000 });
    expect(cut.omittedBytes).toBe(Buffer.byteLength(text) - Buffer.byteLength(cut.head) - Buffer.byteLength(cut.tail));
  });

  it('by bytes: long lines keep as many whole lines as fit in half the bytes each side', () => {
    // 100 lines of 1,000 bytes each (999 characters + \n) = 100,000 bytes, well under 2,000 lines
    const lines = Array.from({ length: 100 }, (_, index) => `${String(index + 1).padStart(3, '0')}${'x'.repeat(996)}\n`);
    const text = lines.join('');
    const cut = truncateText(text, DEFAULT_OUTPUT_LIMIT)!;

    // 25,600 bytes per side: 25 whole lines of 1,000 bytes
    expect(cut.head).toBe(lines.slice(0, 25).join(''));
    expect(cut.tail).toBe(lines.slice(75).join(''));
    expect(cut).toMatchObject({ totalBytes: 100_000, omittedBytes: 50_000, omittedLines: 50, cutFromLine: 26, cutToLine: 75 });
  });

  it('an odd line budget gives the tail the larger half', () => {
    const cut = truncateText(numbered(10), { maxBytes: 10_000, maxLines: 5 })!;
    expect(cut.head).toBe('line 1\nline 2\n');
    expect(cut.tail).toBe('line 8\nline 9\nline 10\n');
  });

  it('a single line over the byte limit keeps its start and its end', () => {
    const text = `${'a'.repeat(60)}${'b'.repeat(60)}`;
    const cut = truncateText(text, { maxBytes: 100, maxLines: 10 })!;
    expect(cut.head).toBe('a'.repeat(50));
    expect(cut.tail).toBe('b'.repeat(50));
    expect(cut).toMatchObject({ totalLines: 1, omittedBytes: 20, omittedLines: 0, cutFromLine: 1, cutToLine: 1 });
  });

  it('cuts multi-byte characters only at character boundaries', () => {
    const text = 'é'.repeat(100); // 200 bytes
    const cut = truncateText(text, { maxBytes: 51, maxLines: 10 })!;
    expect(cut.head).toBe('é'.repeat(12)); // 25 bytes → 12 whole characters
    expect(cut.tail).toBe('é'.repeat(13)); // 26 bytes → 13 whole characters
    expect(cut.omittedBytes).toBe(200 - 24 - 26);
  });

  it('a final newline does not count as another line, and a text without one keeps its last line whole', () => {
    expect(truncateText('a\nb\nc\n', { maxBytes: 100, maxLines: 3 })).toBeUndefined();
    const cut = truncateText('a\nb\nc\nd', { maxBytes: 100, maxLines: 2 })!;
    expect(cut).toMatchObject({ head: 'a\n', tail: 'd', totalLines: 4, omittedLines: 2, cutFromLine: 2, cutToLine: 3 });
  });
});
