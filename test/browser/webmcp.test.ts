/**
 * The contact and demo forms as WebMCP tools, in Chromium, against the real
 * API: the browser registers each form as a tool with the JSON Schema of its
 * fields (descriptions from the content, required as the contract says), an
 * agent's call fills the form, and its submit goes through the same road as
 * a person's: the browser's required check, the API's validation, its rate
 * limit, and the same words back (the toast's, told to the agent).
 *
 * Chromium registers declarative tools behind --enable-features=WebMCP and
 * reports them over DevTools (WebMCP.toolsAdded). A Chromium without that
 * domain gets the half that does not need it: the schema a browser derives
 * from the form's attributes, checked as the registered one is.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { buildSite } from '../../src/pipeline.ts';
import { startServer, type RunningServer } from '../../src/serve/serve.ts';
import { createReferenceApi } from '../helpers/reference-api.ts';
import { launchBrowser, openPage } from '../helpers/browser.ts';
import { copyRepoSite, tempDir } from '../helpers/site.ts';

interface Context {
  root: string;
  browser: Browser;
  server: RunningServer;
}

interface Tool {
  name: string;
  description: string;
  inputSchema?: { type: string; properties: Record<string, { type: string; description?: string }>; required?: string[] };
  frameId: string;
}

const webmcp = suite<Context>('WebMCP');

webmcp.before(async (context) => {
  try {
    process.env.SITEGEN_QUIET = '1';
    context.root = await tempDir('sitegen-webmcp-');
    await copyRepoSite(context.root);
    const { outDir } = await buildSite({ root: context.root, outDir: path.join(context.root, 'dist') });
    // Two messages a window: the third, a person's or an agent's, is refused.
    const api = await createReferenceApi(context.root, { contactLimit: { max: 2, windowMs: 60_000 } });
    context.server = await startServer({ outDir, port: 0, host: '127.0.0.1', handlers: [api] });
    // The feature's name has moved between Chromium versions; a name Chromium does not know is ignored.
    context.browser = await launchBrowser(['--enable-features=WebMCP,WebMCPTesting']);
  } catch (error) {
    console.error(error);
    throw error;
  }
});

webmcp.after(async (context) => {
  await context.browser?.close();
  await context.server?.close();
});

interface Registered {
  cdp: CDPSession;
  tools: Tool[];
  responses: { status: string; output?: unknown; errorText?: string }[];
  /** Resolves true once `condition` holds, tested as each WebMCP event comes; false if none makes it hold within 5 s. */
  until(condition: () => boolean): Promise<boolean>;
}

/** The tools Chromium registered on the page, or undefined when this Chromium has no WebMCP domain. */
async function registeredTools(page: Page): Promise<Registered | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const tools: Tool[] = [];
  const responses: Registered['responses'] = [];
  const waiting = new Set<() => void>();
  const told = () => waiting.forEach((check) => check());
  cdp.on('WebMCP.toolsAdded' as never, (event: { tools: Tool[] }) => { tools.push(...event.tools); told(); });
  cdp.on('WebMCP.toolResponded' as never, (event: Registered['responses'][number]) => { responses.push(event); told(); });
  const until = (condition: () => boolean) => new Promise<boolean>((resolve) => {
    const settle = (held: boolean) => { waiting.delete(check); clearTimeout(timer); resolve(held); };
    const check = () => { if (condition()) settle(true); };
    const timer = setTimeout(() => settle(false), 5000);
    waiting.add(check);
    check();
  });
  try {
    await cdp.send('WebMCP.enable' as never);
  } catch (error) {
    if (/wasn't found/.test(String(error))) return undefined;
    throw error;
  }
  return { cdp, tools, responses, until };
}

/** The schema a browser derives from a form's declarative attributes, read from the page as served. */
function declaredTool(page: Page, name: string): Promise<Omit<Tool, 'frameId'>> {
  return page.evaluate((toolName) => {
    const form = document.querySelector(`form[toolname="${toolName}"]`)!;
    const fields = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')];
    return {
      name: form.getAttribute('toolname')!,
      description: form.getAttribute('tooldescription')!,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(fields.map((field) => [field.name, { type: 'string', description: field.getAttribute('toolparamdescription')! }])),
        required: fields.filter((field) => field.required).map((field) => field.name),
      },
    };
  }, name);
}

const CONTACT = {
  name: 'send_message',
  description: 'Send a message to the Kavach Cognitive Labs team about adapID AI, BotShield AI, a partnership or a pilot; the team answers by e-mail or phone.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The full name of the person writing' },
      company_name: { type: 'string', description: 'The company the person writes for' },
      email_id: { type: 'string', description: 'An e-mail address the team can answer to' },
      mobile_number: { type: 'string', description: 'A phone number the team can call back' },
      message: { type: 'string', description: 'What the person would like to discuss' },
    },
    required: ['name', 'company_name', 'email_id', 'mobile_number', 'message'],
  },
};

webmcp('the contact and demo forms are registered as tools, with the schema of their fields; the login form is not', async (context) => {
  const { page, errors } = await openPage(context.browser);
  try {
    const registered = await registeredTools(page);
    await page.goto(context.server.url + '/contact');
    assert.equal(await declaredTool(page, 'send_message'), CONTACT, 'the attributes as served');
    if (!registered || !await registered.until(() => registered.tools.length > 0)) {
      // The attributes are there (checked above): a Chromium that registers nothing from them does not expose WebMCP.
      console.log('  (this Chromium does not expose WebMCP: the derived schema was checked, not the registered one)');
    } else {
      assert.equal(registered.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })), [CONTACT], 'as Chromium registered it');
      await page.goto(context.server.url + '/demo');
      await registered.until(() => registered.tools.some((tool) => tool.name === 'request_demo'));
      const demo = registered.tools.find((tool) => tool.name === 'request_demo');
      assert.equal(demo?.inputSchema?.required, ['name', 'company_name', 'email_id', 'mobile_number'], 'required as the contract says (the last name is not)');
      // A form's tool is registered as the form is parsed, so before the load event that goto waits for: any would be here.
      await page.goto(context.server.url + '/customerlogin');
      assert.not.ok(registered.tools.some((tool) => /login|password/i.test(tool.name)), 'credentials are not an agent\'s to type');
    }
    assert.is(await page.locator('form[toolname]').count(), 0, 'no tool on the login page');
    assert.equal(errors, []);
  } finally {
    await page.close();
  }
});

webmcp('an agent\'s submit takes a person\'s road: the required check, the API, its rate limit, and the toast\'s words back', async (context) => {
  const { page } = await openPage(context.browser);
  const registered = await registeredTools(page);
  try {
    // Noted in the order they come; allHeaders() (the headers as sent, Origin among them) is read after.
    const answered: Promise<{ status: number; origin?: string; key?: string }>[] = [];
    page.on('response', (response) => {
      if (response.request().method() !== 'POST') return;
      answered.push(response.request().allHeaders().then((headers) => ({ status: response.status(), origin: headers.origin, key: headers['idempotency-key'] })));
    });
    const postsSoFar = () => Promise.all(answered);
    await page.goto(context.server.url + '/contact');
    if (!registered || !await registered.until(() => registered.tools.length > 0)) {
      console.log('  (this Chromium does not expose WebMCP: no tool can be called)');
      return;
    }
    // A call that sends waits for its POST's answer too: the agent may hear back before the page's response event comes.
    const call = async (input: Record<string, string>, sends = true) => {
      const before = registered.responses.length;
      const answer = sends ? page.waitForResponse((response) => response.request().method() === 'POST') : undefined;
      await registered.cdp.send('WebMCP.invokeTool' as never, { frameId: registered.tools[0].frameId, toolName: 'send_message', input } as never);
      // The agent fills in the form; the submit is the page's own button, pressed for it.
      await page.getByRole('button', { name: 'Submit' }).click();
      await registered.until(() => registered.responses.length > before);
      await answer;
      const { status, output, errorText } = registered.responses.at(-1) ?? {};
      return { status, ...(output === undefined ? {} : { output }), ...(errorText === undefined ? {} : { errorText }) };
    };
    const message = { name: 'Agent Smith', company_name: 'Acme', email_id: 'agent@acme', mobile_number: '1', message: 'Sent by an agent' };
    // Before the island is live (it hydrates when reached), then while it is: the same words back both times.
    assert.equal(await call(message), { status: 'Completed', output: 'Details submitted successfully' }, 'the first, held until the island was live');
    assert.equal(await call(message), { status: 'Completed', output: 'Details submitted successfully' });
    const posts = await postsSoFar();
    assert.equal(posts.map((post) => post.status), [200, 200]);
    assert.ok(posts.every((post) => post.origin === context.server.url && /^[0-9a-f]{32}$/.test(post.key ?? '')), 'sent as a person\'s is: same origin, an idempotency key');
    const refused = await call(message);
    assert.equal(refused, { status: 'Completed', output: 'Error submitting details' }, 'the rate limit holds for agents too');
    assert.is((await postsSoFar()).at(-1)?.status, 429);
    const missing = await call({ name: 'Half' }, false);
    assert.is(missing?.status, 'Error');
    assert.match(missing?.errorText ?? '', 'Form validation failed');
    assert.is((await postsSoFar()).length, 3, 'an incomplete form sends nothing');
  } finally {
    await page.close();
  }
});

webmcp.run();
