import { readdir } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { axeViolations as violationsOf, withAxe } from './axe.ts';

/** The routes of a built site: each .html file but the 404 page, as a visitor asks for it. */
export async function builtRoutes(outDir: string): Promise<string[]> {
  return (await readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.html') && file !== '404.html')
    .map((file) => `/${file.replace(/\\/g, '/').replace(/(index)?\.html$/, '')}`.replace(/\/$/, '') || '/');
}

/**
 * axe's violations on every route, each theme's colours once and each width's layout once: light at 375 px and dark
 * at 1280 px, the two runs side by side, each in its own context. Each violation as `route scheme @width: id (nodes)`.
 */
export async function axeViolations(browser: Browser, origin: string, routes: readonly string[]): Promise<string[]> {
  const runs = [{ colorScheme: 'light', width: 375 }, { colorScheme: 'dark', width: 1280 }] as const;
  return (await Promise.all(runs.map(async ({ colorScheme, width }) => {
    const browsing = await browser.newContext({ viewport: { width, height: 800 }, colorScheme });
    await withAxe(browsing);
    try {
      const page = await browsing.newPage();
      const seen: string[] = [];
      for (const route of routes) {
        await page.goto(origin + route);
        const violations = await violationsOf(page);
        seen.push(...violations.map((violation) => `${route} ${colorScheme} @${width}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`));
      }
      return seen;
    } finally {
      await browsing.close();
    }
  }))).flat();
}
