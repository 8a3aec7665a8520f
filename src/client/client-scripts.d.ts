/**
 * The integrations' browser code, as the bundle makes this module for each
 * site (src/bundle/bundle-islands.ts): one entry per integration with a
 * `client` hook, its module behind import() so that each is its own chunk.
 */
declare module 'sitegen-client:scripts' {
  const scripts: readonly {
    name: string;
    timing: 'before-islands' | 'idle';
    load(): Promise<{ default: (settings: unknown) => unknown }>;
  }[];
  export default scripts;
}
