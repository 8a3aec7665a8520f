/**
 * `npm run draw`: draws the site's diagrams and sample client logos again,
 * into public/img/, with every label as outlines in the brand typeface
 * (design/text.ts). The files are committed: a build never runs this.
 *
 *   npm run draw              # every drawing
 *   npm run draw -- logos     # the drawings whose name contains "logos"
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagrams } from './diagrams.ts';
import { logos } from './logos.ts';

const PUBLIC_IMG = path.resolve(fileURLToPath(import.meta.url), '../../public/img');

async function main(): Promise<void> {
  const only = process.argv[2];
  const drawings = [...diagrams(), ...logos()].filter((drawing) => !only || drawing.name.includes(only));
  for (const drawing of drawings) {
    const file = path.join(PUBLIC_IMG, drawing.name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, drawing.svg);
    console.log(`public/img/${drawing.name}  ${(drawing.svg.length / 1024).toFixed(1)} KB`);
  }
}

await main();
