import { describe, expect, it } from 'vitest';
import { normalizeNameText } from '../../src/search/normalize-name-text.js';

describe('normalizeNameText reads a written name as the name it stands for (C9, C23)', () => {
  it('folds full-width letters and punctuation and ligatures (NFKC)', () => {
    expect(normalizeNameText('ｓｅｌｅｃｔ：ｒｅａｄ＿ｆｉｌｅ')).toBe('select:read_file');
    expect(normalizeNameText('proﬁle')).toBe('profile');
    expect(normalizeNameText('＋slack')).toBe('+slack');
  });

  it('drops format characters (zero-width, BOM, soft hyphen, bidirectional marks) but keeps case', () => {
    expect(normalizeNameText('\uFEFFRead\u200B_\u00ADFile\u202E')).toBe('Read_File');
    expect(normalizeNameText('a\u200C\u200D\u2060b')).toBe('ab');
  });

  it('returns printable ASCII as it is, and composes accents', () => {
    const ascii = 'github_create_issue: Create an issue!';
    expect(normalizeNameText(ascii)).toBe(ascii);
    expect(normalizeNameText('cafe\u0301')).toBe('café');
  });
});
