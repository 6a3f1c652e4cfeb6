/** First segments of a relative path that name a project's folders (`src/components`, `docs/api`), not an `owner/repo`. */
const FOLDER_NAMES = new Set('src lib test tests spec docs doc app apps bin build dist out public assets static scripts config pkg cmd internal vendor packages home usr etc var tmp users downloads desktop documents'.split(' '));

/** A path of word segments: `~/Downloads`, `./build`, `/var/log/`, `src/components/ui`. */
const PATH_WORD = /^(?:~|\.{1,2})?\/?[\w-]+(?:\/[\w-]+)*\/?$/;

/**
 * `['directory']` when the query writes the path of a folder, else `[]`: a path whose last segment
 * has no extension (`~/Downloads`, `./build`, `/var/log`, `src/components/ui`, `~/projects/`),
 * starting with `~`, `.` or `/`, of three or more segments, or starting with a common folder name
 * (`src/utils`); `[]` when the query also names a file (`save report.pdf in /root/pdf`: the folder
 * is where the file goes). Two plain words around a slash are not read as one (`acme/api` is a repository,
 * `feature/search` a branch, `lat/long` a pair), nor are URLs and file names (`src/app.ts`:
 * `queryShapeTerms` reads those). Reads at most `maxChars` characters of the query: a generic
 * reading of any request, as `queryShapeTerms` is.
 */
export function directoryPathTerms(query: string, maxChars: number): string[] {
  let folder = false;
  for (const raw of query.slice(0, maxChars).split(/[\s,;()<>"'`]+/)) {
    const word = raw.replace(/[.:!?]+$/, '');
    // a file name: the folder beside it is where that file is, and the request is about the file
    if (FILE_NAME_WORD.test(word)) return [];
    if (folder || word.length < 2 || !word.includes('/') || !PATH_WORD.test(word)) continue;
    const segments = word.split('/').filter((segment) => segment.length > 0);
    const rooted = /^[~./]/.test(word);
    folder = rooted || segments.length >= 3 || (segments.length === 2 && FOLDER_NAMES.has(segments[0]!.toLowerCase()));
  }
  return folder ? ['directory'] : [];
}

/** A word ending in a dot and an extension of letters (`report.pdf`, `/root/a.md`; not `v2.3.0`, not a URL). */
const FILE_NAME_WORD = /^[^:/\s]*(?:\/[^:/\s]+)*\.[a-z][a-z0-9]{0,4}$/i;
