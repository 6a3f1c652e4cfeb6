import { describe, expect, it } from 'vitest';
import { rankerDocumentOf } from '../../src/search/ranker-document-of.js';

describe('rankerDocumentOf', () => {
  it('lists the input schema properties with their descriptions, nested ones too', () => {
    const document = rankerDocumentOf({
      name: 'create_issue',
      description: 'Create an issue',
      group: 'github',
      inputSchema: {
        type: 'object',
        properties: {
          repo: { type: 'string', description: 'owner/name' },
          labels: { type: 'array', items: { type: 'object', properties: { color: { type: 'string' } } } },
          assignee: { type: 'object', properties: { login: { type: 'string', description: 'GitHub login' } } },
        },
      },
    });
    expect(document).toEqual({
      name: 'create_issue',
      description: 'Create an issue',
      group: 'github',
      parameters: [
        { name: 'repo', description: 'owner/name' },
        { name: 'labels', description: '' },
        { name: 'color', description: '' },
        { name: 'assignee', description: '' },
        { name: 'login', description: 'GitHub login' },
      ],
    });
  });

  it('gives no parameters for a missing or odd schema', () => {
    for (const inputSchema of [undefined, null, 'text', [], { type: 'string' }, { properties: 7 }]) {
      expect(rankerDocumentOf({ name: 'x', description: '', group: 'g', inputSchema }).parameters).toEqual([]);
    }
  });

  it('bounds a huge or deeply nested schema', () => {
    const properties = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`p${index}`, { type: 'string', description: 'd'.repeat(2_000) }]));
    const document = rankerDocumentOf({ name: 'x', description: '', group: 'g', inputSchema: { type: 'object', properties } });
    expect(document.parameters).toHaveLength(64);
    expect(document.parameters![0]!.description).toHaveLength(500);

    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 50; level += 1) deep = { type: 'object', properties: { [`level${level}`]: deep } };
    expect(rankerDocumentOf({ name: 'x', description: '', group: 'g', inputSchema: deep }).parameters!.length).toBeLessThanOrEqual(5);
  });
});
