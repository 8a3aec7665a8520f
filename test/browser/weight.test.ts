/**
 * Page weight of the real site: a page without islands ships only the
 * runtime (with the chunks it imports), at most 2 KB of JavaScript gzip,
 * and its mobile menu still works.
 */
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { hydrateEveryIsland, openPage, browseBuild, type BrowsedSite } from '../helpers/browser.ts';
import { buildRealSite } from '../helpers/site.ts';
import type { BuildResult } from '../../src/pipeline.ts';

/** The performance issue's budget for a page with no island. */
const BUDGET_GZIP_BYTES = 2048;

interface Context extends BrowsedSite<BuildResult> {
  /** The runtime and the chunks it imports statically: what every page loads. */
  runtimeChunks: Set<string>;
}

const weight = suite<Context>('weight');

weight.before(async (context) => {
  Object.assign(context, await browseBuild(buildRealSite()));
  const runtime = context.build.bundle.assets.runtime.src;
    const code = Buffer.from(context.build.bundle.files.get(runtime)!).toString();
    // `import"./x.js"` and `from"./x.js"`, not `import("./x.js")`: a lazy chunk is not loaded by every page.
    const imported = [...code.matchAll(/\b(?:import|from)\s*"\.\/([^"]+\.js)"/g)].map((match) => `/assets/${match[1]}`);
  context.runtimeChunks = new Set([runtime, ...imported]);
});

weight.after(async ({ close }) => {
  await close?.();
});

/**
 * Opens a route and returns every script its document loaded (URL path →
 * body) once the network is quiet. A page that sends the visitor on
 * (/license goes home) counts only what it loaded itself.
 */
async function scriptsOf(context: Context, route: string, viewport = { width: 400, height: 800 }) {
  const { page, errors } = await openPage(context.browser, viewport);
  const bodies: Promise<[string, Buffer | undefined]>[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' || new URL(request.frame().url()).pathname !== route) return;
    // A body that is gone because the page went on is read as missing, not thrown unhandled.
    bodies.push(response.body().then((body) => [new URL(response.url()).pathname, body], () => [new URL(response.url()).pathname, undefined]));
  });
  await page.goto(context.server.url + route, { waitUntil: 'networkidle' });
  return { page, errors, scripts: new Map(await Promise.all(bodies)) };
}

const gzipTotal = (scripts: Map<string, Buffer | undefined>) => [...scripts.values()].reduce((sum, body) => sum + gzipSync(body!).length, 0);

weight('/privacy-policy loads only the runtime, at most 2 KB gzip, and its mobile menu works', async (context) => {
  const { page, errors, scripts } = await scriptsOf(context, '/privacy-policy');
  const loaded = [...scripts.keys()];
  assert.ok(loaded.includes(context.build.bundle.assets.runtime.src), `the runtime did not load: ${loaded.join(', ')}`);
  assert.equal(loaded.filter((url) => !context.runtimeChunks.has(url)), [], 'scripts besides the runtime chunks');
  assert.equal(loaded.filter((url) => !scripts.get(url)), [], 'scripts whose body could not be read');
  const total = gzipTotal(scripts);
  assert.ok(total <= BUDGET_GZIP_BYTES, `the policy page ships ${total} bytes of JavaScript gzip (${loaded.join(', ')})`);
  for (const [url, body] of scripts) assert.not.match(String(body), /react/i, `${url} mentions React`);

  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  assert.is(await toggle.getAttribute('aria-expanded'), 'true', 'the toggle did not open the menu');
  assert.ok(await page.locator('#site-menu').isVisible(), 'the menu is not visible after the toggle');
  await page.keyboard.press('Escape');
  assert.is(await toggle.getAttribute('aria-expanded'), 'false', 'Escape did not close the menu');
  assert.equal(errors, [], 'console errors on the policy page');
  await page.close();
});

weight('every route whose page has no island loads only the runtime chunks', async (context) => {
  const routes = [...context.build.islands].filter(([, islands]) => islands.length === 0).map(([route]) => route);
  assert.ok(routes.length > 0, 'the real site has no page without islands');
  for (const route of routes) {
    const { page, scripts } = await scriptsOf(context, route);
    const extra = [...scripts.keys()].filter((url) => !context.runtimeChunks.has(url));
    assert.equal(extra, [], `${route} loads scripts besides the runtime chunks`);
    await page.close();
  }
});

weight('pages with islands load the chunks of those hydrated on load or in view at once, and a video\'s only once scrolled to', async (context) => {
  let waited = 0;
  for (const [route, islands] of context.build.islands) {
    if (islands.length === 0) continue;
    const { page, errors, scripts } = await scriptsOf(context, route, { width: 1280, height: 800 });
    const namesOf = (selector: string) => page.$$eval(selector, (elements) => elements.map((element) => element.getAttribute('name')!));
    // On load, or visible and already within its margin of the view (the home page's carousel on a wide screen).
    const onLoad = [...await namesOf('sitegen-island:not([hydrate])'), ...await page.$$eval('sitegen-island[hydrate="visible"]', (elements) =>
      elements.filter((element) => element.getBoundingClientRect().top < innerHeight + Number.parseFloat(element.getAttribute('margin') ?? '200'))
        .map((element) => element.getAttribute('name')!))];
    for (const name of onLoad) {
      assert.ok(scripts.has(context.build.bundle.assets.islands[name].src), `${route}: the ${name} chunk did not load`);
    }
    // Below the first screen and its margin, a video's island has not been asked for: neither its chunk nor, alone, React.
    const belowFold = await page.$$eval('sitegen-island[hydrate="visible"]', (elements) =>
      elements.filter((element) => element.getBoundingClientRect().top > innerHeight + 200).map((element) => element.getAttribute('name')!));
    for (const name of belowFold.filter((name) => !onLoad.includes(name))) {
      waited++;
      assert.not.ok(scripts.has(context.build.bundle.assets.islands[name].src), `${route}: the ${name} chunk loaded before the island was in view`);
      if (onLoad.length === 0) {
        // A page with islands loads the runtime with their machinery, and nothing else yet.
        const runtime = context.build.bundle.assets.runtimeIslands!.src;
        assert.equal([...scripts.keys()], [runtime], `${route}: scripts besides the runtime before the video was in view`);
      }
    }
    await hydrateEveryIsland(page);
    assert.equal(errors, [], `${route}: console errors`);
    await page.close();
  }
  assert.ok(waited > 0, 'no page of the real site has a video below the first screen');
});

weight.run();
