/**
 * The docs site's code configuration (docs/integrations.md). `docsPage` is
 * this starter's own integration: the small script every page carries, inline
 * in its head so that the build hashes it into the Content-Security-Policy
 * (never 'unsafe-inline'):
 *
 * - before the first paint, the theme the visitor chose (kept in
 *   localStorage); without a choice, CSS follows the system's;
 * - the theme choice (System, Light, Dark), shown only where scripts run;
 * - `/`, Ctrl+K or ⌘K focus the search field from anywhere on the page;
 * - the table of contents marks the section being read (the last heading
 *   above the header's edge, or the last one at the page's end);
 * - while the menu is open over the page on a phone, Tab and Shift+Tab go
 *   round its button and what it holds, not the page behind it.
 *
 * Beside it, the accent colours of site.yaml's `theme`, as custom properties
 * (templates/lib/theme.ts): hashed into the policy as the script is.
 *
 * It is a few hundred bytes: the pages need no React until the visitor
 * reaches into the search, a tab set or a copy button. The menu button on
 * narrow screens is sitegen's runtime's (data-menu-toggle).
 */
import { defineConfig, defineIntegration } from 'sitegen/config';
import { compact, THEME_AT_ONCE, THEME_MENU, themeStyle, type Theme } from './templates/lib/theme.ts';

const PAGE_SCRIPT = compact(`(function () {
  ${THEME_AT_ONCE}
  document.addEventListener('keydown', function (event) {
    var open = document.querySelector('[aria-expanded="true"][data-menu-toggle]');
    if (event.key == 'Tab' && open && open.offsetParent) {
      var all = [].filter.call(document.querySelectorAll('[data-menu-toggle],.header-extra [href],select,#sidebar [href],summary'), function (e) { return e.offsetParent; });
      var end = event.shiftKey ? 0 : all.length - 1;
      if (all[end] == document.activeElement) { event.preventDefault(); all[all.length - 1 - end].focus(); }
      return;
    }
    var field = document.querySelector('[data-search-input]');
    var typing = event.target.closest && event.target.closest('input, textarea, select, [contenteditable]');
    var slash = event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (!field || !(slash || (event.key === 'k' && (event.ctrlKey || event.metaKey)))) return;
    event.preventDefault();
    field.focus();
  });
  document.addEventListener('DOMContentLoaded', function () {
    ${THEME_MENU}
    var links = [].slice.call(document.querySelectorAll('.toc a[href^="#"]'));
    var targets = links.map(function (link) { return document.getElementById(decodeURIComponent(link.hash.slice(1))); });
    if (links.length === 0) return;
    var mark = function () {
      var at = 0;
      targets.forEach(function (heading, index) { if (heading && heading.getBoundingClientRect().top < 120) at = index; });
      if (innerHeight + scrollY >= root.scrollHeight - 2) at = targets.length - 1;
      links.forEach(function (link, index) { if (index === at) link.setAttribute('aria-current', 'true'); else link.removeAttribute('aria-current'); });
    };
    var queued = false;
    addEventListener('scroll', function () { if (!queued) { queued = true; requestAnimationFrame(function () { queued = false; mark(); }); } }, { passive: true });
    mark();
  });
})();`);

const docsPage = defineIntegration({
  name: 'docs-page',
  setup: () => ({
    head: ({ site }) => {
      const style = themeStyle(site.layout.theme as Theme, '--accent');
      return [{ tag: 'script', content: PAGE_SCRIPT }, ...(style ? [{ tag: 'style' as const, content: style }] : [])];
    },
  }),
});

export default defineConfig({
  integrations: [docsPage()],
});
