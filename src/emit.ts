import { cp, mkdir, rename, rm, writeFile, readdir } from 'node:fs/promises';
import path from 'node:path';

/** Every file under public/, as URL paths (`/img/logo.svg`). */
export async function listPublicFiles(root: string): Promise<Set<string>> {
  const publicDir = path.join(root, 'public');
  const found = new Set<string>();
  async function walk(dir: string, prefix: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await Promise.all(entries.map((entry) => entry.isDirectory()
      ? walk(path.join(dir, entry.name), `${prefix}/${entry.name}`)
      : void found.add(`${prefix}/${entry.name}`)));
  }
  await walk(publicDir, '');
  return found;
}

/**
 * Writes a whole site into a fresh folder beside `outDir` and swaps it in, so
 * that `outDir` always holds either the previous build or the new one.
 */
export async function emitSite(root: string, outDir: string, files: Map<string, string | Uint8Array>): Promise<void> {
  const parent = path.dirname(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const next = path.join(parent, `.${path.basename(outDir)}.next-${stamp}`);
  const previous = path.join(parent, `.${path.basename(outDir)}.old-${stamp}`);
  await mkdir(parent, { recursive: true });
  try {
    await cp(path.join(root, 'public'), next, { recursive: true, errorOnExist: false }).catch((error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
    await writeFiles(next, files);
    const hadPrevious = await rename(outDir, previous).then(() => true, (error) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    });
    await rename(next, outDir);
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    throw error;
  }
}

/** Writes files into an existing output folder, each through a temporary name (for incremental rebuilds). */
export async function emitFiles(outDir: string, files: Map<string, string | Uint8Array>): Promise<void> {
  await Promise.all([...files].map(async ([relative, contents]) => {
    const target = path.join(outDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, contents);
    await rename(temporary, target);
  }));
}

async function writeFiles(dir: string, files: Map<string, string | Uint8Array>): Promise<void> {
  const dirs = new Set([...files.keys()].map((relative) => path.dirname(path.join(dir, relative))));
  await mkdir(dir, { recursive: true });
  for (const sub of dirs) await mkdir(sub, { recursive: true });
  await Promise.all([...files].map(([relative, contents]) => writeFile(path.join(dir, relative), contents)));
}
