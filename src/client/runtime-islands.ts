/** The runtime of a page with islands (./runtime.ts): the menu, the integrations' browser code, and the islands. */
import { hydrateIslands } from './hydrate-islands.ts';
import { showIslandError } from './island-error.ts';
import { startRuntime } from './runtime.ts';

startRuntime(() => hydrateIslands(showIslandError));
