import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { writeCorpus } from './bench/corpus.ts';
import { buildSite } from './src/pipeline.ts';
import { markdownTwinOf } from './src/integrations/agents.ts';
const base = await mkdtemp(path.join(tmpdir(), 'corp-'));
const roots = await writeCorpus(base, 500, 1);
console.log(Object.keys(roots));
const root = (roots as any).sitegen;
const t = performance.now();
const r = await buildSite({ root, outDir: root + '/dist', keep: false, cache: false });
console.log('build', (performance.now() - t).toFixed(0), r.timings);
const files = r.pages.slice(0, 200).map((p: any) => p.route);
const htmls = files.map((route: string) => readFileSync(path.join(root, 'dist', route === '/' ? 'index.html' : route.slice(1) + '.html'), 'utf8'));
console.log('avg html', htmls.reduce((s: number, h: string) => s + h.length, 0) / htmls.length);
for (let i = 0; i < 2; i++) { const s = performance.now(); for (const h of htmls) markdownTwinOf(h, 'https://x.example/a', 'T'); console.log('twin ms/page', ((performance.now() - s) / htmls.length).toFixed(3)); }
console.log(base);
