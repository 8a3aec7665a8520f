/**
 * The one source of truth for response headers: the site's security policy
 * as rules by path. The build hands them to the integrations' `files` hook;
 * the built-in headers integration writes them to dist/_headers (the format
 * static hosts such as Netlify and Cloudflare Pages read) and to one nginx
 * snippet per rule (src/integrations/headers.ts). `sitegen serve` reads
 * dist/_headers back and sends the same headers.
 */
import { SiteError } from '../errors.ts';
import type { SiteInfo } from '../model.ts';
import { headersFor, type CspSources, type HeaderRule } from '../integrations/api.ts';

export type { HeaderRule };

function joined(...items: (string | undefined)[]): string {
  return [...new Set(items.filter((item): item is string => Boolean(item)))].join(' ');
}

/**
 * Deny by default, then allow each kind of resource the site loads from
 * itself, plus the foreign origins site.yaml lists under `csp` (the hosts its
 * forms post to and its islands call, scripts it loads) and those its
 * integrations add (the gate's provider, the vitals' collector). Scripts run only from
 * these origins or from the inline scripts hashed at build time, never
 * 'unsafe-inline' or 'unsafe-eval'. Integrations add the sources they
 * declare (src/integrations/api.ts), and the hashes of the inline code they
 * put in heads: the search integration adds 'wasm-unsafe-eval', and only
 * that: Pagefind's search is WebAssembly, which a browser compiles only with
 * it; it lets no string become code. upgrade-insecure-requests is left out:
 * it would break `sitegen serve` on http://127.0.0.1, and a deployment over
 * HTTPS redirects http anyway (docs/deploying.md, nginx).
 */
export function contentSecurityPolicy(
  site: SiteInfo, inlineScriptHashes: readonly string[], sources: CspSources = {}, inlineStyleHashes: readonly string[] = [],
): string {
  const { connect, form, script, img, media } = site.csp;
  // What integrations declare (src/integrations/api.ts `csp`): after sitegen's own, before site.yaml's.
  const added = (directive: keyof CspSources) => sources[directive] ?? [];
  const hashes = (list: readonly string[]) => list.map((hash) => `'${hash}'`);
  return [
    `default-src 'none'`,
    `script-src ${joined("'self'", ...hashes(inlineScriptHashes), ...added('script'), ...script)}`,
    `style-src ${joined("'self'", ...hashes(inlineStyleHashes), ...added('style'))}`,
    `img-src ${joined("'self'", ...added('img'), ...img)}`,
    `media-src ${joined("'self'", ...added('media'), ...media)}`,
    `font-src ${joined("'self'", ...added('font'))}`,
    `manifest-src 'self'`,
    // Islands call with fetch() (a form posted with JavaScript is a connect), as an integration's browser code may.
    `connect-src ${joined("'self'", ...added('connect'), ...connect)}`,
    // Where a form may be submitted without JavaScript.
    `form-action ${joined("'self'", ...added('form'), ...form)}`,
    ...(added('frame').length > 0 ? [`frame-src ${joined(...added('frame'))}`] : []),
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/**
 * Browser features the site never uses, denied so that an injected or
 * third-party script cannot ask for them. Only names Chromium knows: an
 * unknown one costs a console warning on every page (test/browser/csp.test.ts
 * checks for none). autoplay stays allowed for the muted intro video, and
 * for the players a site frames (so the press on an embed's poster starts
 * its video), and fullscreen and picture-in-picture for the video's own
 * controls.
 */
export function permissionsPolicy(framed: readonly string[] = []): string {
  return [
    'accelerometer', 'camera', 'display-capture', 'encrypted-media', 'geolocation', 'gyroscope',
    'hid', 'idle-detection', 'magnetometer', 'microphone', 'midi', 'payment', 'publickey-credentials-get', 'screen-wake-lock',
    'serial', 'usb', 'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`).concat(`autoplay=(${['self', ...framed.map((origin) => `"${origin}"`)].join(' ')})`).join(', ');
}

const EVERY_PATH = '/*';
const ASSETS = '/assets/*';

/**
 * The rules of the site's response headers, its security policy: handed to the integrations' `files` hook, which
 * the built-in headers integration writes into the files hosts read (src/integrations/headers.ts). A value no host
 * file can carry (a control character; a `$`, which nginx reads as a variable) stops the build here, at site.yaml,
 * whose origins are the only words of a header that come from outside sitegen.
 */
export function headerRules(
  site: SiteInfo, inlineScriptHashes: readonly string[], sources: CspSources = {}, inlineStyleHashes: readonly string[] = [],
): HeaderRule[] {
  const rules = policyRules(site, inlineScriptHashes, sources, inlineStyleHashes);
  for (const rule of rules) {
    for (const [header, value] of Object.entries(rule.headers)) {
      const bad = /[$\x00-\x1f\x7f]/.exec(value);
      if (!bad) continue;
      throw new SiteError('header-value', `the ${header} header would hold ${JSON.stringify(bad[0])}, which a host's header file cannot carry (nginx would read $ as a variable)`, {
        location: { file: 'content/site.yaml' }, hint: 'remove the character from the origins of csp and the URLs of gate and analytics: they go into the header',
      });
    }
  }
  return rules;
}

function policyRules(site: SiteInfo, inlineScriptHashes: readonly string[], sources: CspSources, inlineStyleHashes: readonly string[]): HeaderRule[] {
  return [
    {
      pattern: EVERY_PATH,
      headers: {
        'Content-Security-Policy': contentSecurityPolicy(site, inlineScriptHashes, sources, inlineStyleHashes),
        // Two years, with subdomains and preload, as hstspreload.org asks. Browsers ignore it over plain HTTP, so the local server may send it.
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
        'X-Content-Type-Options': 'nosniff',
        // frame-ancestors does this for current browsers; the header covers older ones.
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Resource-Policy': 'same-origin',
        'Permissions-Policy': permissionsPolicy(sources.frame),
        // Pages change with every build under the same URL: revalidate (the ETag makes that cheap).
        'Cache-Control': 'no-cache',
      },
    },
    // Hashed names: a changed file gets a new URL, so a copy can be kept for good.
    { pattern: ASSETS, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  ];
}

/** `_headers` read back, as `sitegen serve` follows it. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: { pattern: string; headers: Record<string, string> }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0 && rules.length) rules[rules.length - 1].headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

export { headersFor };
