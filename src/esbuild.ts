import { createRequire } from 'node:module';
import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import { SITEGEN_DIR } from './paths.ts';

/** esbuild's API, imported when something is compiled: a build that finds everything in its cache never needs it. */
export function loadEsbuild(): Promise<typeof import('esbuild')> {
  return import('esbuild');
}

/**
 * What every bundle of a site's code shares: `sitegen` is the templates'
 * API; packages resolve as Node resolves them
 * from sitegen's own package.json (a site root need not install React, and
 * when sitegen is a dependency its packages may be hoisted above it); and
 * React is its production build.
 */
export const SITE_CODE = {
  jsx: 'automatic',
  logLevel: 'silent',
  alias: {
    sitegen: path.join(SITEGEN_DIR, 'src', 'template-api', 'index.ts'),
  },
  nodePaths: createRequire(path.join(SITEGEN_DIR, 'package.json')).resolve.paths('react') ?? [],
  define: { 'process.env.NODE_ENV': '"production"' },
} satisfies BuildOptions;

/** For ES modules run by Node: `require` for the CommonJS code bundled into them (Node built-ins stay imports). */
export const NODE_REQUIRE_BANNER = {
  js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);",
};
