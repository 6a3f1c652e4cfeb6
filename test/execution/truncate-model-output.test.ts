import { describe, expect, it } from 'vitest';
import { truncateModelOutput } from '../../src/execution/truncate-model-output.js';

const limit = { maxBytes: 1_000, maxLines: 10 };

describe('truncateModelOutput: what the model receives is measured and cut by its type', () => {
  it('text and error-text keep their type, with the note between head and tail', () => {
    const value = Array.from({ length: 20 }, (_, index) => `row ${index + 1}`).join('\n');
    const text = truncateModelOutput({ type: 'text', value }, limit)!;
    expect(text.withNote('[NOTE]')).toEqual({
      type: 'text',
      value: 'row 1\nrow 2\nrow 3\nrow 4\nrow 5\n[NOTE]\nrow 16\nrow 17\nrow 18\nrow 19\nrow 20',
    });
    expect(truncateModelOutput({ type: 'error-text', value }, limit)!.withNote('[NOTE]')).toMatchObject({ type: 'error-text' });
  });

  it('JSON is measured compact and, when over, cut from its pretty-printed lines into text', () => {
    const value = Array.from({ length: 200 }, (_, index) => ({ id: index }));
    expect(truncateModelOutput({ type: 'json', value: value.slice(0, 3) }, limit)).toBeUndefined();
    const truncated = truncateModelOutput({ type: 'json', value }, limit)!;
    expect(truncated.mediaType).toBe('application/json');
    expect(truncated.fullText).toBe(JSON.stringify(value, null, 2));
    expect(truncated.withNote('[NOTE]')).toEqual({
      type: 'text',
      value: `[\n  {\n    "id": 0\n  },\n  {\n[NOTE]\n  },\n  {\n    "id": 199\n  }\n]`,
    });
    expect(truncateModelOutput({ type: 'error-json', value }, limit)!.withNote('n')).toMatchObject({ type: 'error-text' });
  });

  it('content: text parts are cut together into one part; media parts stay', () => {
    const image = { type: 'image-data' as const, data: 'AAAA', mediaType: 'image/png' };
    const output = {
      type: 'content' as const,
      value: [{ type: 'text' as const, text: 'a\n'.repeat(8) }, image, { type: 'text' as const, text: 'b\n'.repeat(8) }],
    };
    const truncated = truncateModelOutput(output, limit)!;
    expect(truncated.withNote('[NOTE]')).toEqual({
      type: 'content',
      value: [{ type: 'text', text: 'a\na\na\na\na\n[NOTE]\nb\nb\nb\nb\nb\n' }, image],
    });
  });

  it('outputs that are not text are never cut', () => {
    expect(truncateModelOutput({ type: 'execution-denied', reason: 'x'.repeat(5_000) }, limit)).toBeUndefined();
  });
});
