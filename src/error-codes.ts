import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageRootAbove } from './package-root.ts';
import { toPosix } from './files.ts';

/**
 * Every code a SiteError can carry, defined once: each has an entry of the
 * same name in docs/errors.md (what it means, a typical cause, the fix),
 * which every printed error links to. `test/unit/error-catalogue.test.ts`
 * fails when a code is thrown that is not here, when one here is thrown
 * nowhere, or when the docs and this list differ.
 */
export const ERROR_CODES = {
  // The content and the site's files: an editor's to fix.
  'yaml-syntax': 'a content file is not valid YAML',
  content: 'a content value does not fit its template\'s schema',
  'duplicate-route': 'two content files claim one route',
  'no-pages': 'content/pages/ holds no page',
  'missing-file': 'a file the build needs is missing',
  unreadable: 'a content file cannot be read',
  symlink: 'a symbolic link in content/ or public/ leads outside its folder, to nothing, or to a private file',
  'bundle-file': 'a file beside a page would be published over another output of the build',
  'output-clash': 'a file of public/ and a page, or sitegen\'s own file, would be written at one address',
  'draft-link': 'a published page links to a draft',
  'route-clash': 'a collection\'s list page has the route of a content file',
  redirect: 'a path is redirected twice, or redirects go round in a loop',
  translation: 'a page lacks a translation the site requires, or sits outside the folders of the site\'s languages',
  data: 'a data file has no schema, a schema has no data file, or two data files share a name',
  'header-value': 'site.yaml puts a character into a header that nginx cannot send',
  // The templates: the site's developer's to fix.
  template: 'a template threw while rendering a page',
  csp: 'a page holds something the site\'s own Content-Security-Policy would block in the browser',
  'template-build': 'the templates do not compile',
  'no-templates': 'templates/pages/ holds no template',
  bundle: 'the islands, the runtime or the stylesheet do not bundle',
  'server-build': 'the site\'s server code does not compile, or does not export a server',
  // The command line.
  'bad-flag': 'a flag has a value it cannot take',
  'not-built': 'serve was asked to serve a folder with no built site',
  check: 'the built site has broken links or assets',
  'init-not-empty': 'init was pointed at a folder that is not empty',
  cache: 'sitegen cannot write its cache in .sitegen/',
  integration: 'an integration (sitegen.config.ts) is configured wrongly, or failed in one of its hooks',
  // Not the user's: a bug of sitegen.
  internal: 'an error sitegen did not expect',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Where a code is explained: the catalogue that ships in the package, as a
 * path from the folder the command runs in (`docs/errors.md#content` here,
 * `node_modules/sitegen/docs/errors.md#content` in a site that installed
 * sitegen, where a bare `docs/` would name nothing). Found when first
 * asked: this module is bundled into the site's templates too, far from
 * the package.
 */
export function errorDocsLink(code: ErrorCode): string {
  catalogue ??= catalogueFrom(process.cwd());
  return `${catalogue}#${code}`;
}

let catalogue: string | undefined;

function catalogueFrom(cwd: string): string {
  const root = packageRootAbove(path.dirname(fileURLToPath(import.meta.url)));
  if (root === undefined) return 'docs/errors.md';
  const file = path.join(root, 'docs', 'errors.md');
  const relative = path.relative(cwd, file);
  return toPosix(relative.startsWith(`..${path.sep}..${path.sep}`) ? file : relative);
}
