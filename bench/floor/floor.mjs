// The floor: the least a Node build of the benchmark corpus must do, on one
// thread, with nothing sitegen adds (no validation, no bundling, no cache, no
// workers): read each page, split its front matter, parse it with js-yaml,
// convert the body with marked, render the same markup as the corpus's
// sitegen templates with React's renderToString, write the HTML.
//
//   node bench/floor/floor.mjs SITE_ROOT OUT_DIR
//
// Plain JavaScript run by node itself (no TypeScript loader), so that it pays
// only Node's start and the four libraries' loading.
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import yaml from 'js-yaml';
import { marked } from 'marked';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';

const [root, outDir] = process.argv.slice(2);
const site = yaml.load(await readFile(path.join(root, 'content', 'site.yaml'), 'utf8'));
const pagesDir = path.join(root, 'content', 'pages');
const files = (await readdir(pagesDir)).filter((name) => name.endsWith('.md'));
await mkdir(outDir, { recursive: true });

function Layout({ children }) {
  return h('body', null,
    h('header', { className: 'site-header' },
      h('a', { className: 'site-name', href: '/' }, site.name),
      h('nav', { 'aria-label': 'Main' }, h('ul', null, site.nav.map((item) => h('li', { key: item.href }, h('a', { href: item.href }, item.label)))))),
    h('main', { id: 'main' }, children),
    h('footer', { className: 'site-footer' }, h('p', null, site.footer)));
}

/** One page's HTML from its source: the CPU work, on this thread. */
function render(source) {
  const end = source.indexOf('\n---', 4);
  const front = yaml.load(source.slice(4, end));
  const body = marked.parse(source.slice(end + 4), { async: false });
  const page = h('article', { className: 'page' }, h('h1', null, front.title), h('div', { className: 'prose', dangerouslySetInnerHTML: { __html: body } }));
  return `<!DOCTYPE html><html lang="${site.lang}"><head><meta charset="utf-8"><title>${front.title}</title>`
    + `<meta name="description" content="${front.description}"></head>${renderToString(h(Layout, null, page))}</html>`;
}

// The reads and writes of a batch overlap (libuv's threads do them), so the thread waits on the disk as little as it can.
const BATCH = 64;
for (let start = 0; start < files.length; start += BATCH) {
  const batch = files.slice(start, start + BATCH);
  const sources = await Promise.all(batch.map((file) => readFile(path.join(pagesDir, file), 'utf8')));
  await Promise.all(batch.map((file, index) => writeFile(path.join(outDir, file.replace(/\.md$/, '.html')), render(sources[index]))));
}
