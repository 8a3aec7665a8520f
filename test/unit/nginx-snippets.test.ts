/**
 * The site's response headers (src/emit/security-headers.ts) and the nginx
 * form the built-in headers integration writes of them
 * (src/integrations/headers.ts): what each snippet holds and how values are
 * quoted. nginx itself runs the snippets in test/unit/nginx.test.ts.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { headerRules, headersFor } from '../../src/emit/security-headers.ts';
import type { SiteInfo } from '../../src/model.ts';
import { renderSiteFiles, siteHeaders } from '../../src/emit/site-files.ts';
import { HOST_FILES } from '../../src/serve/serve.ts';
import { headers, nginxSnippets as formatNginxSnippets, NGINX_SNIPPETS } from '../../src/integrations/headers.ts';
import { integrationSite, integrationsOf } from '../../src/pipeline/integrations.ts';
import type { SiteError } from '../../src/errors.ts';

const SITE: SiteInfo = {
  name: 'Example', url: 'https://www.example.com', lang: 'en', description: 'An example', favicon: '/favicon.ico',
  csp: { connect: ['https://api.example.net'], form: [], script: [], img: [], media: [] }, basePath: '', trailingSlash: 'never', fallback: 'redirect', layout: {}, data: {}, year: 2025,
};
const HASHES = ['sha256-abc='];

/** The headers a snippet sends, read back the way nginx reads a double-quoted string. */
function parseSnippet(snippet: string): Record<string, string> {
  const lines = snippet.split('\n').filter((line) => line && !line.startsWith('#'));
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const parsed = /^add_header ([\w-]+) "((?:[^"\\]|\\.)*)" always;$/.exec(line);
    assert.ok(parsed, `not an add_header line nginx reads: ${line}`);
    headers[parsed![1]] = parsed![2].replace(/\\(.)/g, '$1');
  }
  return headers;
}

test('each nginx snippet sends every header dist/_headers gives its location', () => {
  const rules = headerRules(SITE, HASHES);
  const snippets = formatNginxSnippets(rules);
  assert.equal([...snippets.keys()].sort(), Object.values(NGINX_SNIPPETS).sort());
  const pages = parseSnippet(snippets.get(NGINX_SNIPPETS['/*'])!);
  assert.equal(pages, headersFor(rules, '/about'), 'location / gets the rules for /*');
  assert.match(pages['Content-Security-Policy'], "'sha256-abc='", "the build's script hashes");
  assert.match(pages['Content-Security-Policy'], 'https://api.example.net', 'the origins of site.yaml');
  const assets = parseSnippet(snippets.get(NGINX_SNIPPETS['/assets/*'])!);
  assert.equal(assets, headersFor(rules, '/assets/app.js'), 'location /assets/ repeats the security headers');
  assert.is(assets['Cache-Control'], 'public, max-age=31536000, immutable');
  assert.ok(assets['Content-Security-Policy'], 'nginx drops inherited add_header lines, so the asset snippet has its own');
});

test("site.yaml's csp lists reach their own directives, and the built-in gate and vitals add their origins from site.yaml's gate and analytics", () => {
  const site: SiteInfo = {
    ...SITE,
    csp: { connect: ['https://api.example.net'], form: ['https://forms.example.org'], script: ['https://cdn.example.com'], img: [], media: [] },
    gate: { script: 'https://gate.example.io/check.js', tenantId: 't', function: 'check', mode: 'page' },
    analytics: { vitalsUrl: 'https://metrics.example.io/vitals' },
  };
  const errors: SiteError[] = [];
  // The sources as a build takes them: from the integrations, made from the site.
  const sources = integrationsOf(undefined, site, '/site').hooks.csp(integrationSite(site), errors);
  assert.equal(errors, []);
  const policy = Object.fromEntries(headersFor(headerRules(site, HASHES, sources), '/')['Content-Security-Policy'].split('; ')
    .map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));
  assert.equal(policy['connect-src'], ["'self'", 'https://gate.example.io', 'https://metrics.example.io', 'https://api.example.net']);
  assert.equal(policy['form-action'], ["'self'", 'https://forms.example.org']);
  assert.equal(policy['script-src'], ["'self'", "'sha256-abc='", 'https://gate.example.io', 'https://cdn.example.com']);
  // Off, the gate adds nothing, whatever site.yaml says.
  const off = integrationsOf({ builtIn: { gate: false, vitals: false } }, site, '/site').hooks.csp(integrationSite(site), errors);
  assert.equal(off, {});
  // A site with neither: nothing foreign.
  const plain = { ...SITE, csp: { connect: [], form: [], script: [], img: [], media: [] } };
  const bare = headersFor(headerRules(plain, HASHES, integrationsOf(undefined, plain, '/site').hooks.csp(integrationSite(plain), errors)), '/')['Content-Security-Policy'];
  assert.match(bare, "connect-src 'self';", 'nothing foreign when site.yaml lists nothing');
  assert.match(bare, "script-src 'self' 'sha256-abc=';");
  assert.match(bare, "form-action 'self';");
});

test('a quote or a backslash in a header value is escaped for nginx', () => {
  const value = 'say "hi" \\ bye';
  const snippets = formatNginxSnippets([{ pattern: '/*', headers: { 'X-Test': value } }]);
  const snippet = snippets.get(NGINX_SNIPPETS['/*'])!;
  assert.match(snippet, 'add_header X-Test "say \\"hi\\" \\\\ bye" always;');
  assert.is(parseSnippet(snippet)['X-Test'], value);
});

test('a $ or a control character in a header value stops the build, naming the header and the file', () => {
  // nginx has no escape for $ in a string: it would read a variable and refuse the configuration.
  const site = { ...SITE, csp: { ...SITE.csp, connect: ['https://api$x.example'] } };
  try {
    siteHeaders(site, HASHES);
    assert.unreachable('an origin with $ was written into an nginx snippet');
  } catch (error) {
    assert.match((error as Error).message, 'the Content-Security-Policy header would hold "$"');
    assert.is((error as { location?: { file: string } }).location?.file, 'content/site.yaml');
  }
  assert.throws(() => formatNginxSnippets([{ pattern: '/*', headers: { 'X-Test': 'a\nadd_header X-Evil "1"' } }]), /X-Test header would hold "\\n"/);
});

test('a header rule without a snippet name is an error naming the rule', () => {
  assert.throws(() => formatNginxSnippets([{ pattern: '/blog/*', headers: { 'X-Test': '1' } }]), /\/blog\/\*/);
});

test('the build writes each file of HOST_FILES, and no other file for the server', async () => {
  const files = [...renderSiteFiles(SITE, []).keys()];
  const context = {
    site: integrationSite(SITE), pages: [], robots: [], headers: siteHeaders(SITE, HASHES),
    root: '/nowhere', cacheDir: '/nowhere/.sitegen/cache/integrations/headers', warn: (message: string) => assert.unreachable(message),
  };
  files.push(...Object.keys(await headers().files!(context)));
  assert.equal(files.filter((name) => name.startsWith('_')).sort(), [...HOST_FILES].sort());
});

test.run();
