/**
 * The build cache's files as a test reads and changes them: JSON after a
 * first line that holds its checksum (src/cache/build-cache.ts). A test that
 * means to damage a file writes it directly instead.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { checksumOf } from '../../src/cache/build-cache.ts';

export async function readCacheJson(file: string): Promise<any> {
  const text = await readFile(file, 'utf8');
  return JSON.parse(text.slice(text.indexOf('\n') + 1));
}

/** Writes a value as the cache writes it, with a checksum that holds: a cache another build could have left. */
export async function writeCacheJson(file: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await writeFile(file, `${checksumOf(json)}\n${json}`);
}
