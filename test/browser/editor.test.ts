import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { DevSession } from '../../src/dev/dev.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { quietDev } from '../helpers/dev-session.ts';
import { copyRepoSite, tempDir } from '../helpers/site.ts';
import { copyStarter } from '../helpers/starter.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import { axeViolations, withAxe } from '../helpers/axe.ts';

/**
 * The browser editor, as a content editor uses it: this site (the home page's hero) and the news starter (a new post
 * with a picture), each under `sitegen dev`, every control found by its label.
 */
let browser: Browser;
let site: { root: string; dev: DevSession };
let news: { root: string; dev: DevSession };

/** A page template with a field of every kind the form draws, added to the news starter's copy. */
const KINDS_TEMPLATE = `import { z, image, type PageProps } from 'sitegen';
export const schema = z.strictObject({
  intro: z.string().min(1).describe('one sentence under the title'),
  story: z.string().max(2000),
  seats: z.number().int().min(1).max(500),
  layout: z.enum(['wide', 'narrow']),
  featured: z.boolean(),
  venue: z.strictObject({ city: z.string().min(1), room: z.string().optional() }),
  speakers: z.array(z.strictObject({ name: z.string().min(1), talk: z.string() })),
  poster: image(),
});
export default function Kinds({ data }: PageProps<z.infer<typeof schema>>) {
  return <section><p className="intro">{data.intro}</p><p>{data.seats} seats in {data.venue.city}</p>
    <ol className="speakers">{data.speakers.map((s) => <li key={s.name}>{s.name}: {s.talk}</li>)}</ol></section>;
}
`;
const KINDS_PAGE = `template: kinds
title: The meetup
description: A page with every kind of field.
intro: Our first meetup.
story: |
  It started in a kitchen.
  It grew.
seats: 40   # the room's limit
layout: wide
featured: false
venue:
  city: Pune
speakers:
  - name: Ada
    talk: Engines
  - name: Grace
    talk: Compilers
poster:
  src: /img/newsroom.png
  alt: The newsroom
`;

test.before(async () => {
  const siteRoot = path.join(await tempDir('sitegen-editor-site-'), 'site');
  await copyRepoSite(siteRoot);
  // A git work tree, so a test can read a save as `git diff` shows it.
  execFileSync('git', ['init', '-q'], { cwd: siteRoot });
  execFileSync('git', ['add', 'content'], { cwd: siteRoot });
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'content'], { cwd: siteRoot });
  const newsRoot = await copyStarter('news', 'sitegen-editor-news-');
  await writeFile(path.join(newsRoot, 'templates/pages/kinds.tsx'), KINDS_TEMPLATE);
  await writeFile(path.join(newsRoot, 'content/pages/kinds.yaml'), KINDS_PAGE);
  const [siteDev, newsDev] = await Promise.all([quietDev(siteRoot), quietDev(newsRoot)]);
  site = { root: siteRoot, dev: siteDev };
  news = { root: newsRoot, dev: newsDev };
  browser = await launchBrowser();
});

test.after(async () => {
  await browser?.close();
  await site?.dev.close();
  await news?.dev.close();
});

async function openEditor(on: { dev: DevSession }, file?: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(browser, { width: 1440, height: 900 });
  await opened.page.goto(`${on.dev.server.url}/__sitegen/edit${file ? `#${encodeURIComponent(file)}` : ''}`);
  if (file) await opened.page.getByRole('status').filter({ hasText: `Opened ${file}` }).waitFor();
  else await opened.page.getByRole('navigation', { name: 'Content files' }).getByRole('link').first().waitFor();
  return opened;
}

const saveButton = (page: Page) => page.getByRole('button', { name: 'Save', exact: true });
const status = (page: Page) => page.locator('p.status');

test('the list shows every content file grouped as the site is, with the page each becomes, and search narrows it', async () => {
  const { page, errors } = await openEditor(site);
  const files = page.getByRole('navigation', { name: 'Content files' });
  for (const group of ['Site', 'Pages', 'Data']) await files.getByRole('region', { name: group }).waitFor();
  const pages = files.getByRole('region', { name: 'Pages' });
  assert.ok(await pages.getByRole('link', { name: /About Us .*\/about$/ }).isVisible(), 'a page by its title and route');
  assert.ok(await files.getByRole('region', { name: 'Data' }).getByRole('link', { name: /logos\.yaml/ }).isVisible());
  await page.getByLabel('Search files').fill('passwordless');
  await waitUntil(async () => (await files.getByRole('link').count()) === 1, 'one file matches');
  assert.match(await files.getByRole('link').textContent() ?? '', /\/passwordless/);
  await files.getByRole('link').click();
  await page.getByRole('heading', { level: 2, name: /Password-less Authentication/ }).waitFor();
  assert.equal(errors, []);
});

test('a content editor changes the home page\'s hero: the preview follows each pause in typing, and the save is one line in git diff', async () => {
  const { page, errors } = await openEditor(site, 'content/pages/index.yaml');
  const preview = page.frameLocator('iframe[title="Preview of /"]');
  await preview.getByRole('heading', { level: 1, name: 'Stop Cyber Fraud Without Slowing Your Customers Down' }).waitFor();
  const heroTitle = page.getByRole('group', { name: 'Hero' }).getByRole('textbox', { name: 'Title', exact: true });
  await heroTitle.fill('Stop fraud, not customers');
  // The page in the frame is the real page rendered with the unsaved text: nothing is written yet.
  await preview.getByRole('heading', { level: 1, name: 'Stop fraud, not customers' }).waitFor();
  assert.is(execFileSync('git', ['diff', '--stat'], { cwd: site.root, encoding: 'utf8' }), '', 'nothing saved while typing');
  await heroTitle.press('End');
  await heroTitle.pressSequentially('!');
  await preview.getByRole('heading', { level: 1, name: 'Stop fraud, not customers!' }).waitFor();
  await saveButton(page).click();
  await status(page).filter({ hasText: 'Saved content/pages/index.yaml' }).waitFor();
  const diff = execFileSync('git', ['diff', '-U0', '--', 'content/pages/index.yaml'], { cwd: site.root, encoding: 'utf8' });
  const changed = diff.split('\n').filter((line) => /^[-+][^-+]/.test(line));
  assert.equal(changed, ['-  title: Stop Cyber Fraud Without Slowing Your Customers Down', '+  title: Stop fraud, not customers!']);
  await waitUntil(async () => (await (await fetch(`${site.dev.server.url}/`)).text()).includes('Stop fraud, not customers!'), 'dev serves the saved page', { timeoutMs: 5000 });
  assert.equal(errors, []);
});

test('a value the build refuses is shown at its field as it is typed, and its save is refused with nothing written', async () => {
  const { page } = await openEditor(site, 'content/pages/about.yaml');
  const before = await readFile(path.join(site.root, 'content/pages/about.yaml'), 'utf8');
  const title = page.getByRole('textbox', { name: 'Title', exact: true }).first();
  await title.fill('');
  await page.locator('input[aria-invalid="true"]').first().waitFor();
  const message = page.locator(`#${await title.getAttribute('aria-describedby').then((ids) => ids!.split(' ').find((id) => id.endsWith('-error')))}`);
  await message.waitFor();
  assert.match(await message.textContent() ?? '', /must not be empty/);
  assert.is(await title.getAttribute('aria-invalid'), 'true');
  await saveButton(page).click();
  await status(page).filter({ hasText: 'Not saved: the build would fail' }).waitFor();
  assert.is(await readFile(path.join(site.root, 'content/pages/about.yaml'), 'utf8'), before);
});

test('two tabs on one file: the second save is refused as a conflict, and reloading shows the first tab\'s change', async () => {
  const first = await openEditor(site, 'content/pages/contact.yaml');
  const second = await openEditor(site, 'content/pages/contact.yaml');
  const description = (page: Page) => page.getByRole('textbox', { name: 'Description', exact: true }).first();
  await description(first.page).fill('Write to us, we answer within a day.');
  await saveButton(first.page).click();
  await status(first.page).filter({ hasText: 'Saved' }).waitFor();
  await description(second.page).fill('Another text, typed at the same time.');
  await saveButton(second.page).click();
  const alert = second.page.getByRole('alert').filter({ hasText: 'changed since it was opened' });
  await alert.waitFor();
  assert.match(await readFile(path.join(site.root, 'content/pages/contact.yaml'), 'utf8'), /description: Write to us, we answer within a day\./);
  await alert.getByRole('button', { name: 'Reload the file' }).click();
  await waitUntil(async () => (await description(second.page).inputValue()) === 'Write to us, we answer within a day.', 'the reloaded file');
});

test('a file the build cannot read opens as text with the build\'s error, and is fixed without a text editor', async () => {
  const file = path.join(site.root, 'content/pages/sso.yaml');
  const good = await readFile(file, 'utf8');
  await writeFile(file, good.replace(/^title: (.*)$/m, 'title: [$1'));
  await site.dev.idle();
  const { page } = await openEditor(site, 'content/pages/sso.yaml');
  const problems = page.getByRole('region', { name: 'The build says' });
  await problems.waitFor();
  assert.match(await problems.textContent() ?? '', /YAML syntax error/);
  const text = page.getByLabel('The file’s text (YAML)');
  await text.fill((await text.inputValue()).replace(/^title: \[/m, 'title: '));
  await page.waitForFunction(() => !document.querySelector('.problems'));
  await saveButton(page).click();
  await status(page).filter({ hasText: 'Saved content/pages/sso.yaml' }).waitFor();
  assert.is(await readFile(file, 'utf8'), good);
});

test('the form draws every kind of field from the schema, and lists are added to, reordered and removed from', async () => {
  const { page, errors } = await openEditor(news, 'content/pages/kinds.yaml');
  assert.is(await page.getByRole('textbox', { name: 'Intro' }).inputValue(), 'Our first meetup.');
  assert.ok(await page.getByText('one sentence under the title').isVisible(), 'a description is the field\'s help');
  assert.is(await page.getByRole('textbox', { name: 'Story' }).evaluate((node) => node.tagName), 'TEXTAREA', 'long text');
  assert.is(await page.getByRole('spinbutton', { name: 'Seats' }).inputValue(), '40');
  assert.is(await page.getByRole('combobox', { name: 'Layout' }).inputValue(), 'wide');
  assert.is(await page.getByRole('checkbox', { name: 'Featured' }).isChecked(), false);
  assert.is(await page.getByRole('group', { name: 'Venue' }).getByRole('textbox', { name: 'City' }).inputValue(), 'Pune');
  const poster = page.getByRole('group', { name: 'Poster' });
  assert.is(await poster.getByRole('combobox', { name: 'Src' }).inputValue(), '/img/newsroom.png');
  assert.ok(await poster.getByLabel('Upload an image for poster').isVisible(), 'an image field takes an upload');
  const speakers = page.getByRole('group', { name: 'Speakers' });
  await speakers.getByRole('button', { name: 'Add speaker' }).click();
  const third = speakers.getByRole('listitem').nth(2);
  await third.getByRole('textbox', { name: 'Name' }).fill('Katherine');
  await third.getByRole('textbox', { name: 'Talk' }).fill('Orbits');
  await speakers.getByRole('button', { name: 'Move speaker 3 up' }).click();
  await speakers.getByRole('button', { name: 'Remove speaker 1' }).click();
  await page.getByRole('spinbutton', { name: 'Seats' }).fill('45');
  await page.getByRole('combobox', { name: 'Layout' }).selectOption('narrow');
  await page.getByRole('checkbox', { name: 'Featured' }).check();
  await saveButton(page).click();
  await status(page).filter({ hasText: 'Saved content/pages/kinds.yaml' }).waitFor();
  const saved = await readFile(path.join(news.root, 'content/pages/kinds.yaml'), 'utf8');
  assert.is(saved, KINDS_PAGE
    .replace('seats: 40   # the room\'s limit', 'seats: 45   # the room\'s limit')
    .replace('layout: wide', 'layout: narrow').replace('featured: false', 'featured: true')
    .replace('  - name: Ada\n    talk: Engines\n  - name: Grace\n    talk: Compilers\n', '  - name: Katherine\n    talk: Orbits\n  - name: Grace\n    talk: Compilers\n'));
  assert.equal(errors, []);
});

test('a content editor adds a news post with a picture: a new page like the posts beside it, an upload, and its cover', async () => {
  const { page, errors } = await openEditor(news);
  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Folder').selectOption({ label: 'news' });
  await dialog.getByLabel('Title').fill('Our autumn release');
  await dialog.getByLabel('Description').fill('What changed this autumn.');
  await dialog.getByRole('button', { name: 'Create the page' }).click();
  await status(page).filter({ hasText: 'Opened content/pages/news/our-autumn-release.md' }).waitFor();
  const created = await readFile(path.join(news.root, 'content/pages/news/our-autumn-release.md'), 'utf8');
  assert.match(created, /^---\ntemplate: post\ntitle: Our autumn release\ndescription: What changed this autumn\.\ndate: \d{4}-\d{2}-\d{2}\ntags: \[\]\n---\n/);
  // An upload the build would refuse: bytes that are no PNG, under a PNG's name.
  await page.getByText(/^More fields/).first().click();
  const cover = page.getByRole('group', { name: 'Cover' });
  const upload = cover.getByLabel('Upload an image for cover');
  await upload.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<html>not an image</html>') });
  await cover.getByText(/fake\.png is not a PNG image/).waitFor();
  const png = await readFile(path.join(news.root, 'public/img/newsroom.png'));
  await upload.setInputFiles({ name: 'Autumn release.png', mimeType: 'image/png', buffer: png });
  await cover.getByText('Uploaded as /img/Autumn-release.png').waitFor();
  assert.is(await cover.getByRole('combobox', { name: 'Src' }).inputValue(), '/img/Autumn-release.png');
  await cover.getByRole('textbox', { name: 'Alt' }).fill('The autumn release, in colours');
  const body = page.getByLabel('Body (Markdown)');
  await body.fill('The release is out.\n\n## What changed\n\nMuch.\n');
  // A component the site's Markdown allows, its props as a form, written where the cursor is.
  await body.press('Control+End');
  const insert = page.getByRole('group', { name: 'Insert a component' });
  await insert.getByLabel('Component').selectOption('Callout');
  await insert.getByRole('combobox', { name: 'Link' }).fill('/search');
  await insert.getByRole('textbox', { name: 'Label' }).fill('Search the site');
  await insert.getByLabel('Its text (Markdown)').fill('Looking for an **older** post?');
  await insert.getByRole('button', { name: 'Insert Callout into the body' }).click();
  assert.is(await body.inputValue(), 'The release is out.\n\n## What changed\n\nMuch.\n\n::: Callout\nlink: /search\nlabel: Search the site\n---\nLooking for an **older** post?\n:::\n');
  const preview = page.frameLocator('iframe[title="Preview of /news/our-autumn-release"]');
  await preview.getByRole('link', { name: 'Search the site' }).waitFor();
  await preview.getByRole('heading', { level: 2, name: 'What changed' }).waitFor();
  await preview.getByRole('img', { name: 'The autumn release, in colours' }).waitFor();
  await saveButton(page).click();
  await status(page).filter({ hasText: 'Saved content/pages/news/our-autumn-release.md' }).waitFor();
  const saved = await readFile(path.join(news.root, 'content/pages/news/our-autumn-release.md'), 'utf8');
  assert.match(saved, /\ncover:\n {2}src: \/img\/Autumn-release\.png\n {2}alt: The autumn release, in colours\n---\nThe release is out\./);
  await waitUntil(async () => (await (await fetch(`${news.dev.server.url}/news`)).text()).includes('Our autumn release'), 'the post is in the news list', { timeoutMs: 5000 });
  assert.equal(errors.filter((error) => !/status of 422/.test(error)), [], 'no error but the refused upload\'s answer');
});

test('axe finds no violation in the editor with a form of every kind open, light at 375 px and dark at 1440 px', async () => {
  const found: string[] = [];
  for (const { colorScheme, width } of [{ colorScheme: 'light', width: 375 }, { colorScheme: 'dark', width: 1440 }] as const) {
    const browsing = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
    await withAxe(browsing);
    try {
      const page = await browsing.newPage();
      await page.goto(`${news.dev.server.url}/__sitegen/edit#${encodeURIComponent('content/pages/kinds.yaml')}`);
      await page.locator('p.status').filter({ hasText: 'Opened content/pages/kinds.yaml' }).waitFor();
      const violations = await axeViolations(page);
      found.push(...violations.map((violation) => `${colorScheme} @${width}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`));
    } finally {
      await browsing.close();
    }
  }
  assert.equal(found, []);
});

test('another site\'s page can neither frame the editor nor make it write, and a rebound Host is refused', async () => {
  // A page on another origin (another port is another origin) that tries what an attacker's page would.
  const attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>elsewhere</title><iframe title="editor" src="${site.dev.server.url}/__sitegen/edit"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  try {
    const { page } = await openPage(browser);
    const file = path.join(site.root, 'content/pages/about.yaml');
    const before = await readFile(file, 'utf8');
    await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
    const framed = await page.frame({ url: /__sitegen\/edit/ })?.evaluate(() => document.body?.innerHTML ?? '').catch(() => '') ?? '';
    assert.not.match(framed, /sitegen-edit-token|Edit the site/, 'the editor does not load in another site\'s frame');
    const answers = await page.evaluate(async (api) => {
      const body = JSON.stringify({ path: 'content/pages/about.yaml', version: 'x', text: 'template: page\ntitle: Owned\n' });
      const simple = await fetch(`${api}/save`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body }).then(() => 'sent', () => 'failed');
      const withToken = await fetch(`${api}/save`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sitegen-edit-token': 'guess' }, body })
        .then((response) => String(response.status), () => 'blocked');
      return { simple, withToken };
    }, `${site.dev.server.url}/__sitegen/edit/api`);
    assert.is(answers.withToken, 'blocked', 'a request with the editor\'s header is stopped before it is sent');
    assert.is(await readFile(file, 'utf8'), before, 'nothing written');
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
  }
  const url = new URL(site.dev.server.url);
  const status = await new Promise<number>((resolve, reject) => {
    http.get({ host: url.hostname, port: url.port, path: '/__sitegen/edit', headers: { host: 'attacker.example' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on('error', reject);
  });
  assert.is(status, 403);
});

test.run();

