import { cp, readFile, writeFile, readdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { FIXTURES, tempDir } from './site.ts';

/** A writable copy of test/fixtures/NAME in a temporary folder. */
export async function copyFixture(name: string): Promise<string> {
  const root = path.join(await tempDir(`sitegen-${name}-`), name);
  // Never what a build left in the fixture itself (its output, its cache).
  await cp(path.join(FIXTURES, name), root, { recursive: true, filter: (source) => !/[/\\](\.sitegen|dist)$/.test(source) });
  return root;
}

/** Replaces text in a file of a fixture copy; fails loudly when the text is not there. */
export async function edit(root: string, file: string, from: string | RegExp, to: string): Promise<void> {
  const target = path.join(root, file);
  const before = await readFile(target, 'utf8');
  const after = before.replace(from, to);
  if (after === before) throw new Error(`edit: ${String(from)} not found in ${file}`);
  await writeFile(target, after);
}

/** A hash of every file's path and contents under a folder: equal hashes mean nothing changed. */
export async function hashTree(dir: string): Promise<string> {
  const hash = createHash('sha256');
  async function walk(current: string): Promise<void> {
    const entries = (await readdir(current, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      hash.update(path.relative(dir, full));
      if (entry.isDirectory()) await walk(full);
      else hash.update(await readFile(full));
    }
  }
  await walk(dir);
  return hash.digest('hex');
}

/** Every file under a folder: path (forward slashes) → contents, base64. */
export async function treeOf(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    files.set(file, (await readFile(path.join(dir, file))).toString('base64'));
  }
  return files;
}

/** How two trees differ, as lines a failure can show: a file that differs, or is in one of them only. */
export function treeDifferences(one: ReadonlyMap<string, string>, other: ReadonlyMap<string, string>): string[] {
  const found: string[] = [];
  for (const [file, contents] of one) if (other.get(file) !== contents) found.push(other.has(file) ? `${file} differs` : `${file} only in the first`);
  for (const file of other.keys()) if (!one.has(file)) found.push(`${file} only in the second`);
  return found.sort();
}
