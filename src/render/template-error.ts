/**
 * A template that throws while rendering is a bug in the site's code, not in
 * the editor's content: the error names the template file and line (the
 * template bundle carries a source map, so the stack points at the .tsx),
 * keeps the stack, and says which page was being rendered.
 */
import path from 'node:path';
import { SiteError } from '../errors.ts';
import type { PageInfo } from '../model.ts';
import { toPosix } from '../files.ts';

/** `at Name (/abs/file.tsx:12:5)` or `at /abs/file.tsx:12:5`. */
const FRAME = /^\s*at (?:.*? \()?(?:file:\/\/)?(\/[^():]+|[A-Za-z]:\\[^():]+):(\d+):(\d+)\)?$/;

export function templateError(error: unknown, page: Pick<PageInfo, 'route' | 'file' | 'template'>, root: string): SiteError {
  const cause = error instanceof Error ? error : new Error(String(error));
  const stack = cause.stack ?? `${cause.name}: ${cause.message}`;
  const template = `templates/pages/${page.template}.tsx`;
  return new SiteError('template', `rendering ${page.route} failed: ${cause.message}`, {
    origin: 'template',
    location: siteFrame(stack, root) ?? { file: template },
    hint: `this is an error in the site's templates (${template} renders ${page.route}), not in ${page.file}: `
      + 'the content is valid; fix the template, or tell the site\'s developer',
    cause,
    stack,
  });
}

/** The first frame of the stack in the site's own files (its templates), relative to the root. */
function siteFrame(stack: string, root: string): { file: string; line: number; column: number } | undefined {
  for (const line of stack.split('\n')) {
    const match = FRAME.exec(line);
    if (!match) continue;
    const relative = path.relative(root, match[1]);
    if (relative.startsWith('..') || path.isAbsolute(relative) || relative.split(path.sep).includes('node_modules') || relative.startsWith('.sitegen')) continue;
    return { file: toPosix(relative), line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}
