/**
 * The HTTP Observatory grade of what `sitegen serve` sends for the real
 * build, with the Observatory's scoring (test/helpers/observatory.ts). The
 * local server speaks http; the grade assumes the deployment the README
 * describes, over HTTPS with http redirected to it, which is when browsers
 * (and the Observatory) take HSTS into account.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { observatoryGrade, type ObservatoryGrade } from '../helpers/observatory.ts';
import { buildRealSite, serveBuild } from '../helpers/site.ts';

const OUR_HTML = '<!DOCTYPE html><script type="module" src="/assets/runtime.js" integrity="sha384-x"></script>';

function explain(grade: ObservatoryGrade): string {
  return `${grade.score} ${grade.grade}: ${grade.modifiers.filter((item) => item.modifier).map((item) => `${item.result} ${item.modifier}`).join(', ')}`;
}

test('scoring: a server that sends no security headers gets a D or worse', () => {
  const bare = observatoryGrade({ headers: { 'content-type': 'text/html' }, html: '<script src="/app.js"></script>', https: true });
  assert.is(bare.score, 30, explain(bare));
  assert.is(bare.grade, 'D');
  const plainHttp = observatoryGrade({ headers: {}, html: '<script src="http://cdn.example/x.js"></script>', https: false });
  assert.is(plainHttp.grade, 'F', explain(plainHttp));
});

test('scoring: unsafe-inline scripts and a short HSTS cost points, and bonuses wait for an A', () => {
  const grade = observatoryGrade({
    headers: {
      'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'", 'strict-transport-security': 'max-age=86400',
      'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer', 'cross-origin-resource-policy': 'same-origin',
    },
    html: OUR_HTML,
    https: true,
  });
  // -20 and -10 leave 70: below 90 the +5s and +10s do not count.
  assert.is(grade.score, 70, explain(grade));
  assert.is(grade.grade, 'B');
});

test('scoring: a hash keeps unsafe-inline harmless, and default-src none earns the most', () => {
  const grade = observatoryGrade({
    headers: { 'content-security-policy': "default-src 'none'; script-src 'self' 'sha256-abc' 'unsafe-inline'; frame-ancestors 'none'" },
    html: '<p>no scripts</p>',
    https: true,
  });
  assert.equal(grade.modifiers.find((item) => item.test === 'content-security-policy')?.modifier, 10, explain(grade));
});

test('sitegen serve sends an A+ set of headers for a page and an asset of the real build', async () => {
  const build = await buildRealSite();
  const server = await serveBuild(build.outDir);
  try {
    const page = await fetch(server.url + '/contact');
    const html = await page.text();
    const pageGrade = observatoryGrade({ headers: Object.fromEntries(page.headers), html, https: true });
    assert.is(pageGrade.grade, 'A+', explain(pageGrade));
    assert.ok(pageGrade.score >= 130, `every bonus but HSTS preload: ${explain(pageGrade)}`);
    assert.ok(!/'unsafe-(inline|eval)'/.test(page.headers.get('content-security-policy') ?? ''), 'no unsafe sources');
    assert.is(page.headers.get('cache-control'), 'no-cache', 'pages revalidate');

    const asset = await fetch(server.url + build.bundle.assets.runtime.src);
    await asset.arrayBuffer();
    const assetGrade = observatoryGrade({ headers: Object.fromEntries(asset.headers), https: true });
    assert.is(assetGrade.grade, 'A+', explain(assetGrade));
    assert.is(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable', 'hashed assets are cached for good');
  } finally {
    await server.close();
  }
});

test.run();
