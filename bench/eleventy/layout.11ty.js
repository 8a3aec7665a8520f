// The same document as sitegen's shell (src/document.tsx) around bench/sitegen/layout.tsx
// and markdown.tsx, minus the hashed asset attributes sitegen adds.
const escape = (text) => String(text).replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[char]);

export default function layout(data) {
  const { site, title, description, content, page } = data;
  const canonical = escape(new URL(page.url, site.url).href);
  const image = escape(new URL('/favicon.svg', site.url).href);
  const nav = site.nav.map((item) => `<li><a href="${escape(item.href)}">${escape(item.label)}</a></li>`).join('');
  return '<!DOCTYPE html>'
    + `<html lang="${escape(site.lang)}"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/>`
    + `<title>${escape(title)} | ${escape(site.name)}</title><meta name="description" content="${escape(description)}"/>`
    + `<link rel="canonical" href="${canonical}"/><meta property="og:type" content="website"/>`
    + `<meta property="og:site_name" content="${escape(site.name)}"/><meta property="og:title" content="${escape(title)}"/>`
    + `<meta property="og:description" content="${escape(description)}"/><meta property="og:url" content="${canonical}"/>`
    + `<meta property="og:image" content="${image}"/><meta name="twitter:card" content="summary_large_image"/>`
    + `<meta name="twitter:title" content="${escape(title)}"/><meta name="twitter:description" content="${escape(description)}"/>`
    + `<meta name="twitter:image" content="${image}"/><link rel="icon" href="/favicon.svg" type="image/svg+xml"/>`
    + `<link rel="stylesheet" href="/site.css"/></head>`
    + `<body><header class="site-header"><a class="site-name" href="/">${escape(site.name)}</a>`
    + `<nav aria-label="Main"><ul>${nav}</ul></nav></header>`
    + `<main id="main"><article class="page"><h1>${escape(title)}</h1><div class="prose">${content}</div></article></main>`
    + `<footer class="site-footer"><p>${escape(site.footer)}</p></footer></body></html>`;
}
