/**
 * The site's response headers in the forms hosts read: `_headers` (Netlify,
 * Cloudflare Pages; `sitegen serve` reads it too) and one nginx snippet per
 * rule, which docs/deploying.md's recipe includes. What the headers say (the
 * policy: the CSP with every source and hash the pages need, HSTS, …) is the
 * build's, handed to every `files` hook as `headers`; this integration only
 * writes it down. A site whose host takes its headers another way (a
 * vercel.json, a CDN's rules) puts its own integration named `headers` in
 * this one's place, and writes the same rules in that form.
 */
import { defineIntegration, headersFor, type HeaderRule } from './api.ts';

/** The snippet written for each rule, named for the nginx location that includes it. */
export const NGINX_SNIPPETS: Readonly<Record<string, string>> = { '/*': '_headers.nginx', '/assets/*': '_headers.assets.nginx' };

export const headers = defineIntegration({
  name: 'headers',
  setup: () => ({
    files: ({ site, headers: rules }) => ({ _headers: headersFile(rules, site.basePath), ...Object.fromEntries(nginxSnippets(rules)) }),
  }),
});

/** `_headers`; under a base path its patterns carry it, as the host matches them against the URLs visitors ask for. */
export function headersFile(rules: readonly HeaderRule[], basePath = ''): string {
  return rules.map((rule) => [basePath + rule.pattern, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n\n') + '\n';
}

/**
 * The nginx form of the rules: snippet file name → `add_header … always;` lines (always, so that redirects and
 * errors carry them too). nginx forgets the add_header lines of an enclosing block in a location that has its own,
 * so each snippet holds every header its paths get, not only its rule's.
 */
export function nginxSnippets(rules: readonly HeaderRule[]): Map<string, string> {
  const snippets = new Map<string, string>();
  for (const rule of rules) {
    const name = NGINX_SNIPPETS[rule.pattern];
    if (!name || !rule.pattern.endsWith('/*')) throw new Error(`no nginx snippet for the header rule ${rule.pattern}: name one in NGINX_SNIPPETS`);
    const location = rule.pattern.slice(0, -1);
    const lines = Object.entries(headersFor(rules, location)).map(([header, value]) => `add_header ${header} ${nginxString(header, value)} always;`);
    snippets.set(name, [
      `# Written by \`sitegen build\` from the rules of dist/_headers: the headers for ${rule.pattern}.`,
      `# Include it in nginx's \`location ${location}\` (docs/deploying.md) and reload nginx after each build.`,
      ...lines,
      '',
    ].join('\n'));
  }
  return snippets;
}

/**
 * A double-quoted nginx string: nginx reads `\"` and `\\` inside one. It has no escape for `$` (a variable) and a
 * header holds no control character; the build refuses both in any header before a hook sees it, so meeting one
 * here is a fault of this integration's caller, said as such.
 */
function nginxString(header: string, value: string): string {
  const bad = /[$\x00-\x1f\x7f]/.exec(value);
  if (bad) throw new Error(`the ${header} header would hold ${JSON.stringify(bad[0])}, which nginx cannot send in add_header`);
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}
