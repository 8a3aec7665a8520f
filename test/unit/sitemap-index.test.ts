/**
 * The sitemap past the protocol's limits (sitemaps.org: 50,000 URLs and
 * 50 MB a file): a generated corpus of 60,000 routes is split into files
 * that each keep under both, with sitemap.xml as their index, read back by
 * an independent XML parser. Run on the integration's own hook: building
 * 60,000 pages would take the suite a minute for what the hook alone shows.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { XMLParser } from 'fast-xml-parser';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SITEMAP_LIMITS, sitemap } from '../../src/integrations/sitemap.ts';
import type { IntegrationPage, IntegrationSite } from '../../src/integrations/api.ts';

const run = promisify(execFile);

/** The parts of a files hook's context that the sitemap does not read. */
const HOOK_ONLY = { root: '/nowhere', cacheDir: '/nowhere/.sitegen/cache/integrations/sitemap', warn: (message: string) => assert.unreachable(message) };

const site: IntegrationSite = { name: 'Big', url: 'https://big.example', lang: 'en', description: 'Many pages.', basePath: '', trailingSlash: 'never', layout: {} };

const page = (index: number): IntegrationPage => {
  const route = `/archive/${String(index).padStart(6, '0')}`;
  return {
    route, path: route, url: `https://big.example${route}`, file: `${route.slice(1)}.html`, source: `content/pages${route}.md`,
    title: `Entry ${index}`, description: 'One of many.', lang: 'en', listed: true, content: true,
    lastmod: `2026-${String((index % 12) + 1).padStart(2, '0')}-01`, alternates: [], files: [],
  };
};

test('60,000 routes: sitemap-1.xml and sitemap-2.xml under the limits, and sitemap.xml their index', async () => {
  const pages = Array.from({ length: 60_000 }, (_, index) => page(index));
  const files = await sitemap().files!({ site, pages, robots: [], headers: [], ...HOOK_ONLY });
  assert.equal(Object.keys(files).sort(), ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap.xml']);
  const parser = new XMLParser({ ignoreAttributes: false });
  const index = parser.parse(files['sitemap.xml'] as string).sitemapindex.sitemap as { loc: string; lastmod: string }[];
  assert.equal(index.map((entry) => entry.loc), ['https://big.example/sitemap-1.xml', 'https://big.example/sitemap-2.xml']);
  assert.is(index[0].lastmod, '2026-12-01', 'each file\'s newest change');
  let urls = 0;
  for (const name of ['sitemap-1.xml', 'sitemap-2.xml']) {
    const text = files[name] as string;
    assert.ok(Buffer.byteLength(text) <= SITEMAP_LIMITS.bytes, `${name} is under 50 MB`);
    const entries = parser.parse(text).urlset.url as { loc: string }[];
    assert.ok(entries.length <= SITEMAP_LIMITS.urls, `${name} has ${entries.length} URLs`);
    urls += entries.length;
  }
  assert.is(urls, 60_000, 'every route in one of them');
  assert.equal(sitemap().robots!({ site, pages }), ['Sitemap: https://big.example/sitemap.xml'], 'robots.txt names the index, the one file');
});

test('a site within the limits keeps one sitemap.xml of its pages, as before', async () => {
  const files = await sitemap().files!({ site, pages: [page(1), { ...page(2), listed: false }], robots: [], headers: [], ...HOOK_ONLY });
  assert.equal(Object.keys(files).sort(), ['sitemap.xml']);
  assert.match(files['sitemap.xml'] as string, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://big.example/archive/000001</loc><lastmod>2026-02-01</lastmod></url>\n</urlset>');
});

test('the sitemap lists its routes in one order whatever the locale of the machine that builds it', async () => {
  // Swedish sorts ä after z, English and German beside a: an order by the builder's locale differed from machine to machine.
  const script = `
    import { sitemap } from ${JSON.stringify(new URL('../../src/integrations/sitemap.ts', import.meta.url).href)};
    const site = { name: 'S', url: 'https://s.example', lang: 'en', description: 'S.', basePath: '', trailingSlash: 'never', layout: {} };
    const pages = ['/zebra', '/äpple', '/apple', '/Apple', '/a-b', '/ab'].map((route) => ({ route, path: route, url: 'https://s.example' + route,
      file: route.slice(1) + '.html', source: 'content/pages' + route + '.md', title: route, description: '', lang: 'en', listed: true,
      content: true, alternates: [], files: [] }));
    const files = await sitemap().files({ site, pages, robots: [], headers: [], root: '/nowhere', cacheDir: '/nowhere/c', warn: () => {} });
    console.log([...files['sitemap.xml'].matchAll(/<loc>https:\\/\\/s\\.example([^<]*)<\\/loc>/g)].map((match) => match[1]).join(' '));`;
  const orderUnder = async (locale: string) => (await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, LANG: locale, LC_ALL: locale },
  })).stdout.trim();
  const swedish = await orderUnder('sv_SE.UTF-8');
  assert.is(swedish, '/Apple /a-b /ab /apple /zebra /äpple', 'by code unit');
  assert.is(await orderUnder('en_US.UTF-8'), swedish);
  assert.is(await orderUnder('de_DE.UTF-8'), swedish);
});

test.run();
