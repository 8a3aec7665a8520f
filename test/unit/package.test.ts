/**
 * sitegen as another project's dependency: the packed tarball (without
 * this repository's site or its server), installed with npm beside a new
 * site, runs `sitegen init`, `build`, `check` and `serve` there
 * (npm hoists React and the rest above sitegen's folder, which is what broke
 * before). The registry's packages come from npm's local cache when it has them.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REPO_ROOT, tempDir } from '../helpers/site.ts';
import { serveCli } from '../helpers/api-site.ts';

const run = promisify(execFile);
const { FORCE_COLOR: _color, ...PLAIN_ENV }: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', NODE_ENV: 'production' };

async function npm(args: string[], cwd: string) {
  return run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: PLAIN_ENV, maxBuffer: 16 * 1024 * 1024 });
}

async function npx(args: string[], cwd: string) {
  return run('npx', ['--no-install', 'sitegen', ...args], { cwd, env: PLAIN_ENV });
}

let packing: Promise<{ tarball: string; paths: string[] }> | undefined;

/** sitegen packed by `npm pack` (its prepack writes the type declarations), once for this file's tests: the tarball and what it holds. */
function packedSitegen(): Promise<{ tarball: string; paths: string[] }> {
  packing ??= (async () => {
    const packDir = await tempDir('sitegen-pack-');
    const { stdout: packed } = await npm(['pack', '--json', '--pack-destination', packDir], REPO_ROOT);
    const [{ filename, files }] = JSON.parse(packed) as { filename: string; files: { path: string }[] }[];
    return { tarball: path.join(packDir, filename), paths: files.map((file) => file.path) };
  })();
  return packing;
}

test('the packed package installs into another project, whose `sitegen init`, `build` and `check` work there', async () => {
  const { tarball, paths } = await packedSitegen();
  for (const needed of ['bin/sitegen.js', 'bin/compile.js', 'src/cli.ts', 'src/template-api/index.ts', 'starter/content/site.yaml', 'LICENSE']) {
    assert.ok(paths.includes(needed), `missing from the package: ${needed}`);
  }
  const private_ = paths.filter((file) => /^(\.sitegen|content|templates|public|server|test|dist)\/|(^|\/)\.sitegen\/|\.pem$/.test(file));
  assert.equal(private_, [], 'nothing of this site, its server, its tests or its secrets in the package');
  const backend = paths.filter((file) => /envelope|store|submissions|license|login|users|migrations/.test(file) && !file.startsWith('docs/'));
  assert.equal(backend, [], 'none of this company\'s backend (the forms\' store, the login, its commands)');

  const project = await tempDir('sitegen-project-');
  await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'another-site', private: true, type: 'module' }));
  await npm(['install', '--prefer-offline', tarball], project);
  assert.ok((await readdir(path.join(project, 'node_modules'))).includes('react'), 'React is hoisted beside sitegen, as npm installs it');

  const init = await npx(['init', 'site'], project);
  assert.match(init.stdout, 'wrote a starter site in site');
  assert.match(init.stdout, 'next: `cd site && npm run dev`');
  // The starter's own npm scripts run the sitegen installed above it.
  const scripted = await run('npm', ['run', 'build', '--loglevel=error'], { cwd: path.join(project, 'site'), env: PLAIN_ENV });
  assert.match(scripted.stdout, 'built 2 pages', 'npm run build in the site runs sitegen build');

  const build = await npx(['build', '--root', 'site'], project);
  // The same site and output as `npm run build` above: the page is taken from its cache, as on a site of any size.
  assert.match(build.stdout, 'built 2 pages, 0 rendered and the rest unchanged into site/dist');
  assert.not.match(build.stdout, 'note: the endpoints', 'a site without server code hears nothing of endpoints');
  const warnings = build.stderr.split('\n').filter((line) => line.startsWith('warning'));
  assert.equal(warnings, [], `a starter that asked for nothing hears of nothing (no gate it never asked for):\n${build.stderr}`);
  const home = await readFile(path.join(project, 'site', 'dist', 'index.html'), 'utf8');
  assert.match(home, '<h1>Welcome</h1>', 'the Markdown page, rendered in its template');
  assert.match(home, /<link rel="stylesheet" href="\/assets\/[^"]+\.css"/, 'with the hashed stylesheet');

  const check = await npx(['check', '--root', 'site'], project);
  assert.match(check.stdout, 'content valid; 2 pages');

  // This repository's own commands are its site's, not the generator's.
  const unknown = await npx(['submissions', '--root', 'site'], project).then(() => undefined, (error: { stderr: string }) => error.stderr);
  assert.match(unknown ?? '(it ran)', "unknown command 'submissions'");

  // Served purely static: no API, no warning, no database file.
  const installed = { bin: path.join(project, 'node_modules', 'sitegen', 'bin', 'sitegen.js'), cwd: project, env: PLAIN_ENV };
  const serving = await serveCli('site', installed);
  try {
    const contact = await fetch(`${serving.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.ok(contact.status === 404 || contact.status === 405, `POST /api/contact: ${contact.status}`);
    assert.is((await fetch(`${serving.url}/`)).status, 200);
    // An honest 404, with the starter's own page: no soft 404 that sends every unknown address home.
    const unknownPage = await fetch(`${serving.url}/no-such-page`, { redirect: 'manual' });
    assert.is(unknownPage.status, 404);
    assert.match(await unknownPage.text(), '<h1>Page not found</h1>');
  } finally {
    await serving.stop();
  }
  assert.not.ok(existsSync(path.join(project, 'site', 'dist', '_redirects')), 'no catch-all for Netlify-style hosts either');
  assert.not.match(serving.output(), 'warning', 'no warning');
  assert.not.ok(existsSync(path.join(project, 'site', '.sitegen', 'submissions.db')), 'no database file');

  // The news starter's endpoint, compiled against the installed sitegen's `sitegen/server`.
  await npx(['init', 'news', '--starter', 'news'], project);
  const newsBuild = await npx(['build', '--root', 'news'], project);
  assert.match(newsBuild.stdout, 'note: the endpoints of server/index.ts are served by `sitegen serve` and `sitegen start`', 'the build says its endpoints need a server');
  const news = await serveCli('news', installed);
  try {
    const signUp = await fetch(`${news.url}/api/newsletter`, { method: 'POST', body: new URLSearchParams({ email: 'ada@example.com' }), redirect: 'manual' });
    assert.is(signUp.status, 303, await signUp.text());
    assert.ok(signUp.headers.get('content-security-policy'), 'with the generator\'s headers');
    assert.is((await fetch(`${news.url}/news/no-such-post`, { redirect: 'manual' })).status, 404, 'the news starter answers an unknown address 404 too');
  } finally {
    await news.stop();
  }
  assert.match(await readFile(path.join(project, 'news', '.sitegen', 'newsletter.jsonl'), 'utf8'), 'ada@example.com');

  // The docs starter: its sitegen.config.ts (the theme script) bundled against the installed sitegen's `sitegen/config`.
  await npx(['init', 'docs', '--starter', 'docs'], project);
  await npx(['build', '--root', 'docs'], project);
  await npx(['check', '--root', 'docs'], project);
  const docsPage = await readFile(path.join(project, 'docs', 'dist', 'guides', 'getting-started.html'), 'utf8');
  assert.match(docsPage, 'aria-current="page">Getting started</a>');
  assert.match(docsPage, "localStorage.getItem('theme')");
  // A component with a Markdown body, as the starter's own guide writes one: its words formatted, not shown as ** and `.
  const guide = await readFile(path.join(project, 'docs', 'dist', 'guides', 'writing-pages.html'), 'utf8');
  assert.match(guide, /<aside class="aside aside--tip"[^>]*>.*?<p>An aside sets a note apart from the text\. Its type is <strong>note<\/strong>/s);
  assert.match(guide, '<a href="/guides/getting-started">link to a page</a>');

  // Types in the editor, as docs/getting-started.md sets them up: each starter's tsconfig.json, as written, type-checks
  // its templates, configuration and server code against the package's declarations of sitegen, sitegen/config and
  // sitegen/server, with no error; and a mistake in a template is one.
  assert.ok(paths.includes('types/template-api/index.d.ts') && paths.includes('types/integrations/index.d.ts') && paths.includes('types/site-server/api.d.ts'), 'the declarations are packed');
  await npm(['install', '--prefer-offline', '--save-dev', '--include=dev', 'typescript@5', '@types/react@19', '@types/node@24'], project);
  const tsc = (site: string) => run('npx', ['--no-install', 'tsc', '-p', site], { cwd: project, env: PLAIN_ENV }).then(
    () => '', (error: { stdout: string; stderr: string }) => `${error.stdout}${error.stderr}`,
  );
  for (const site of ['site', 'news', 'docs']) assert.is(await tsc(site), '', `${site}: tsc -p ${site} finds no error`);
  const template = path.join(project, 'site', 'templates', 'pages', 'markdown.tsx');
  await writeFile(template, (await readFile(template, 'utf8')).replace('page.title', 'page.titel'));
  assert.match(await tsc('site'), "Property 'titel' does not exist on type 'PageInfo'. Did you mean 'title'?");
});

test('npm create sitegen: the packed create-sitegen writes a starter with sitegen and Node 24 installed, whose npm scripts build it', async () => {
  const packDir = await tempDir('sitegen-create-pack-');
  const packOf = async (cwd: string) => (JSON.parse((await npm(['pack', '--json', '--pack-destination', packDir], cwd)).stdout) as { filename: string }[])[0].filename;
  const sitegen = (await packedSitegen()).tarball;
  const create = path.join(packDir, await packOf(path.join(REPO_ROOT, 'packages', 'create-sitegen')));
  const where = await tempDir('sitegen-create-');
  // What `npm create sitegen@latest made -- --starter news` runs, from the tarball rather than the registry.
  const made = await run('npm', ['exec', '--yes', `--package=${create}`, '--', 'create-sitegen', 'made', '--starter', 'news', '--sitegen', sitegen], { cwd: where, env: PLAIN_ENV });
  assert.match(made.stdout, 'wrote the news starter in made, with sitegen and Node 24 installed');
  assert.match(made.stdout, 'next: `cd made && npm run dev`');
  const site = path.join(where, 'made');
  const manifest = JSON.parse(await readFile(path.join(site, 'package.json'), 'utf8'));
  assert.equal(manifest.scripts, { dev: 'sitegen dev', build: 'sitegen build', start: 'sitegen start', check: 'sitegen check' });
  assert.equal(Object.keys(manifest.devDependencies).sort(), ['node', 'sitegen']);
  assert.ok(existsSync(path.join(site, 'content', 'pages', 'news', 'hello-world.md')), 'the news starter\'s posts');
  assert.not.ok(existsSync(path.join(site, '.create-sitegen')), 'no staging folder left');
  // The npm scripts run the Node 24 installed beside sitegen, whatever Node the machine has first on its PATH.
  const { stdout: version } = await run('npm', ['exec', '--', 'node', '--version'], { cwd: site, env: PLAIN_ENV });
  assert.match(version, /^v24\./);
  const built = await run('npm', ['run', 'build', '--loglevel=error'], { cwd: site, env: PLAIN_ENV });
  assert.match(built.stdout, /built \d+ pages into dist/);
  assert.ok(existsSync(path.join(site, 'dist', 'news', 'hello-world.html')));
  // A folder that is not empty is refused, and nothing is written into it.
  const refused = await run('npm', ['exec', '--yes', `--package=${create}`, '--', 'create-sitegen', 'made'], { cwd: where, env: PLAIN_ENV })
    .then(() => '', (error: { stderr: string }) => error.stderr);
  assert.match(refused, 'create-sitegen: made is not empty; nothing was written');
  // Without --sitegen nothing is installed: the registry's `sitegen` is another project's, and would run its scripts.
  const unsaid = await run('npm', ['exec', '--yes', `--package=${create}`, '--', 'create-sitegen', 'other'], { cwd: where, env: PLAIN_ENV })
    .then(() => '', (error: { stderr: string }) => error.stderr);
  assert.match(unsaid, 'create-sitegen: say which sitegen to install: it is not on the npm registry');
  assert.not.ok(existsSync(path.join(where, 'other')), 'no folder was made');
  // A relative path to the tarball means it from where npm create ran, not from the new folder.
  const relative = await run('npm', ['exec', '--yes', `--package=${create}`, '--', 'create-sitegen', 'relative', '--sitegen', path.relative(where, sitegen)], { cwd: where, env: PLAIN_ENV });
  assert.match(relative.stdout, 'wrote the basic starter in relative');
  assert.is(JSON.parse(await readFile(path.join(where, 'relative', 'package.json'), 'utf8')).devDependencies.sitegen, `file:${sitegen}`);
});

test.run();
