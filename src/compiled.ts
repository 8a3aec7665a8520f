import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SITEGEN_DIR } from './paths.ts';

/**
 * A file of the plain-JavaScript build of src/ (bin/compile.js), for a worker
 * thread to load. Found the same way whether sitegen runs from that build
 * (the CLI) or from the TypeScript sources (tests and benches under tsx),
 * whose loader does not reach into worker threads.
 */
export async function compiledFile(name: string): Promise<URL> {
  const { compiledCli } = await import(pathToFileURL(path.join(SITEGEN_DIR, 'bin', 'compile.js')).href) as { compiledCli(): Promise<string> };
  return pathToFileURL(path.join(await compiledCli(), name));
}
