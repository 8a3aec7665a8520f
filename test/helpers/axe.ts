/**
 * axe-core in Chromium, the quick way: its source goes into every page and frame of a browser context as an init
 * script, before the page's own, and a check is one call of axe.run that sends back the violations only.
 * @axe-core/playwright's AxeBuilder evaluates the 500 KB source again in every frame on each analyze and sends the
 * passes back too: about 3× as long a check (490 against 175 ms a page of the news starter, navigation included).
 * The rules and tags are the same, and frames are checked as AxeBuilder checks them (axe is in each).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

/** WCAG 2.2 A and AA, and axe's best practices: what every axe check of this repository asks. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'];

// The axe-core that @axe-core/playwright itself runs, wherever npm put it.
const fromPlaywright = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(fromPlaywright.resolve('axe-core/axe.min.js'), 'utf8');

/** Puts axe in every page `context` opens from now on (and tsx's __name helper, which functions sent to a page use). */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
  await context.addInitScript({ content: AXE_SOURCE });
}

export type AxeViolation = Pick<AxeResults['violations'][number], 'id' | 'impact' | 'help'> & { nodes: { target: string[]; failureSummary?: string }[] };

/**
 * How long one check may take: a page's takes well under a second. Playwright gives page.evaluate no time limit and
 * uvu none to a test, so an axe.run that never settled would hold a whole `npm test` (on 11-29 a share of the suite
 * that held a11y's tests stopped for 25 minutes with two servers of the site listening and Chromium idle; which call
 * waited is not known); past this it fails, naming the page.
 */
const AXE_LIMIT_MS = 60_000;

/** axe's violations of AXE_TAGS on `page` (opened in a context given withAxe), or only within the elements `within` selects. */
export async function axeViolations(page: Page, within?: string): Promise<AxeViolation[]> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`axe did not finish its check of ${page.url()} within ${AXE_LIMIT_MS / 1000} s`)), AXE_LIMIT_MS);
  });
  const checking = check(page, within);
  // Settled after the limit (the page closed by the failing test): nothing left to report.
  checking.catch(() => undefined);
  try {
    return await Promise.race([checking, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function check(page: Page, within?: string): Promise<AxeViolation[]> {
  return page.evaluate(async ({ tags, within }) => {
    const { axe } = globalThis as unknown as { axe: typeof import('axe-core') };
    if (!axe) throw new Error('axe is not in this page: open it in a context given withAxe()');
    const results = await axe.run(within ? { include: [within] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id, impact: violation.impact, help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.map(String), failureSummary: node.failureSummary })),
    }));
  }, { tags: AXE_TAGS, within });
}
