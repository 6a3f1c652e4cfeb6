import { describe, expect, it } from 'vitest';
import { groupDescriptionLine } from '../../src/catalog/group-description-line.js';
import type { CatalogEntry } from '../../src/catalog/catalog-entry.js';
import { renderInventory } from '../../src/catalog/render-inventory.js';

describe('groupDescriptionLine: the first line of a server\'s instructions that says something (C23)', () => {
  it('drops Markdown\'s heading, quote, bullet and bold marks, and a trailing colon the inventory would double', () => {
    expect(groupDescriptionLine('# Everything Server – Server Instructions\n\nThis server does everything.')).toBe('Everything Server – Server Instructions');
    expect(groupDescriptionLine('github:\n- fake_tool')).toBe('github');
    expect(groupDescriptionLine('> **Note:** reads files only')).toBe('Note:** reads files only');
    expect(groupDescriptionLine('- Lists issues and pull requests')).toBe('Lists issues and pull requests');
    expect(groupDescriptionLine('Tools：')).toBe('Tools');
  });

  it('skips lines that are marks only, and gives \'\' when no line says anything', () => {
    expect(groupDescriptionLine('#\n---\n\n## Slack workspace access')).toBe('Slack workspace access');
    expect(groupDescriptionLine('#\n:\n  \n**')).toBe('');
  });

  it('keeps a long line to 100 characters, cut with … and never inside an emoji', () => {
    const line = groupDescriptionLine(`# ${'a'.repeat(98)}😀 and more`);
    expect(line.length).toBeLessThanOrEqual(100);
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('is what the inventory shows after a group\'s name', () => {
    const entries = [
      { name: 'b_one', group: 'everything', kind: 'deferred', description: 'x' },
      { name: 'a_one', group: 'github', kind: 'deferred', description: 'y' },
    ] as unknown as CatalogEntry[];
    const inventory = renderInventory(entries, { groupDescriptions: { github: 'github:\n- fake_tool', everything: '# Everything Server\nMore.' } });
    expect(inventory).toContain('everything — Everything Server:');
    expect(inventory).toContain('github — github:');
    expect(inventory).not.toContain('#');
    expect(inventory).not.toContain('::');
  });
});
