/** esbuild's API, imported when something is compiled: a build that finds everything in its cache never needs it. */
export function loadEsbuild(): Promise<typeof import('esbuild')> {
  return import('esbuild');
}
