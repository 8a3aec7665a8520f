/**
 * The smaller holes of the fourth hardening round: every IPv6 spelling of a
 * refused IPv4 address is refused, a forwarded address with a port is the
 * same client as without, a sibling subdomain cannot post into a form
 * endpoint, and a page file whose name holds a line break is an error
 * rather than a sitemap entry with the break dropped.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nonPublicKind } from '../../src/ip-address.ts';
import { clientAddress, rateLimitKey } from '../../src/serve/client-address.ts';
import { refuseCrossSite } from '../../src/site-server/api.ts';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors } from '../../src/errors.ts';
import { copyFixture, hashTree } from '../helpers/fixture.ts';

test('IPv4 inside IPv6 is judged as the IPv4 address in every form: mapped, compatible, translated, NAT64 (both prefixes), 6to4', () => {
  for (const address of [
    '::ffff:127.0.0.1', '::127.0.0.1', '::7f00:1', '::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '0:0:0:0:0:ffff:0:a9fe:a9fe',
    '64:ff9b::127.0.0.1', '64:ff9b:1::a9fe:a9fe', '2002:7f00:1::', '::169.254.169.254', '::ffff:0:10.0.0.5',
  ]) {
    assert.ok(nonPublicKind(address), `${address} is refused`);
  }
  assert.is(nonPublicKind('::ffff:0:169.254.169.254'), 'a link-local address (the cloud metadata service is one)');
  assert.is(nonPublicKind('::127.0.0.1'), 'a loopback address');
  // A public address stays public in the forms a network may use for it; the deprecated compatible form is refused.
  assert.is(nonPublicKind('::ffff:8.8.8.8'), undefined);
  assert.is(nonPublicKind('64:ff9b::8.8.8.8'), undefined);
  assert.is(nonPublicKind('2606:4700:4700::1111'), undefined);
  assert.is(nonPublicKind('::8.8.8.8'), 'an IPv4-compatible address');
});

test('a forwarded address with a port counts as the same client as without it', () => {
  const request = (forwarded: string) => ({ headers: { 'x-forwarded-for': forwarded }, socket: { remoteAddress: '10.0.0.1' } }) as never;
  assert.is(clientAddress(request('198.51.100.7:1234'), 1), '198.51.100.7');
  assert.is(clientAddress(request('[2001:db8::1]:443'), 1), '2001:db8::1');
  assert.is(rateLimitKey('198.51.100.7:1234'), rateLimitKey('198.51.100.7'));
  assert.is(rateLimitKey('[2001:db8::1]:443'), rateLimitKey('2001:db8::2'));
});

test('a form endpoint answers only its own origin and a visitor\'s own navigation: same-site and cross-site posts get 403', async () => {
  const post = (site?: string, origin?: string) => new Request('https://example.com/api/newsletter', {
    method: 'POST', headers: { ...(site ? { 'sec-fetch-site': site } : {}), ...(origin ? { origin } : {}) },
  });
  for (const site of ['cross-site', 'same-site']) {
    const refused = refuseCrossSite(post(site));
    assert.is(refused?.status, 403, `Sec-Fetch-Site: ${site}`);
  }
  assert.is(refuseCrossSite(post('same-origin')), undefined);
  assert.is(refuseCrossSite(post('none')), undefined);
  assert.is(refuseCrossSite(post(undefined, 'https://blog.example.com'))?.status, 403, 'an older browser: Origin of a sibling');
  assert.is(refuseCrossSite(post(undefined, 'https://example.com')), undefined);
});

test('a page file whose name holds a line break fails the build at the file, and dist/ stays as it was', async () => {
  const root = await copyFixture('basic');
  const { outDir } = await buildSite({ root });
  const before = await hashTree(outDir);
  await writeFile(path.join(root, 'content', 'pages', 'line\nbreak.md'), '---\ntitle: Broken\ndescription: A name with a break.\n---\n\nText.\n');
  const errors = await buildSite({ root }).then(() => assert.unreachable('the build passed') as never, (error: SiteErrors) => error.errors);
  assert.equal(errors.map((error) => error.message), ['"content/pages/line\\nbreak.md" has a control character (a line break, a tab) in its name, which no address can hold']);
  assert.is(await hashTree(outDir), before);
});

test.run();
