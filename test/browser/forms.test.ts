/**
 * The contact and demo forms in Chromium against a served build. The POSTs
 * are intercepted with page.route, so the reference API is not involved:
 * these tests pin the exact JSON the forms send and what the visitor sees.
 * SITEGEN_TEST_ROOT builds another site root instead of the repository.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { buildSite } from '../../src/pipeline.ts';
import { framesDrawn, holdScript, openPage, browseBuild, slowScripts, type BrowsedSite } from '../helpers/browser.ts';
import { buildRealSite, tempDir } from '../helpers/site.ts';

type Context = BrowsedSite<unknown>;

const forms = suite<Context>('forms');

forms.before(async (context) => {
  const customRoot = process.env.SITEGEN_TEST_ROOT;
  const building = customRoot
    ? tempDir().then((dir) => buildSite({ root: customRoot, outDir: path.join(dir, 'dist') }))
    : buildRealSite();
  Object.assign(context, await browseBuild(building, { api: false, root: customRoot }));
});

forms.after(async ({ close }) => {
  await close?.();
});

const CONTACT_VALUES = { name: 'Asha Rao', company_name: 'Acme Bank', email_id: 'not-an-email', mobile_number: '12ab', message: 'Hello there' };
const DEMO_VALUES = { name: 'Ravi', lastname: 'Kumar', company_name: 'Acme Pay', email_id: 'ravi@acme', mobile_number: '+91 98' };

/** A page on `route` with the form live: it hydrates when the visitor reaches into it, here a pointer over it. */
async function openForm(context: Context, route: string, size?: { width: number; height: number }, options: { clock?: boolean } = {}) {
  const opened = await openPage(context.browser, size);
  // The page's clock runs as real time does, and a test may run it ahead (page.clock.runFor) rather than wait.
  if (options.clock) await opened.page.clock.install();
  await opened.page.goto(context.server.url + route);
  await opened.page.hover('.request-form');
  await opened.page.waitForSelector('sitegen-island:has(.request-form)[hydrated]', { timeout: 10_000 });
  return opened;
}

/** Answers the form's POSTs with the given statuses in turn and records their bodies. */
async function answerPosts(page: Page, statuses: (number | 'network-error')[]): Promise<{ bodies: unknown[]; requests: Request[] }> {
  const props = JSON.parse((await page.getAttribute('sitegen-island:has(.request-form)', 'props'))!) as { url: string };
  const target = new URL(props.url, page.url()).href;
  const bodies: unknown[] = [];
  const requests: Request[] = [];
  await page.route(target, async (route) => {
    requests.push(route.request());
    bodies.push(route.request().postDataJSON());
    const status = statuses[Math.min(bodies.length - 1, statuses.length - 1)];
    if (status === 'network-error') await route.abort('connectionrefused');
    else await route.fulfill({ status, contentType: 'application/json', body: '{}' });
  });
  return { bodies, requests };
}

async function fillAll(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.fill(`.request-form [name="${name}"]`, value);
}

async function fieldValues(page: Page): Promise<string[]> {
  return page.$$eval('.request-form .field__input', (inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** Submits and waits for the end of the round trip: the spec clears every field after each submit. */
async function submitAndWait(page: Page, posted: { bodies: unknown[] }, requests = 1) {
  const before = posted.bodies.length;
  await page.click('.request-form button[type=submit]');
  await page.waitForFunction(
    () => [...document.querySelectorAll<HTMLInputElement>('.request-form .field__input')].every((input) => input.value === '')
      && !document.querySelector('.request-form button[type=submit][disabled]'),
    undefined, { timeout: 5000 },
  ).catch(() => assert.unreachable('the fields were not cleared after the submit'));
  assert.is(posted.bodies.length, before + requests, `the submit sent ${posted.bodies.length - before} request(s), not ${requests}`);
}

forms('each input is found by its visible label; required matches spec §5', async (context) => {
  const expected = {
    '/contact': [['Name', true], ['Company name', true], ['Email', true], ['Mobile number', true], ['Message', true]],
    '/demo': [['First name', true], ['Last name', false], ['Company', true], ['Email', true], ['Mobile', true]],
  } as const;
  for (const [route, fields] of Object.entries(expected)) {
    const { page } = await openForm(context, route);
    try {
      // The page's own words for the address say it as the form does (it said "E-mail" beside a form field "Email").
      assert.is(await page.getByText(/^E-mail$/).count(), 0, `${route}: "E-mail" beside the form's "Email"`);
      for (const [label, required] of fields) {
        // getByLabel reads the label's text, star included; the accessible name leaves the aria-hidden star out.
        const input = page.getByLabel(new RegExp(`^${label}\\*?$`));
        assert.is(await input.count(), 1, `${route}: missing an input labelled "${label}"`);
        assert.is(await page.getByRole('textbox', { name: label, exact: true }).count(), 1, `${route}: no textbox named exactly "${label}"`);
        assert.is(await input.evaluate((element) => (element as HTMLInputElement).required), required, `${route}: "${label}" required`);
        if (label === 'Email' || label === 'Mobile') assert.is(await input.getAttribute('type'), 'text', `${route}: ${label} is plain text`);
        assert.ok(await input.evaluate((element) => element.getBoundingClientRect().height >= 44), `${route}: "${label}" is under 44 px high`);
      }
    } finally {
      await page.close();
    }
  }
});

forms('contact, 200: exact JSON, green toast, every field cleared', async (context) => {
  const { page, errors } = await openForm(context, '/contact');
  try {
    const posted = await answerPosts(page, [200]);
    await fillAll(page, CONTACT_VALUES);
    await submitAndWait(page, posted);
    assert.equal(posted.bodies, [{ name: 'Asha Rao', request_type: 'contact', company_name: 'Acme Bank', email_id: 'not-an-email', mobile_number: '12ab', message: 'Hello there' }]);
    assert.is(posted.requests[0].headers()['content-type'], 'application/json');
    const toast = page.locator('[role=status] .toast');
    await toast.waitFor();
    assert.is(await toast.locator('.toast__message').textContent(), 'Details submitted successfully');
    assert.is(await toast.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(21, 128, 61)', 'the success toast is not green');
    assert.equal(await fieldValues(page), ['', '', '', '', ''], 'fields were not cleared');
    assert.equal(errors, [], 'console errors on a successful submit');
  } finally {
    await page.close();
  }
});

forms('the trust band\'s "Request the SOC 2 Type II Report" opens the contact form live, its message asking for the report, and sends it as written', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    await page.goto(`${context.server.url}/`);
    await page.getByRole('link', { name: 'Request the SOC 2 Type II Report' }).click();
    await page.waitForURL(/\/contact\?topic=soc2-report#contact-message$/);
    // No pointer or key reached the form: the address led into it, so it hydrates at once and fills the message.
    const message = page.getByRole('textbox', { name: 'Message', exact: true });
    await page.waitForFunction(() => (document.querySelector('#contact-message') as HTMLTextAreaElement | null)?.value !== '', undefined, { timeout: 10_000 });
    assert.match(await message.inputValue(), /^Please send us your latest SOC 2 Type II report\./);
    const posted = await answerPosts(page, [200]);
    await fillAll(page, { name: 'Asha Rao', company_name: 'Acme Bank', email_id: 'asha@acme.example', mobile_number: '98' });
    await submitAndWait(page, posted);
    assert.match((posted.bodies[0] as { message: string }).message, /SOC 2 Type II report/);
    assert.is((posted.bodies[0] as { request_type: string }).request_type, 'contact');
    // The contact page opened on its own is as before: an empty message, nothing hydrated until the visitor reaches in.
    await page.goto(`${context.server.url}/contact`);
    assert.is(await page.getByRole('textbox', { name: 'Message', exact: true }).inputValue(), '');
    assert.is(await page.locator('sitegen-island:has(.request-form)[hydrated]').count(), 0);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

forms('contact on a slow network and CPU: no island code until the visitor reaches in; typed and sent before React arrives, every keystroke is kept', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Every script takes most of a second, as on a slow phone network.
    const asked = await slowScripts(page, 800);
    await page.goto(context.server.url + '/contact');
    const posted = await answerPosts(page, [200]);
    await page.waitForLoadState('load');
    const chunk = await page.locator('sitegen-island:has(.request-form)').getAttribute('src');
    assert.not.ok(asked.includes(chunk!), `the form's chunk was fetched at load: ${asked}`);
    // Its chunk comes only once all is typed and sent, however long the typing took (4× slower, on a busy machine).
    const release = await holdScript(page, chunk!);
    for (const [name, value] of Object.entries(CONTACT_VALUES)) await page.locator(`.request-form [name="${name}"]`).pressSequentially(value);
    assert.not.ok(await page.locator('sitegen-island:has(.request-form)').evaluate((island) => island.hasAttribute('hydrated')), 'the form was live before its chunk came');
    await page.click('.request-form button[type=submit]');
    release();
    await page.locator('[role=status] .toast').waitFor({ timeout: 15_000 });
    assert.equal(posted.bodies, [{ name: 'Asha Rao', request_type: 'contact', company_name: 'Acme Bank', email_id: 'not-an-email', mobile_number: '12ab', message: 'Hello there' }]);
    assert.equal(await fieldValues(page), ['', '', '', '', ''], 'the fields are cleared after the submit');
    assert.is(new URL(page.url()).search, '', 'the form was submitted natively, into the address');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

forms('contact, 500 then network error: red toast and a console error; fields cleared; request_type "" next time', async (context) => {
  const { page, errors } = await openForm(context, '/contact');
  try {
    const posted = await answerPosts(page, [500, 'network-error']);
    await fillAll(page, CONTACT_VALUES);
    await submitAndWait(page, posted);
    const toast = page.locator('[role=alert] .toast');
    await toast.waitFor();
    assert.is(await toast.locator('.toast__message').textContent(), 'Error submitting details');
    assert.is(await toast.evaluate((element) => getComputedStyle(element).backgroundColor), 'rgb(185, 28, 28)', 'the error toast is not red');
    assert.ok(errors.some((line) => line.includes('answered 500')), `no console error for the 500: ${errors.join(' | ')}`);
    assert.equal(await fieldValues(page), ['', '', '', '', '']);

    await fillAll(page, CONTACT_VALUES);
    // A lost connection is sent once more, with the same Idempotency-Key, so the API stores it once if the first got through.
    await submitAndWait(page, posted, 2);
    assert.is((posted.bodies[1] as { request_type: string }).request_type, '');
    assert.equal(posted.bodies[2], posted.bodies[1], 'the retry carries the same body');
    const keys = posted.requests.map((request) => request.headers()['idempotency-key']);
    assert.match(keys[1], /^[0-9a-f]{32}$/, 'a key on a request to the site\'s own API');
    assert.is(keys[2], keys[1], 'the retry carries the same key');
    assert.is.not(keys[1], keys[0], 'each submit has its own key');
    await page.waitForFunction(() => document.querySelectorAll('[role=alert] .toast').length >= 1);
    assert.ok(errors.some((line) => /Failed to fetch|ERR_CONNECTION_REFUSED/.test(line)), `no console error for the network failure: ${errors.join(' | ')}`);
  } finally {
    await page.close();
  }
});

forms('demo: first body has request_type "demo", message null; the second has ""', async (context) => {
  const { page, errors } = await openForm(context, '/demo');
  try {
    const posted = await answerPosts(page, [200]);
    await fillAll(page, DEMO_VALUES);
    await submitAndWait(page, posted);
    assert.equal(await fieldValues(page), ['', '', '', '', ''], 'fields were not cleared');
    await fillAll(page, { ...DEMO_VALUES, lastname: '' });
    await submitAndWait(page, posted);
    const expected = { name: 'Ravi', request_type: 'demo', company_name: 'Acme Pay', email_id: 'ravi@acme', mobile_number: '+91 98', message: null, lastname: 'Kumar' };
    assert.equal(posted.bodies, [expected, { ...expected, request_type: '', lastname: '' }]);
    assert.is(await page.locator('[role=status] .toast').count(), 2);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

forms('demo, 201: no toast at all, fields still cleared', async (context) => {
  const { page, errors } = await openForm(context, '/demo');
  try {
    const posted = await answerPosts(page, [201]);
    await fillAll(page, DEMO_VALUES);
    await submitAndWait(page, posted);
    // The toast, had there been one, is appended with the answer, before the fields are cleared: two frames on, it would show.
    await framesDrawn(page);
    assert.is(await page.locator('.toast').count(), 0, 'a 201 showed a toast');
    assert.equal(await fieldValues(page), ['', '', '', '', '']);
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

forms('a toast closes itself after about 3 s, and not while hovered', async (context) => {
  const { page } = await openForm(context, '/demo', undefined, { clock: true });
  try {
    const posted = await answerPosts(page, [200]);
    await fillAll(page, DEMO_VALUES);
    await submitAndWait(page, posted);
    const first = page.locator('.toast').first();
    await first.waitFor();
    const shownAt = Date.now();
    await first.waitFor({ state: 'detached', timeout: 6000 });
    const lifetime = Date.now() - shownAt;
    assert.ok(lifetime > 2500 && lifetime < 4000, `closed after ${lifetime} ms, expected about 3000`);

    await fillAll(page, DEMO_VALUES);
    await submitAndWait(page, posted);
    const second = page.locator('.toast').first();
    await second.hover();
    // Four seconds on the page's clock, past the 3 s at which an unhovered toast closes, without waiting them.
    await page.clock.runFor(4000);
    assert.ok(await second.isVisible(), 'the hovered toast closed');
    await page.mouse.move(10, 700);
    await second.waitFor({ state: 'detached', timeout: 4000 });
  } finally {
    await page.close();
  }
});

forms('a click or a sideways drag dismisses a toast', async (context) => {
  const { page } = await openForm(context, '/demo');
  try {
    const posted = await answerPosts(page, [200]);
    await fillAll(page, DEMO_VALUES);
    await submitAndWait(page, posted);
    await page.getByRole('button', { name: 'Close notification' }).click();
    assert.is(await page.locator('.toast').count(), 0, 'the close button did not dismiss');

    await fillAll(page, DEMO_VALUES);
    await submitAndWait(page, posted);
    const box = (await page.locator('.toast').boundingBox())!;
    const header = (await page.locator('.navbar').boundingBox())!;
    assert.ok(box.y >= header.y + header.height, `the toast (top ${box.y}) covers the header (bottom ${header.y + header.height})`);
    assert.ok(box.x + box.width > page.viewportSize()!.width - 40, 'the toast is at the right');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + 140, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    assert.is(await page.locator('.toast').count(), 0, 'the drag did not dismiss');
  } finally {
    await page.close();
  }
});

forms('empty required fields block the submit: no request is sent', async (context) => {
  for (const route of ['/contact', '/demo']) {
    const { page } = await openForm(context, route);
    try {
      const posted = await answerPosts(page, [200]);
      await page.click('.request-form button[type=submit]');
      await framesDrawn(page);
      assert.is(posted.bodies.length, 0, `${route}: an empty form was sent`);
      assert.ok(await page.evaluate(() => document.activeElement?.matches(':invalid')), `${route}: focus did not go to the first invalid field`);
    } finally {
      await page.close();
    }
  }
});

forms('the form pages fit from 320 to 1440 px wide with no horizontal scroll', async (context) => {
  for (const route of ['/contact', '/demo']) {
    for (const width of [320, 768, 1440]) {
      const { page } = await openForm(context, route, { width, height: 800 });
      try {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.is(overflow, 0, `${route} at ${width} px scrolls sideways by ${overflow} px`);
      } finally {
        await page.close();
      }
    }
  }
});

forms.run();
