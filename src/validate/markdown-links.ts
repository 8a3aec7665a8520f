/**
 * The links and images of a Markdown body checked as `link()` and `asset()`
 * check those of YAML fields: a link leads to a route or a public file, an
 * image is a public file. The load stage found them while converting the
 * body; each error points at the line of the .md file where the link is.
 */
import { SiteError } from '../errors.ts';
import type { MarkdownReference, MarkdownRemoval } from '../markdown/markdown.ts';
import type { RawDoc } from '../model.ts';
import { fileOf, type ValidationNotes, type ValidationScope } from '../template-api/scope.ts';
import { didYouMean } from '../did-you-mean.ts';
import { bundleFileProblem } from '../bundle-files.ts';
import { imageFacts, imageLimitProblem, VARIANT_WIDTHS } from '../template-api/image-facts.ts';
import path from 'node:path';
import { PAGES_DIR } from '../paths.ts';

/** Checks a body's links and images; the routes it links to are added to `linked`. */
export function checkMarkdownReferences(
  doc: RawDoc, references: readonly MarkdownReference[], scope: ValidationScope, errors: SiteError[], notes?: Pick<ValidationNotes, 'links' | 'copies'>,
): void {
  const bundle = scope.bundleFiles ?? new Map<string, string>();
  for (const reference of references) {
    const target = targetOf(reference.href, doc.route ?? '/');
    if (reference.kind === 'link' && scope.routes.has(target)) notes?.links?.push(target);
    if (reference.kind === 'image') {
      const file = fileOf(scope, target);
      const refused = file && bundle.get(target) === file ? bundleFileProblem(scope.root, file, true) : undefined;
      if (refused) errors.push(refusedError(doc, reference, refused));
      const facts = file && !refused ? imageFacts(path.join(scope.root, file)) : undefined;
      const limit = facts && imageLimitProblem(file!, facts);
      if (limit) errors.push(refusedError(doc, reference, { problem: limit, instead: `a page shows an image at most ${VARIANT_WIDTHS.at(-1)} pixels wide: a smaller file loads faster too` }));
      if (file) continue;
      // A relative address names a file beside the page (a page bundle), which sits at its address under content/pages/.
      const written = reference.written === undefined ? `the image public${target} does not exist`
        : `the image ${reference.written} does not exist: there is no ${PAGES_DIR}${target} beside the page (nor public${target})`;
      errors.push(referenceError(doc, reference, written, didYouMean(target, [...scope.publicFiles, ...bundle.keys()], false)));
    } else if (bundle.has(target) && !scope.routes.has(target)) {
      // A file of the page's bundle that the page links to is published at its address, if it is a type an editor may publish.
      const refused = bundleFileProblem(scope.root, bundle.get(target)!);
      if (refused) errors.push(refusedError(doc, reference, refused));
      else if (notes) (notes.copies ??= []).push(bundle.get(target)!);
    } else if (!scope.routes.has(target) && !scope.publicFiles.has(target)) {
      const suggestion = didYouMean(target, [...scope.routes, ...scope.publicFiles, ...bundle.keys()], false);
      errors.push(referenceError(doc, reference, `links to ${target}, which is neither a route nor a file in public/ or beside the page`, suggestion));
    }
  }
}

/** The route or public file an address leads to from the page at `route`: `/about#team` → `/about`, `guide` from /docs/intro → `/docs/guide`. */
export function targetOf(href: string, route: string): string {
  const { pathname } = new URL(href, `http://site${route}`);
  let target: string;
  try {
    target = decodeURIComponent(pathname);
  } catch {
    target = pathname;
  }
  return target.length > 1 ? target.replace(/\/$/, '') : '/';
}

function refusedError(doc: RawDoc, reference: MarkdownReference, refused: { problem: string; instead: string }): SiteError {
  return new SiteError('content', refused.problem, {
    location: { file: doc.file, ...positionOf(doc, reference) }, field: 'body', hint: refused.instead,
  });
}

function referenceError(doc: RawDoc, reference: MarkdownReference, message: string, suggestion: string | undefined): SiteError {
  return new SiteError('content', message, {
    location: { file: doc.file, ...positionOf(doc, reference) },
    field: 'body',
    hint: suggestion ?? (reference.kind === 'image'
      ? 'put the file in public/ and write its path from there, such as /img/photo.png'
      : 'link to a route such as /contact, or a file in public/'),
  });
}

/** A warning at the line of the body where the sanitiser removed something: what went, and what to write instead. */
export function removalWarning(doc: RawDoc, removal: MarkdownRemoval): string {
  const text = normalise(doc.body ?? '');
  let start = text.indexOf(removal.raw, removal.offset);
  if (start < 0) start = Math.max(0, text.indexOf(removal.raw));
  const { line } = positionInBody(doc, start);
  return `${doc.file}:${line}: ${removal.what} was removed from the body: ${removal.instead}`;
}

/** The line and column of the address in the file. */
function positionOf(doc: RawDoc, reference: MarkdownReference): { line: number; column: number } {
  const text = normalise(doc.body ?? '');
  let start = text.indexOf(reference.raw, reference.offset);
  if (start < 0) start = Math.max(0, text.indexOf(reference.raw));
  return positionInBody(doc, start + Math.max(0, reference.raw.indexOf(reference.href)));
}

/**
 * The file's line and column of a place in its Markdown body (`at`, counted with line endings as \n). A copy's body
 * is another file's, so its errors point at `copyOf`.
 */
export function positionInBody(doc: RawDoc, at: number): { line: number; column: number } {
  const body = doc.body ?? '';
  if (!doc.source.endsWith(body)) return doc.locate(['body']);
  const upTo = normalise(doc.source.slice(0, doc.source.length - body.length)) + normalise(body).slice(0, at);
  const lineStart = upTo.lastIndexOf('\n') + 1;
  return { line: upTo.split('\n').length, column: upTo.length - lineStart + 1 };
}

const normalise = (text: string) => text.replace(/\r\n?/g, '\n');
