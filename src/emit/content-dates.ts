/**
 * When each content file last changed, for the sitemap's <lastmod>: the
 * date of the last commit that touched it when the site is a git work tree
 * (so that a fresh clone or a CI checkout gives the same dates as the
 * author's machine), else the file's modification time. One `git log` for
 * all files, not one per page: a 20,000-page site would otherwise start
 * 20,000 processes.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';

/** File (relative to the root, forward slashes) → ISO 8601 date. */
export type ContentDates = Map<string, string>;

/**
 * `mtimeOf` gives the modification time the build already read (a page's
 * stamp), so that a site outside git costs no second stat per page; and
 * `commits`, the git dates asked for earlier (commitDates), so that git runs
 * while the pages render.
 */
export async function contentDates(
  root: string, files: readonly string[], mtimeOf: (file: string) => number | undefined = () => undefined, commits = commitDates(root),
): Promise<ContentDates> {
  const committed = await commits;
  const dates: ContentDates = new Map();
  // Most dates are known already (git's, or the stamp's time): only the rest wait for a stat, and only they take a promise.
  const unknown: string[] = [];
  for (const file of files) {
    const date = committed.get(file);
    if (date !== undefined) {
      dates.set(file, date);
      continue;
    }
    const known = mtimeOf(file);
    if (known === undefined) unknown.push(file);
    else dates.set(file, new Date(known).toISOString());
  }
  await Promise.all(unknown.map(async (file) => {
    const date = await stat(path.join(root, file)).then((info) => info.mtime.toISOString(), () => undefined);
    if (date) dates.set(file, date);
  }));
  return dates;
}

/** The newest commit date of every file under content/, or none when git or the work tree is missing. */
export function commitDates(root: string): Promise<Map<string, string>> {
  // %x01 marks a commit's date line; --relative names files from the root, even when the repository starts above it.
  const args = ['-c', 'core.quotePath=false', 'log', '--format=%x01%cI', '--name-only', '--relative', '--', 'content'];
  return new Promise((resolve) => {
    execFile('git', args, { cwd: root, maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => resolve(error ? new Map() : parseLog(stdout)));
  });
}

/** git log lists the newest commit first: the first date seen for a file is its last change. */
export function parseLog(log: string): Map<string, string> {
  const dates = new Map<string, string>();
  let date = '';
  for (const line of log.split('\n')) {
    // A date git accepts may be one JavaScript cannot hold (a commit made with --date=@99999999999999): such a
    // commit gives no date, and the file takes its next commit's, or its file time.
    if (line.startsWith('\x01')) date = isUsableDate(line.slice(1)) ? line.slice(1) : '';
    else if (line && date && !dates.has(line)) dates.set(line, date);
  }
  return dates;
}

/** Whether an ISO 8601 date is one every later step can hold: JavaScript parses it, between the years 1 and 9999. */
function isUsableDate(date: string): boolean {
  const time = Date.parse(date);
  if (!Number.isFinite(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1 && year <= 9999;
}
