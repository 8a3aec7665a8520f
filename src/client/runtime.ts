/**
 * What the script every page loads does: it wires the navbar's menu, runs
 * the integrations' browser code that the islands wait for (the
 * bot-detection gate), then hydrates the page's islands, each from its own
 * lazily loaded chunk; the rest of the integrations' code (the web-vitals
 * beacon) loads beside them. Free of React. It comes in two builds, each one
 * file: ./runtime-page.ts for a page without islands, without the islands'
 * machinery (when each hydrates, how its chunk loads), and
 * ./runtime-islands.ts with it; the page's head names the one it needs.
 */
import scripts from 'sitegen-client:scripts';
import { readConfig } from './config.ts';
import { holdEarlySubmits } from './hold-submits.ts';
import { enhanceMenus } from './menu.ts';

/** Hydrates the page's islands (./hydrate-islands.ts), in the build for pages that have them. */
export type HydrateIslands = () => void;

export function startRuntime(hydrateIslands?: HydrateIslands): void {
  const settings = readConfig().client ?? {};

  // Not behind the gate, even in mode `islands`: the gate keeps bots away from
  // the application features (forms, login), while the menu only shows links
  // that are already in the HTML. Waiting would leave phone visitors with a dead
  // toggle and no navigation for as long as the check takes, or for good when it
  // fails or never answers. In mode `page` the body is hidden until then anyway.
  enhanceMenus();
  // From the start, gate or not: a form in an island is only ever sent by its island.
  if (hydrateIslands) holdEarlySubmits(document);

  /** The scripts of one timing this page has settings for, each loaded and called; a failure is logged as its integration's. */
  const run = (timing: 'before-islands' | 'idle'): Promise<unknown>[] =>
    scripts.filter((script) => script.timing === timing && Object.hasOwn(settings, script.name)).map((script) =>
      script.load().then((module) => module.default(settings[script.name])).catch((error: unknown) => {
        console.error(`sitegen: the browser code of the integration ${script.name} failed`, error);
        // What the islands wait for failed: they stay static, as for a failed check.
        if (timing === 'before-islands') return new Promise(() => {});
      }));

  void Promise.all(run('before-islands')).then(() => hydrateIslands?.());
  run('idle');
}
