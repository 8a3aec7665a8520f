/**
 * The script every page loads: it wires the navbar's menu, runs the
 * bot-detection gate, then hydrates the page's islands, each from its own
 * lazily loaded chunk. Kept free of React so that a page without islands
 * ships only this file.
 */
import { readConfig } from './config.ts';
import { passGate } from './gate.ts';
import { hydrateIslands } from './hydrate-islands.ts';
import { holdEarlySubmits } from './hold-submits.ts';
import { enhanceMenus } from './menu.ts';

const config = readConfig();

// Not behind the gate, even in mode `islands`: the gate keeps bots away from
// the application features (forms, login), while the menu only shows links
// that are already in the HTML. Waiting would leave phone visitors with a dead
// toggle and no navigation for as long as the check takes, or for good when it
// fails or never answers. In mode `page` the body is hidden until then anyway.
enhanceMenus();
// From the start, gate or not: a form in an island is only ever sent by its island.
holdEarlySubmits(document);

void passGate(config.gate).then(() => hydrateIslands());

if (config.vitalsUrl) {
  const url = config.vitalsUrl;
  void import('./vitals.ts').then((vitals) => vitals.reportVitals(url));
}
