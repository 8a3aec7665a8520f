/**
 * What a rendered page holds that the site's own Content-Security-Policy
 * would block in the browser, found at build time: a picture from a host the
 * policy does not name, a style attribute or element, an iframe, an inline
 * script the build did not hash, a form posting to another host. Each would
 * fail silently in the visitor's browser (a broken image, an unstyled box, a
 * console line nobody reads), so each is an error naming the page's
 * template and the setting that would allow it, where there is one.
 *
 * Chosen per case:
 * - another host's image or media: allowed by listing its origin in
 *   site.yaml (`csp.img`, `csp.media`), never by widening the policy on the
 *   build's own initiative: a host the page loads from is a decision;
 * - a style attribute or `<style>`: refused, not hashed: hashes of style
 *   attributes need 'unsafe-hashes', which reviewers flag, and a class in
 *   the stylesheet does the same;
 * - an iframe: refused (the policy frames nothing); an embed is a
 *   component that says what it loads;
 * - an inline script: refused unless the build hashed it (the head's own);
 * - a form to another host: allowed by `csp.form`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { unescapeHtml } from '../escape.ts';
import { foreignOrigin } from '../integrations/api.ts';
import type { PageInfo, SiteInfo } from '../model.ts';

/** The origins a page may load from besides its own, as the policy has them. */
export interface PagePolicy {
  siteOrigin: string;
  script: readonly string[];
  img: readonly string[];
  media: readonly string[];
  form: readonly string[];
  /** The inline scripts the build writes into every page and hashes into the policy. */
  hashed: ReadonlySet<string>;
}

/** The policy of a site's pages: site.yaml's `csp`, and the sources integrations declare. */
export function pagePolicyOf(site: SiteInfo, hashedScripts: readonly string[], extra: Partial<Record<'script' | 'img' | 'media' | 'form', readonly string[]>> = {}): PagePolicy {
  return {
    siteOrigin: new URL(site.url).origin, script: [...site.csp.script, ...extra.script ?? []], img: [...site.csp.img, ...extra.img ?? []], media: [...site.csp.media, ...extra.media ?? []],
    form: [...site.csp.form, ...extra.form ?? []], hashed: new Set(hashedScripts),
  };
}

// Case-sensitive: React, the document shell and sanitize-html write tags in lower case, and a case-insensitive scan is several times slower.
const TAG = /<(img|source|video|audio|track|iframe|frame|embed|object|form)\b([^>]*)>/g;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
/**
 * An element that frames or embeds, or a source, poster or form action that is an absolute address: what the
 * element scan below can find (a page's canonical and og: links are absolute too, and need no scan).
 */
const MAY_BLOCK = /<(?:iframe|frame|embed|object)\b|\s(?:src|srcset|poster|action)="(?:https?:)?\/\/|,\s*(?:https?:)?\/\//;
const STYLE_ATTRIBUTE = /<([a-z][\w-]*)\b[^>]*?\sstyle="/g;
const ATTRIBUTE = /\s([a-z-]+)(?:="([^"]*)")?/gi;

/** One thing the policy would block: what it is, and the address that names it, when one does. */
export interface PolicyProblem {
  message: string;
  url?: string;
}

/** The problems of one rendered page; none for a page the policy lets load whole. */
export function policyProblems(html: string, policy: PagePolicy): PolicyProblem[] {
  const problems = new Map<string, PolicyProblem>();
  const add = (message: string, url?: string) => problems.set(message, { message, url });
  // Each scan only where the page can hold what it looks for: this runs on every page of every build. The head is the
  // document shell's (its scripts are checked below, with an integration's); the rest can only come from the body.
  const body = html.slice(Math.max(0, html.indexOf('<body')));
  const more = body.includes('style') || body.includes('//') || /<(?:iframe|frame|embed|object)\b/.test(body);
  if (more && body.includes(' style="')) for (const [, element] of body.matchAll(STYLE_ATTRIBUTE)) {
    add(`a style attribute on <${element}>, which the policy's style-src 'self' blocks: give the element a class in the stylesheet`);
  }
  for (const { attributes, code } of scriptsOf(html)) {
    // Most scripts are the document shell's: a src and no text, or text it hashed. Only the others' attributes are read.
    if (attributes.includes(' src=') ? !/ src="(?:https?:)?\/\//.test(attributes) : isHashed(policy, code)) continue;
    const attrs = new Map([...attributes.matchAll(ATTRIBUTE)].map(([, name, value]) => [name.toLowerCase(), unescapeHtml(value ?? '')]));
    // JSON does not run; the build's own scripts (and its import map) are hashed into the policy.
    const type = (attrs.get('type') ?? '').toLowerCase();
    const src = attrs.get('src');
    const origin = foreign(src, policy.siteOrigin);
    if (origin && !policy.script.includes(origin)) add(`a script from ${origin}, which the policy's script-src blocks: add ${origin} to csp.script in content/site.yaml`, src);
    if (src !== undefined || !(type === '' || type === 'module' || type === 'importmap' || type.includes('javascript'))) continue;
    add('an inline <script>, which the policy blocks (only the build\'s own are hashed into it): move it into an island');
  }
  if (more && html.includes('<style')) for (const [, code] of html.matchAll(STYLE)) {
    if (!isHashed(policy, code)) add('a <style> element, which the policy\'s style-src \'self\' blocks: put its rules in the stylesheet');
  }
  if (more && MAY_BLOCK.test(body)) for (const [, rawTag, attributes] of body.matchAll(TAG)) {
    const tag = rawTag.toLowerCase();
    const attrs = new Map([...attributes.matchAll(ATTRIBUTE)].map(([, name, value]) => [name.toLowerCase(), unescapeHtml(value ?? '')]));
    if (tag === 'iframe' || tag === 'frame' || tag === 'embed' || tag === 'object') {
      add(`an <${tag}>, which the policy blocks (it frames and embeds nothing): link to the page instead`);
    } else if (tag === 'form') {
      const action = attrs.get('action');
      const origin = foreign(action, policy.siteOrigin);
      if (origin && !policy.form.includes(origin)) add(`a form posting to ${origin}, which the policy's form-action blocks: add ${origin} to csp.form in content/site.yaml`, action);
    } else {
      // A <source> with srcset is a picture's (an image); with src, a video's or an audio's.
      const image = tag === 'img' || (tag === 'source' && attrs.has('srcset'));
      const urls: [string | undefined, 'img' | 'media'][] = [
        [attrs.get('src'), image ? 'img' : 'media'], [attrs.get('poster'), 'img'],
        ...(attrs.get('srcset') ?? '').split(',').map((part): [string, 'img'] => [part.trim().split(/\s+/)[0], 'img']),
      ];
      for (const [url, setting] of urls) {
        const origin = foreign(url, policy.siteOrigin);
        if (origin && !policy[setting].includes(origin)) {
          add(setting === 'img'
            // Fetched at build and served from the site, an image costs visitors no request to another host: that first.
            ? `${url} from ${origin}, which the policy's img-src blocks: list ${origin} under images.remote in content/site.yaml (the build fetches the image and serves it from the site), or keep the file in public/; csp.img would have every visitor's browser load it from ${origin}`
            : `${url} from ${origin}, which the policy's ${setting}-src blocks: add ${origin} to csp.${setting} in content/site.yaml, or keep the file in public/`, url);
        }
      }
    }
  }
  return [...problems.values()];
}

/** Each script element of a page: its attributes and its text, found with indexOf (a regex over every page cost more than the rest of the check). */
function* scriptsOf(html: string): Generator<{ attributes: string; code: string }> {
  for (let at = html.indexOf('<script'); at !== -1; at = html.indexOf('<script', at + 7)) {
    const open = html.indexOf('>', at);
    const close = html.indexOf('</script>', open);
    if (open === -1 || close === -1) return;
    yield { attributes: html.slice(at + 7, open), code: html.slice(open + 1, close) };
    at = close;
  }
}

/** Whether a script's text is one the policy hashes: compared by length first, so no page's text is hashed into a set. */
function isHashed(policy: PagePolicy, code: string): boolean {
  for (const known of policy.hashed) if (known.length === code.length && known === code) return true;
  return false;
}

/** The origin an absolute address reaches, when it is another host's; a path is the site's own. */
function foreign(url: string | undefined, siteOrigin: string): string | undefined {
  return url && /^(https?:)?\/\//i.test(url) ? foreignOrigin(url, siteOrigin) : undefined;
}

/**
 * The errors of a page's problems, each at its source: the line of the
 * page's content file that writes its address (an editor's image), or else
 * the page's template, which wrote it.
 */
export function policyErrors(page: Pick<PageInfo, 'route' | 'file' | 'template'>, problems: readonly PolicyProblem[], root: string): SiteError[] {
  let lines: string[] | undefined;
  return problems.map((problem) => {
    lines ??= readSource(path.join(root, page.file));
    const line = problem.url === undefined ? -1 : lines.findIndex((text) => text.includes(problem.url!));
    const inContent = line >= 0;
    return new SiteError('csp', `${page.route} holds ${problem.message}`, {
      location: inContent ? { file: page.file, line: line + 1 } : { file: `templates/pages/${page.template}.tsx` },
      hint: inContent
        ? 'the site\'s Content-Security-Policy would block it in every visitor\'s browser'
        : `the site's Content-Security-Policy would block it in every visitor's browser; the page's template (or a component it uses) writes it, not ${page.file}`,
    });
  });
}

function readSource(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split(/\r?\n/);
  } catch {
    return [];
  }
}
