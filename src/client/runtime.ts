/**
 * The script every page loads: it runs the bot-detection gate, then hydrates
 * the page's islands, each from its own lazily loaded chunk. Kept free of
 * React so that a page without islands ships only this file.
 */
import { readConfig } from './config.ts';
import { passGate } from './gate.ts';
import { hydrateIslands } from './islands.ts';

const config = readConfig();

void passGate(config.gate).then(() => hydrateIslands());

if (config.vitalsUrl) {
  const url = config.vitalsUrl;
  void import('./vitals.ts').then((vitals) => vitals.reportVitals(url));
}
