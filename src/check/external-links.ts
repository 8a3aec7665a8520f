/**
 * `sitegen check --external`: the links of the built pages to other sites,
 * fetched and reported when they are broken. Opt in: it needs the network,
 * and other sites' answers change without the site changing. Polite by
 * construction: a few requests at once in all, one at a time per host with
 * a pause between, HEAD first (GET where a server refuses HEAD), and a cache
 * in .sitegen/cache/external-links.json, so a link found working is not
 * asked again for a day. Each broken link is reported with the content
 * file and line that write it, or the pages that show it.
 *
 * Safe to run where content comes from others (a CI job on a pull request):
 * a link never leads the checker into the machine's own network. Every
 * address a name resolves to is judged before connecting, at every
 * redirect, whatever the link's spelling (`127.1`, `0x7f000001`,
 * `localhost`, a name that resolves to 10.0.0.5): loopback, private,
 * link-local (the cloud metadata service), unique-local and reserved
 * addresses are refused and reported as such, unless the operator allows
 * that host (`--allow-host`, for an intranet). And it is bounded: a time
 * per request and per run, a number of links per host, of redirects, and a
 * host that does not answer is not asked again in the same run.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Refused, guardedRequest } from '../guarded-request.ts';
import { unescapeHtml } from '../escape.ts';

export interface ExternalLinkOptions {
  /** Requests in flight at once, over every host (default 8). */
  concurrency?: number;
  /** The pause between two requests to one host (default 500 ms). */
  perHostIntervalMs?: number;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
  /** How long the whole run may take; links not asked by then are listed as unchecked (default 120 s). */
  totalMs?: number;
  /** The most links asked of one host in a run; the rest are listed as unchecked (default 50). */
  maxPerHost?: number;
  /** The most redirects followed for one link (default 10). */
  maxRedirects?: number;
  /** Hosts (`intranet.example`, `10.0.0.5:8080`) that may be asked though they resolve to a private or loopback address. */
  allowHosts?: readonly string[];
  /** How long a link found working is trusted without asking again (default a day). */
  maxAgeMs?: number;
  now?: () => number;
}

export interface BrokenLink {
  url: string;
  /** `404`, `unreachable (ECONNREFUSED)`, `timed out after 10 s`. */
  reason: string;
  /** Where it is written: `content/pages/about.yaml:12`, or the pages that show it. */
  where: string[];
}

export interface ExternalReport {
  links: number;
  /** Answered from the cache, not asked again. */
  cached: number;
  broken: BrokenLink[];
  /** Links not asked in this run (over the time or the per-host bound), with why: neither working nor broken. */
  unchecked: BrokenLink[];
}

interface Answer {
  ok: boolean;
  reason: string;
  at: number;
  /** Not asked this run: neither cached nor reported broken. */
  unchecked?: boolean;
}

const EXTERNAL = /\s(?:href|src)="(https?:\/\/[^"]+)"/gi;

/** The external links of the built pages (outside the site's own origin), each with the pages that show it. */
export function externalLinksOf(pages: readonly { file: string; html: string }[], siteOrigin: string): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const { file, html } of pages) {
    for (const [, raw] of html.matchAll(EXTERNAL)) {
      const url = unescapeHtml(raw);
      let origin: string;
      try {
        origin = new URL(url).origin;
      } catch {
        continue;
      }
      if (origin === siteOrigin) continue;
      const shownOn = links.get(url) ?? [];
      if (!shownOn.includes(file)) shownOn.push(file);
      links.set(url, shownOn);
    }
  }
  return links;
}

export async function checkExternalLinks(
  root: string, links: ReadonlyMap<string, string[]>, sources: ReadonlyMap<string, string>, options: ExternalLinkOptions = {},
): Promise<ExternalReport> {
  const {
    concurrency = 8, perHostIntervalMs = 500, timeoutMs = 10_000, totalMs = 120_000, maxPerHost = 50, maxRedirects = 10,
    allowHosts = [], maxAgeMs = 24 * 3600_000, now = Date.now,
  } = options;
  const cacheFile = path.join(root, '.sitegen', 'cache', 'external-links.json');
  const cache: Record<string, Answer> = await readFile(cacheFile, 'utf8').then((text) => JSON.parse(text) as Record<string, Answer>, () => ({}));
  const toAsk = [...links.keys()].filter((url) => !(cache[url]?.ok && now() - cache[url].at < maxAgeMs));
  const cached = links.size - toAsk.length;
  const rules: Rules = { timeoutMs, maxRedirects, allowed: new Set(allowHosts.map((host) => host.toLowerCase())) };
  const deadline = Date.now() + totalMs;

  // One request at a time per host, with a pause after each; `concurrency` in flight over all hosts.
  const hostTurns = new Map<string, Promise<unknown>>();
  const byHost = <T>(host: string, task: () => Promise<T>): Promise<T> => {
    const turn = (hostTurns.get(host) ?? Promise.resolve()).then(task);
    hostTurns.set(host, turn.catch(() => undefined).then(() => new Promise((resolve) => setTimeout(resolve, perHostIntervalMs))));
    return turn;
  };
  // A host that did not answer (timed out, refused, unknown) is not asked again this run: its other links share its answer.
  const silent = new Map<string, string>();
  const asked = new Map<string, number>();
  // Hosts are taken in turns, so a host with many links cannot hold the workers while others wait.
  const queue = interleaveByHost(toAsk);
  let next = 0;
  const answer = async (url: string): Promise<Omit<Answer, 'at'>> => {
    const host = new URL(url).host;
    const count = (asked.get(host) ?? 0) + 1;
    asked.set(host, count);
    if (count > maxPerHost) return { ok: false, unchecked: true, reason: `not asked: more than ${maxPerHost} links to ${host} in one run` };
    return byHost(host, async () => {
      if (silent.has(host)) return { ok: false, reason: `${silent.get(host)}; not asked again this run` };
      if (Date.now() >= deadline) return { ok: false, unchecked: true, reason: `not asked: the check's ${totalMs / 1000} s were up` };
      const result = await ask(url, rules);
      if (result.hostDown) silent.set(host, result.reason);
      return { ok: result.ok, reason: result.reason };
    });
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    while (next < queue.length) {
      const url = queue[next++];
      const result = await answer(url);
      // A 429 is asked again next time (at 0 is never fresh), and so is a link that was not asked.
      cache[url] = { ...result, at: result.reason === '429' || result.unchecked ? 0 : now() };
    }
  }));

  await mkdir(path.dirname(cacheFile), { recursive: true });
  const kept = Object.fromEntries(Object.entries(cache).filter(([url]) => links.has(url) && !cache[url].unchecked));
  await writeFile(cacheFile, JSON.stringify(kept, null, 2) + '\n');
  const listed = (unchecked: boolean) => [...links].filter(([url]) => !cache[url].ok && Boolean(cache[url].unchecked) === unchecked)
    .map(([url, pages]) => ({ url, reason: cache[url].reason, where: writtenAt(url, sources) ?? pages }));
  return { links: links.size, cached, broken: listed(false), unchecked: listed(true) };
}

/** The URLs with their hosts taken in turn (a.1, b.1, a.2, b.2 …), each host's links in their order. */
function interleaveByHost(urls: readonly string[]): string[] {
  const byHost = new Map<string, string[]>();
  for (const url of urls) {
    const host = new URL(url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), url]);
  }
  const order: string[] = [];
  for (let round = 0; order.length < urls.length; round++) for (const list of byHost.values()) if (round < list.length) order.push(list[round]);
  return order;
}

interface Rules {
  timeoutMs: number;
  maxRedirects: number;
  /** Hosts (lower case, `name` or `name:port`) allowed to resolve to addresses that are not public. */
  allowed: ReadonlySet<string>;
}

interface Asked {
  ok: boolean;
  reason: string;
  /** The host gave no answer at all: its other links would fare the same. */
  hostDown?: boolean;
}

/** One link's answer: HEAD, then GET where the server does not take HEAD; redirects followed, each judged again. */
async function ask(url: string, rules: Rules): Promise<Asked> {
  try {
    let status = await follow(url, 'HEAD', rules);
    if (status === 405 || status === 501) status = await follow(url, 'GET', rules);
    // Too many requests says nothing about the link: it is asked again next time, and not reported.
    if (status === 429) return { ok: true, reason: '429' };
    return { ok: status >= 200 && status < 300, reason: String(status) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.message };
    if (error instanceof RedirectError) return { ok: false, reason: error.message };
    if ((error as Error).name === 'TimeoutError') return { ok: false, reason: `timed out after ${rules.timeoutMs / 1000} s`, hostDown: true };
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { ok: false, reason: `unreachable (${code})`, hostDown: ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code) };
  }
}

class RedirectError extends Error {}

/** The status at the end of a link's redirects, each hop's host judged before it is connected to. */
async function follow(start: string, method: 'HEAD' | 'GET', rules: Rules): Promise<number> {
  let url = new URL(start);
  for (let hop = 0; ; hop++) {
    const { status, location } = await requestOnce(url, method, rules);
    if (![301, 302, 303, 307, 308].includes(status) || location === undefined) return status;
    if (hop >= rules.maxRedirects) throw new RedirectError(`more than ${rules.maxRedirects} redirects`);
    let target: URL;
    try {
      target = new URL(location, url);
    } catch {
      throw new RedirectError(`a redirect to ${JSON.stringify(location)}, which is no address`);
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new RedirectError(`a redirect to ${target.protocol} (not http or https)`);
    url = target;
  }
}

/** One request, its answer's status and Location; the connection is judged by the address it would reach. */
async function requestOnce(url: URL, method: 'HEAD' | 'GET', rules: Rules): Promise<{ status: number; location?: string }> {
  const { status, headers } = await guardedRequest(url, {
    method, timeoutMs: rules.timeoutMs, allowed: rules.allowed, allowHint: `sitegen check --allow-host ${url.host} asks it anyway`,
    headers: { 'user-agent': 'sitegen-check (link checker)', accept: '*/*' },
  });
  return { status, location: headers.location };
}

/** The content files and lines that write a URL, if any do. */
function writtenAt(url: string, sources: ReadonlyMap<string, string>): string[] | undefined {
  const places: string[] = [];
  for (const [file, text] of sources) {
    text.split('\n').forEach((line, index) => {
      if (line.includes(url)) places.push(`${file}:${index + 1}`);
    });
  }
  return places.length > 0 ? places : undefined;
}
