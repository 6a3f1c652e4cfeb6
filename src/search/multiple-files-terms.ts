import { queryShapeTerms } from './query-shape-terms.js';

/**
 * `['multiple']` when the query writes two or more different file names or paths (`read a.ts,
 * b.ts and c.ts`, `show me package.json and tsconfig.json together`: a request for several files
 * at once), else `[]`. A word counts as a file when {@link queryShapeTerms} reads it as one
 * (`notes.txt`, `src/app.ts`, `.gitignore`, `README`; not `vercel/next.js`, `acme/api`); the same
 * name written twice counts once, in any case. A generic reading of any request, as
 * `queryShapeTerms` is; reads at most `maxChars` characters of the query.
 */
export function multipleFilesTerms(query: string, maxChars: number): string[] {
  const files = new Set<string>();
  for (const raw of query.slice(0, maxChars).split(/[\s,;()<>"'`]+/)) {
    const word = raw.replace(/[.:!?]+$/, '');
    if (word.length < 2 || files.has(word.toLowerCase())) continue;
    if (queryShapeTerms(word, word.length).includes('file')) files.add(word.toLowerCase());
    if (files.size >= 2) return ['multiple'];
  }
  return [];
}
