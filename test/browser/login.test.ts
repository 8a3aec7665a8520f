/**
 * The customer login end to end in Chromium: the real CLI makes the keys and
 * a customer (password on standard input), the site is built and served with
 * the reference API, and the visitor logs in, goes back, fails, reloads.
 * Also the contact and demo forms through the real API, listed by the real
 * `sitegen submissions`, and the grep of dist/ for the private license.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import type { Browser, Page } from 'playwright-core';
import { buildSite } from '../../src/pipeline.ts';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import { createReferenceApi } from '../helpers/reference-api.ts';
import { holdScript, launchBrowser, openPage, slowScripts } from '../helpers/browser.ts';
import { REPO_ROOT, copyRepoSite, tempDir } from '../helpers/site.ts';

interface Context {
  root: string;
  outDir: string;
  browser: Browser;
  server: RunningServer;
}

const PASSWORD = 'open sesame 42';
const login = suite<Context>('login');

login.before(async (context) => {
  try {
    process.env.SITEGEN_QUIET = '1';
    context.root = await tempDir('sitegen-login-');
    await copyRepoSite(context.root);
    await sitegen(['keys', '--root', context.root]);
    await sitegen(['users', 'add', 'alice', '--root', context.root], `${PASSWORD}\n`);
    context.outDir = (await buildSite({ root: context.root, outDir: path.join(context.root, 'dist') })).outDir;
    const api = await createReferenceApi(context.root, { contactLimit: { max: 1000, windowMs: 60_000 } });
    context.server = await startServer({ outDir: context.outDir, port: 0, host: '127.0.0.1', handlers: [api] });
    context.browser = await launchBrowser();
  } catch (error) {
    console.error(error);
    throw error;
  }
});

login.after(async (context) => {
  await context.browser?.close();
  await context.server?.close();
});

/** Runs the real CLI; resolves its standard output, rejects with its standard error. */
function sitegen(args: string[], input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin', 'sitegen.js'), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`sitegen ${args.join(' ')} exited ${code}: ${err}`))));
    child.stdin.end(input);
  });
}

/** /customerlogin with the form live: it hydrates when the visitor reaches into it, here a pointer over it. */
async function openLogin(context: Context): Promise<{ page: Page; errors: string[] }> {
  const opened = await openPage(context.browser);
  await opened.page.goto(context.server.url + '/customerlogin');
  await opened.page.hover('.login');
  await opened.page.waitForSelector('sitegen-island[name=login][hydrated]', { timeout: 10_000 });
  return opened;
}

async function submitLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

login('the form: heading Login, labelled required fields, the star hidden from assistive technology', async (context) => {
  const { page } = await openLogin(context);
  try {
    assert.is(await page.getByRole('heading', { level: 1 }).textContent(), 'Login');
    const username = page.getByLabel('Username');
    const password = page.getByLabel('Password');
    assert.is(await username.getAttribute('type'), 'text');
    assert.is(await password.getAttribute('type'), 'password');
    assert.ok(await username.evaluate((input) => (input as HTMLInputElement).required), 'Username is required');
    assert.ok(await password.evaluate((input) => (input as HTMLInputElement).required), 'Password is required');
    assert.is(await page.locator('.login .field__star[aria-hidden=true]').count(), 2, 'two aria-hidden stars');
    // The accessible names leave the aria-hidden star out.
    assert.is(await page.getByRole('textbox', { name: 'Username', exact: true }).count(), 1, 'the Username input is named "Username"');
  } finally {
    await page.close();
  }
});

login('a real login reaches /license without a page load and shows the table; Back returns to the form', async (context) => {
  const { page, errors } = await openLogin(context);
  try {
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await submitLogin(page, 'alice', PASSWORD);
    await page.waitForURL(context.server.url + '/license', { timeout: 10_000 });
    await page.getByRole('heading', { name: 'LICENSE ISSUED' }).waitFor();
    assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'the page reloaded');
    const rows = Object.fromEntries(await page.$$eval('.license__table tr', (trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent])));
    const license = await privateLicense();
    assert.equal(rows, {
      'Client name': license.client,
      'Product name and version': 'adapID AI 1.0.0',
      'Total licenses': '2,000',
      'License type': 'SaaS',
      Validity: '3 years',
      'Activation date': '27-03-2025',
      'End date': '26-03-2028',
      'Agreement date': '26-03-2025',
      'SAC/HSN code': '997331',
    });
    const sentence = await page.locator('.license__confirmation').textContent();
    assert.ok(sentence?.includes(license.tender), `the tender reference is in "${sentence}"`);
    assert.ok(sentence?.includes(license.client), 'the client is named in the confirmation');

    await page.goBack();
    await page.waitForURL(context.server.url + '/customerlogin');
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), 'Back reloaded the page');
    assert.equal(errors, [], 'console errors during a good login');
  } finally {
    await page.close();
  }
});

login('the portal names who signed in; printed, the license is the document alone; Sign Out forgets it and goes home', async (context) => {
  const { page, errors } = await openLogin(context);
  try {
    await submitLogin(page, 'alice', PASSWORD);
    await page.getByRole('heading', { name: 'LICENSE ISSUED' }).waitFor({ timeout: 10_000 });
    const account = page.getByRole('group', { name: 'Signed in as alice' });
    assert.is((await account.locator('.license__user').textContent())?.replace(/\s+/g, ' '), 'Signed in as alice');
    await page.emulateMedia({ media: 'print' });
    for (const hidden of ['.navbar', '.footer', '.banner', '.license__sign-out', '.license__print']) {
      assert.not.ok(await page.locator(hidden).first().isVisible(), `${hidden} is printed`);
    }
    assert.ok(await page.locator('.license__table').isVisible(), 'the table is printed');
    assert.is(await page.locator('.license__table td').first().evaluate((cell) => getComputedStyle(cell).color), 'rgb(0, 0, 0)', 'black on white');
    await page.emulateMedia({ media: 'screen' });
    await account.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(context.server.url + '/');
    await page.goBack();
    // Back after signing out: the login page's entry, its form, never the license (the /license entry was replaced).
    await page.waitForURL(context.server.url + '/customerlogin');
    assert.is(await page.getByRole('heading', { name: 'LICENSE ISSUED' }).count(), 0, 'the license came back after signing out');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

login('typed and sent before the island is live: the login still goes through, and the password never reaches the URL', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    // The island's chunk takes a second to come, as on a slow phone network; until the visitor reaches in, none is asked for.
    const asked = await slowScripts(page, 1000);
    await page.goto(context.server.url + '/customerlogin');
    await page.waitForLoadState('load');
    const beforeReaching = [...asked];
    // Its chunk comes only once all is typed and sent, however long the typing took on a busy machine.
    const release = await holdScript(page, (await page.locator('sitegen-island[name=login]').getAttribute('src'))!);
    await page.getByLabel('Username').pressSequentially('alice');
    await page.getByLabel('Password').pressSequentially(PASSWORD);
    assert.not.ok(await page.locator('sitegen-island[name=login]').evaluate((island) => island.hasAttribute('hydrated')), 'the island was live before its chunk came');
    await page.keyboard.press('Enter');
    release();
    await page.waitForURL(context.server.url + '/license', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'LICENSE ISSUED' }).waitFor();
    const chunk = await page.locator('sitegen-island[name=login]').getAttribute('src');
    assert.ok(chunk && asked.includes(chunk), `the island's chunk ${chunk} was never fetched: ${asked}`);
    assert.not.ok(beforeReaching.includes(chunk), 'the island\'s chunk was fetched before the visitor reached in');
    assert.not.ok(page.url().includes(PASSWORD), 'the password went into the address');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

login('a wrong password shows the error toast, clears both fields and stays', async (context) => {
  const { page } = await openLogin(context);
  try {
    await submitLogin(page, 'alice', 'not the password');
    const toast = page.locator('[role=alert] .toast');
    await toast.waitFor({ timeout: 10_000 });
    assert.ok((await toast.textContent())?.includes('Incorrect credentials'), 'the toast says Incorrect credentials');
    assert.is(await page.getByLabel('Username').inputValue(), '');
    assert.is(await page.getByLabel('Password').inputValue(), '');
    assert.is(new URL(page.url()).pathname, '/customerlogin');
  } finally {
    await page.close();
  }
});

login('loading or reloading /license lands on /, with and without JavaScript', async (context) => {
  for (const javaScriptEnabled of [true, false]) {
    const browserContext = await context.browser.newContext({ javaScriptEnabled });
    const page = await browserContext.newPage();
    try {
      await page.goto(context.server.url + '/license');
      await page.waitForURL(context.server.url + '/', { timeout: 10_000 });
      await page.reload();
      assert.is(new URL(page.url()).pathname, '/', `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`);
    } finally {
      await browserContext.close();
    }
  }
});

login('contact and demo submits through the real forms are stored and listed by sitegen submissions', async (context) => {
  const submit = async (route: string, values: Record<string, string>) => {
    const { page } = await openPage(context.browser);
    try {
      await page.goto(context.server.url + route);
      // As a visitor would: straight in, whether or not the island is live yet (the runtime keeps what comes early).
      for (const [name, value] of Object.entries(values)) await page.fill(`.request-form [name="${name}"]`, value);
      await page.click('.request-form button[type=submit]');
      await page.locator('[role=status] .toast').last().waitFor({ timeout: 10_000 });
      return page;
    } catch (error) {
      await page.close();
      throw error;
    }
  };
  await (await submit('/contact', { name: 'Asha', company_name: 'Acme Bank', email_id: 'asha@acme', mobile_number: '1', message: 'Hi, "team"' })).close();
  const demo = await submit('/demo', { name: 'Ravi', lastname: 'Kumar', company_name: 'Acme Pay', email_id: 'ravi@acme', mobile_number: '2' });
  // The same visit's second submit carries request_type '' (spec §4).
  for (const [name, value] of Object.entries({ name: 'Ravi', company_name: 'Acme Pay', email_id: 'ravi@acme', mobile_number: '3' })) await demo.fill(`.request-form [name="${name}"]`, value);
  await demo.click('.request-form button[type=submit]');
  await demo.waitForFunction(() => document.querySelectorAll('[role=status] .toast').length >= 2 || document.querySelectorAll('.toast').length >= 2, undefined, { timeout: 10_000 });
  await demo.close();

  const rows = JSON.parse(await sitegen(['submissions', '--root', context.root])) as { request_type: string; name: string; mobile_number: string; message: string | null }[];
  assert.equal(rows.map((row) => [row.request_type, row.name, row.mobile_number]), [['contact', 'Asha', '1'], ['demo', 'Ravi', '2'], ['', 'Ravi', '3']]);
  assert.is(rows[0].message, 'Hi, "team"');
  const csv = await sitegen(['submissions', '--root', context.root, '--format', 'csv']);
  assert.ok(csv.includes('"Hi, ""team"""'), 'CSV quotes the message');
});

login('dist/ holds none of the private license details', async (context) => {
  const license = await privateLicense();
  const secrets = [license.client, license.tender, license.sacCode];
  const found: string[] = [];
  for (const file of await listFiles(context.outDir)) {
    const text = (await readFile(file)).toString('latin1');
    for (const secret of secrets) if (text.includes(secret)) found.push(`${path.relative(context.outDir, file)} contains ${secret}`);
  }
  assert.equal(found, [], 'private license details leaked into dist/');
});

async function privateLicense(): Promise<{ client: string; tender: string; sacCode: string }> {
  return parse(await readFile(path.join(REPO_ROOT, 'content', 'private', 'license.yaml'), 'utf8'));
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

login.run();
