/**
 * The MDN HTTP Observatory's grade for one response, computed from its
 * headers and HTML the way the Observatory scores them (algorithm of
 * mdn/mdn-http-observatory: src/grader/charts.js SCORE_TABLE and
 * GRADE_CHART, src/scanner/index.js for the sum, src/analyzer/tests/*.js
 * for each test). The modifiers used here, from SCORE_TABLE:
 *
 * | test | result | modifier |
 * |---|---|---|
 * | content-security-policy | default-src 'none', no unsafe | +10 |
 * | | no 'unsafe-inline'/'unsafe-eval' in script-src | +5 |
 * | | unsafe only in style-src | 0 |
 * | | 'unsafe-eval' | -10 |
 * | | 'unsafe-inline', data: or a broad source in script-src/object-src | -20 |
 * | | http: sources on an https site | -20 |
 * | | none, or cannot be parsed | -25 |
 * | cookies | none | 0 · all Secure, HttpOnly, SameSite +5 · without Secure -20 |
 * | cross-origin-resource-sharing | not implemented or public | 0 · credentials for any origin -50 |
 * | redirection | http redirects to https on the same host | 0 · missing -20 |
 * | referrer-policy | no-referrer, same-origin, strict-origin, strict-origin-when-cross-origin | +5 |
 * | | not implemented | 0 · unsafe (origin, unsafe-url …) or invalid -5 |
 * | strict-transport-security | max-age ≥ 15768000 (six months) | 0 · shorter -10 · missing or invalid -20 |
 * | subresource-integrity | SRI on every script, all from a similar origin, over https | +5 |
 * | | no SRI, all scripts same-origin · no scripts · not HTML | 0 |
 * | | foreign scripts over https without SRI -5 · over http -50 |
 * | x-content-type-options | nosniff | 0 · missing or invalid -5 |
 * | x-frame-options | via CSP frame-ancestors | +5 · DENY or SAMEORIGIN 0 · missing -20 |
 * | cross-origin-resource-policy | same-origin or same-site | +10 · cross-origin or missing 0 · invalid -5 |
 *
 * The score starts at 100; bonuses count only when the score with the
 * penalties alone is 90 or more. Grades: 100+ A+, 90 A, 85 A-, 80 B+, 70 B,
 * 65 B-, 60 C+, 50 C, 45 C-, 40 D+, 30 D, 25 D-, below F.
 *
 * What the Observatory learns from the network and a local server cannot
 * show is an input: `https` says the site is served over HTTPS with http
 * redirected to it on the same host (the README's nginx form), which is
 * what makes HSTS count and same-origin scripts "loaded securely".
 */

export interface ObservedResponse {
  /** Header names in any case. */
  headers: Record<string, string>;
  /** The body when it is HTML, for the script tags. */
  html?: string;
  https: boolean;
}

export interface Modifier {
  test: string;
  result: string;
  modifier: number;
}

export interface ObservatoryGrade {
  score: number;
  grade: string;
  modifiers: Modifier[];
}

const GRADES: [number, string][] = [
  [100, 'A+'], [90, 'A'], [85, 'A-'], [80, 'B+'], [70, 'B'], [65, 'B-'], [60, 'C+'], [50, 'C'], [45, 'C-'], [40, 'D+'], [30, 'D'], [25, 'D-'], [0, 'F'],
];
const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const SIX_MONTHS = 15_768_000;

export function observatoryGrade(response: ObservedResponse): ObservatoryGrade {
  const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
  const csp = parseCsp(headers['content-security-policy']);
  const modifiers = [
    contentSecurityPolicy(csp, response.https),
    cookies(headers['set-cookie']),
    cors(headers),
    { test: 'redirection', ...(response.https ? { result: 'redirection-to-https', modifier: 0 } : { result: 'redirection-missing', modifier: -20 }) },
    referrerPolicy(headers['referrer-policy']),
    strictTransportSecurity(headers['strict-transport-security'], response.https),
    subresourceIntegrity(headers['content-type'], response.html, response.https),
    contentTypeOptions(headers['x-content-type-options']),
    frameOptions(headers['x-frame-options'], csp),
    resourcePolicy(headers['cross-origin-resource-policy']),
  ];
  const penalties = 100 + modifiers.reduce((sum, { modifier }) => sum + Math.min(modifier, 0), 0);
  const withBonus = 100 + modifiers.reduce((sum, { modifier }) => sum + modifier, 0);
  const score = Math.max(penalties >= 90 ? withBonus : penalties, 0);
  const grade = GRADES.find(([minimum]) => Math.min(score - (score % 5), 100) >= minimum)![1];
  return { score, grade, modifiers };
}

type Csp = Map<string, Set<string>> | 'invalid' | undefined;

function parseCsp(header: string | undefined): Csp {
  if (!header) return undefined;
  const directives = new Map<string, Set<string>>();
  for (const part of header.split(';').map((item) => item.trim()).filter(Boolean)) {
    const [name, ...values] = part.split(/\s+/);
    if (!/^[a-z-]+$/i.test(name)) return 'invalid';
    if (!directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), new Set(values));
  }
  return directives;
}

function contentSecurityPolicy(csp: Csp, https: boolean): Modifier {
  const test = 'content-security-policy';
  if (!csp) return { test, result: 'csp-not-implemented', modifier: -25 };
  if (csp === 'invalid') return { test, result: 'csp-header-invalid', modifier: -25 };
  const fallback = (name: string) => new Set(csp.get(name) ?? csp.get('default-src') ?? ['*']);
  const scripts = fallback('script-src');
  const styles = fallback('style-src');
  // A hash or a nonce makes browsers ignore 'unsafe-inline'.
  for (const list of [scripts, styles]) {
    if ([...list].some((source) => /^'(sha256|sha384|sha512|nonce)-/.test(source))) list.delete("'unsafe-inline'");
  }
  const all = [...csp.values()].flatMap((list) => [...list]);
  if ([...scripts].some((source) => BROAD.has(source) || UNSAFE_INLINE.has(source)) || [...fallback('object-src')].some((source) => BROAD.has(source))) {
    return { test, result: 'csp-implemented-with-unsafe-inline', modifier: -20 };
  }
  if (https && all.some((source) => source.startsWith('http:') || source.startsWith('ftp:'))) {
    return { test, result: 'csp-implemented-with-insecure-scheme', modifier: -20 };
  }
  if (scripts.has("'unsafe-eval'") || styles.has("'unsafe-eval'")) return { test, result: 'csp-implemented-with-unsafe-eval', modifier: -10 };
  if ([...styles].some((source) => BROAD.has(source) || UNSAFE_INLINE.has(source))) {
    return { test, result: 'csp-implemented-with-unsafe-inline-in-style-src-only', modifier: 0 };
  }
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.size === 1 && defaultSrc.has("'none'")) return { test, result: 'csp-implemented-with-no-unsafe-default-src-none', modifier: 10 };
  return { test, result: 'csp-implemented-with-no-unsafe', modifier: 5 };
}

function cookies(setCookie: string | undefined): Modifier {
  const test = 'cookies';
  if (!setCookie) return { test, result: 'cookies-not-found', modifier: 0 };
  const flags = setCookie.toLowerCase();
  if (!flags.includes('secure')) return { test, result: 'cookies-without-secure-flag', modifier: -20 };
  if (flags.includes('httponly') && /samesite=(strict|lax)/.test(flags)) return { test, result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 };
  return { test, result: 'cookies-secure-with-httponly-sessions', modifier: 0 };
}

function cors(headers: Record<string, string>): Modifier {
  const test = 'cross-origin-resource-sharing';
  const origin = headers['access-control-allow-origin'];
  if (!origin) return { test, result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (headers['access-control-allow-credentials'] === 'true' && origin !== '*') {
    return { test, result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 };
  }
  return { test, result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0 };
}

function referrerPolicy(header: string | undefined): Modifier {
  const test = 'referrer-policy';
  if (!header) return { test, result: 'referrer-policy-not-implemented', modifier: 0 };
  const known = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin', 'origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  // Browsers use the last value they know.
  const policy = header.toLowerCase().split(',').map((item) => item.trim()).filter((item) => known.includes(item)).at(-1);
  if (!policy) return { test, result: 'referrer-policy-header-invalid', modifier: -5 };
  return known.indexOf(policy) < 4 ? { test, result: 'referrer-policy-private', modifier: 5 } : { test, result: 'referrer-policy-unsafe', modifier: -5 };
}

function strictTransportSecurity(header: string | undefined, https: boolean): Modifier {
  const test = 'strict-transport-security';
  if (!https) return { test, result: 'hsts-not-implemented-no-https', modifier: -20 };
  if (!header) return { test, result: 'hsts-not-implemented', modifier: -20 };
  const maxAge = /max-age\s*=\s*"?(\d+)"?/i.exec(header);
  if (!maxAge) return { test, result: 'hsts-header-invalid', modifier: -20 };
  return Number(maxAge[1]) >= SIX_MONTHS
    ? { test, result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0 }
    : { test, result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10 };
}

function subresourceIntegrity(contentType: string | undefined, html: string | undefined, https: boolean): Modifier {
  const test = 'subresource-integrity';
  if (!html || !/html/.test(contentType ?? 'text/html')) return { test, result: 'sri-not-implemented-response-not-html', modifier: 0 };
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map(([, attributes]) => ({
    src: /\ssrc="([^"]*)"/i.exec(attributes)?.[1],
    integrity: /\sintegrity="[^"]+"/i.test(attributes),
  }));
  if (scripts.length === 0) return { test, result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  const external = scripts.filter((script) => script.src && /^(https?:)?\/\//.test(script.src));
  if (external.some((script) => !script.src!.startsWith('https:'))) {
    return external.every((script) => script.integrity)
      ? { test, result: 'sri-implemented-but-external-scripts-not-loaded-securely', modifier: -20 }
      : { test, result: 'sri-not-implemented-and-external-scripts-not-loaded-securely', modifier: -50 };
  }
  if (external.some((script) => !script.integrity)) return { test, result: 'sri-not-implemented-but-external-scripts-loaded-securely', modifier: -5 };
  if (external.length) return { test, result: 'sri-implemented-and-external-scripts-loaded-securely', modifier: 5 };
  // Same-origin scripts earn the bonus when one of them carries integrity and the page is on https.
  if (https && scripts.some((script) => script.src && script.integrity)) return { test, result: 'sri-implemented-and-all-scripts-loaded-securely', modifier: 5 };
  return { test, result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 };
}

function contentTypeOptions(header: string | undefined): Modifier {
  const test = 'x-content-type-options';
  if (!header) return { test, result: 'x-content-type-options-not-implemented', modifier: -5 };
  return header.trim().toLowerCase() === 'nosniff'
    ? { test, result: 'x-content-type-options-nosniff', modifier: 0 }
    : { test, result: 'x-content-type-options-header-invalid', modifier: -5 };
}

function frameOptions(header: string | undefined, csp: Csp): Modifier {
  const test = 'x-frame-options';
  const ancestors = csp instanceof Map ? csp.get('frame-ancestors') : undefined;
  if (ancestors && ![...ancestors].some((source) => BROAD.has(source))) return { test, result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  if (!header) return { test, result: 'x-frame-options-not-implemented', modifier: -20 };
  const value = header.trim().toLowerCase();
  if (value === 'deny' || value === 'sameorigin') return { test, result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  if (value.startsWith('allow-from ')) return { test, result: 'x-frame-options-allow-from-origin', modifier: 0 };
  return { test, result: 'x-frame-options-header-invalid', modifier: -20 };
}

function resourcePolicy(header: string | undefined): Modifier {
  const test = 'cross-origin-resource-policy';
  const value = header?.trim().toLowerCase();
  if (!value) return { test, result: 'corp-not-implemented', modifier: 0 };
  if (value === 'same-origin' || value === 'same-site') return { test, result: `corp-implemented-with-${value}`, modifier: 10 };
  if (value === 'cross-origin') return { test, result: 'corp-implemented-with-cross-origin', modifier: 0 };
  return { test, result: 'corp-header-invalid', modifier: -5 };
}
