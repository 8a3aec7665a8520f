/**
 * What a site's own server code (ROOT/server/index.ts) exports, as a
 * generator feature: endpoints that take a Web-standard Request and return a
 * Response (the convention of Astro endpoints, SvelteKit and Hono), mounted
 * by `serve`, `start` and `dev` on the pages' origin, behind the
 * generator's headers, body limits, time-outs and --trust-proxy.
 */

/** What an endpoint gets besides the request. */
export interface EndpointContext {
  /** The visitor's address: the socket's peer, or what the trusted proxies say (--trust-proxy). */
  clientAddress: string;
  /** The site root, for files the server keeps (under .sitegen/, which is never published). */
  root: string;
}

export type Endpoint = (request: Request, context: EndpointContext) => Response | Promise<Response>;

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** Path of the site (as content routes are written: /api/newsletter) → a handler per method. */
export type Routes = Record<string, Partial<Record<HttpMethod, Endpoint>>>;

/** The default export of server/index.ts. */
export interface SiteServer {
  /** The endpoints known without starting: path → a handler per method. */
  routes?: Routes;
  /** The largest request body an endpoint reads, in bytes (default 16 KB); a larger one gets 413 before it is read. */
  maxBodyBytes?: number;
  /**
   * Called once the server starts (serve, start, dev), before the first
   * request. It may return routes of its own and a `close`: endpoints that
   * need what start made (a database, paths read from the site's content),
   * held per running server rather than in the module.
   */
  start?(context: { root: string }): void | StartedServer | Promise<void | StartedServer>;
  /** Called when the server stops: close databases, stop timers. */
  close?(): void | Promise<void>;
  /**
   * Called by `sitegen start` before its build: make what the site needs and
   * git does not hold (keys, a first user), so that a fresh clone starts with
   * one command.
   */
  prepare?(context: { root: string }): void | Promise<void>;
  /**
   * The site's own operator commands, declared on sitegen's command line
   * (commander's `program`): `sitegen --help` lists them under the site, and
   * a site without them has none.
   */
  commands?(tools: SiteCommandTools): void;
}

/** What a server's `start` may return: the routes that depend on it, and how to let go of what it opened. */
export interface StartedServer {
  routes?: Routes;
  close?(): void | Promise<void>;
}

/** What the command line lends a site's commands. */
export interface SiteCommandTools {
  /** commander's Command: `program.command('name').description(…).action(…)`. */
  program: import('commander').Command;
  /** The generator's --root option, for a command that works on a site root. */
  rootOption(): import('commander').Option;
  /** Wraps an action: its errors are printed as sitegen prints its own, with the exit code set. */
  run<A extends unknown[]>(action: (...args: A) => Promise<void>): (...args: A) => Promise<void>;
}

/** Keeps the shape of server/index.ts's export checked by TypeScript in the site's editor. */
export function defineServer(server: SiteServer): SiteServer {
  return server;
}
