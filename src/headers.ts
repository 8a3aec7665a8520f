/**
 * The one source of truth for response headers. The build writes them to
 * dist/_headers (the format static hosts such as Netlify and Cloudflare Pages
 * read); `sitegen serve` reads that file and sends the same headers.
 */
import type { SiteInfo } from './model.ts';

export interface HeaderRule {
  /** `/*` for everything, `/assets/*` for a folder. */
  pattern: string;
  headers: Record<string, string>;
}

/** The origins a URL setting points at, other than this site's own. */
function foreignOrigin(url: string | undefined, siteUrl: string): string | undefined {
  if (!url) return undefined;
  const parsed = new URL(url, siteUrl);
  return parsed.origin === new URL(siteUrl).origin ? undefined : parsed.origin;
}

export function contentSecurityPolicy(site: SiteInfo, inlineScriptHashes: readonly string[]): string {
  const apiOrigins = [site.api.contactUrl, site.api.loginUrl, site.analytics?.vitalsUrl]
    .map((url) => foreignOrigin(url, site.url)).filter((origin): origin is string => Boolean(origin));
  const gateOrigin = foreignOrigin(site.gate?.script, site.url);
  const unique = (items: (string | undefined)[]) => [...new Set(items.filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${unique(["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), gateOrigin])}`,
    `style-src 'self'`,
    `img-src 'self' data:`,
    `media-src 'self'`,
    `font-src 'self'`,
    `connect-src ${unique(["'self'", ...apiOrigins, gateOrigin])}`,
    `form-action ${unique(["'self'", ...apiOrigins])}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`,
    `manifest-src 'self'`,
    `worker-src 'none'`,
  ].join('; ');
}

export function headerRules(site: SiteInfo, inlineScriptHashes: readonly string[]): HeaderRule[] {
  return [
    {
      pattern: '/*',
      headers: {
        'Content-Security-Policy': contentSecurityPolicy(site, inlineScriptHashes),
        // Browsers ignore HSTS over plain HTTP, so sending it from the local server is harmless.
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
        'X-Content-Type-Options': 'nosniff',
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Resource-Policy': 'same-origin',
        'Permissions-Policy': 'accelerometer=(), autoplay=(self), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()',
        'Cache-Control': 'no-cache',
      },
    },
    { pattern: '/assets/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  ];
}

export function formatHeadersFile(rules: readonly HeaderRule[]): string {
  return rules.map((rule) => [rule.pattern, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n\n') + '\n';
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
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

/** The headers for one path: later rules override earlier ones, as static hosts apply them. */
export function headersFor(rules: readonly HeaderRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of rules) {
    const matches = rule.pattern.endsWith('*') ? pathname.startsWith(rule.pattern.slice(0, -1)) : pathname === rule.pattern;
    if (matches) Object.assign(headers, rule.headers);
  }
  return headers;
}
