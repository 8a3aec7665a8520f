/**
 * `sitegen check --external`: the links of the built pages to other sites,
 * fetched and reported when they are broken. Opt in: it needs the network,
 * and other sites' answers change without the site changing. Polite by
 * construction: a few requests at once in all, one at a time per host with
 * a pause between, HEAD first (GET where a server refuses HEAD), and a cache
 * in .sitegen/cache/external-links.json, so a link found working is not
 * asked again for a day. Each broken link is reported with the content
 * file and line that write it, or the pages that show it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ExternalLinkOptions {
  /** Requests in flight at once, over every host (default 4). */
  concurrency?: number;
  /** The pause between two requests to one host (default 500 ms). */
  perHostIntervalMs?: number;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
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
}

interface Answer {
  ok: boolean;
  reason: string;
  at: number;
}

const EXTERNAL = /\s(?:href|src)="(https?:\/\/[^"]+)"/gi;

/** The external links of the built pages (outside the site's own origin), each with the pages that show it. */
export function externalLinksOf(pages: readonly { file: string; html: string }[], siteOrigin: string): Map<string, string[]> {
  const links = new Map<string, string[]>();
  for (const { file, html } of pages) {
    for (const [, raw] of html.matchAll(EXTERNAL)) {
      const url = raw.replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');
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
  const { concurrency = 4, perHostIntervalMs = 500, timeoutMs = 10_000, maxAgeMs = 24 * 3600_000, now = Date.now } = options;
  const cacheFile = path.join(root, '.sitegen', 'cache', 'external-links.json');
  const cache: Record<string, Answer> = await readFile(cacheFile, 'utf8').then((text) => JSON.parse(text) as Record<string, Answer>, () => ({}));
  const toAsk = [...links.keys()].filter((url) => !(cache[url]?.ok && now() - cache[url].at < maxAgeMs));
  const cached = links.size - toAsk.length;

  // One request at a time per host, with a pause after each; `concurrency` in flight over all hosts.
  const hostTurns = new Map<string, Promise<unknown>>();
  const byHost = <T>(host: string, task: () => Promise<T>): Promise<T> => {
    const turn = (hostTurns.get(host) ?? Promise.resolve()).then(task);
    hostTurns.set(host, turn.catch(() => undefined).then(() => new Promise((resolve) => setTimeout(resolve, perHostIntervalMs))));
    return turn;
  };
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(concurrency, toAsk.length) }, async () => {
    while (next < toAsk.length) {
      const url = toAsk[next++];
      const answer = await byHost(new URL(url).host, () => ask(url, timeoutMs));
      // A 429 is asked again next time (at 0 is never fresh).
      cache[url] = { ...answer, at: answer.reason === '429' ? 0 : now() };
    }
  }));

  await mkdir(path.dirname(cacheFile), { recursive: true });
  const kept = Object.fromEntries(Object.entries(cache).filter(([url]) => links.has(url)));
  await writeFile(cacheFile, JSON.stringify(kept, null, 2) + '\n');
  const broken = [...links].filter(([url]) => !cache[url].ok)
    .map(([url, pages]) => ({ url, reason: cache[url].reason, where: writtenAt(url, sources) ?? pages }));
  return { links: links.size, cached, broken };
}

/** One link's answer: HEAD, then GET where the server does not take HEAD; redirects followed. */
async function ask(url: string, timeoutMs: number): Promise<Omit<Answer, 'at'>> {
  try {
    let response = await fetch(url, { method: 'HEAD', redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    if (response.status === 405 || response.status === 501) {
      response = await fetch(url, { method: 'GET', redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
      await response.body?.cancel();
    }
    // Too many requests says nothing about the link: it is asked again next time, and not reported.
    if (response.status === 429) return { ok: true, reason: '429' };
    return { ok: response.ok, reason: String(response.status) };
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return { ok: false, reason: `timed out after ${timeoutMs / 1000} s` };
    // fetch's own error is 'fetch failed'; what happened is in its cause (a code, or each address's error, or a message).
    const cause = (error as { cause?: { code?: string; message?: string; errors?: { code?: string }[] } }).cause;
    const code = cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error as Error).message;
    return { ok: false, reason: `unreachable (${code})` };
  }
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
