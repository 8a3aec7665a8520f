/** The runtime of a page without islands (./runtime.ts): the menu and the integrations' browser code. */
import { startRuntime } from './runtime.ts';

startRuntime();
