/**
 * The site's code configuration: the integrations its build runs
 * (docs/integrations.md). The feeds of the news list and of each tag, and
 * the sitemap with each page's translations, are sitegen's own integrations,
 * configured here as any other would be; take one out with
 * `builtIn: { sitemap: false }`, or put your own of the same name in its
 * place. The search is the editor's switch (`search: true` in
 * content/site.yaml); `search()` here would turn it on from code.
 */
import { defineConfig, defineIntegration, feeds, sitemap } from 'sitegen/config';
import { compact, THEME_AT_ONCE, THEME_MENU, themeStyle, type Theme } from './templates/lib/theme.ts';

/**
 * This starter's own integration: the small script every page carries, inline in its head so that the build hashes it
 * into the Content-Security-Policy (never 'unsafe-inline'). Before the first paint it puts the theme the visitor chose
 * (kept in localStorage) on <html>; without a choice, CSS follows the system's. Then it shows the theme menu, which
 * only works with scripts, and keeps the choice. Beside it, the accent colours of site.yaml's `theme`, as custom
 * properties (templates/lib/theme.ts): hashed into the policy as the script is.
 */
/**
 * The code blocks' copy buttons (templates/components/CopyButton.tsx): shown, and one listener for all of them. The
 * code is copied without its last line break; the status says so, or what to do when the clipboard is refused.
 */
const COPY_CODE = `var copies = document.querySelectorAll('.copy-code');
    for (var i = 0; i < copies.length; i++) copies[i].hidden = false;
    document.addEventListener('click', function (event) {
      var button = event.target.closest && event.target.closest('.copy-code button');
      if (!button) return;
      var code = button.closest('figure').querySelector('pre code');
      var status = button.nextElementSibling;
      navigator.clipboard.writeText((code ? code.textContent : '').replace(/\\n$/, '')).then(function () {
        button.textContent = status.textContent = button.dataset.copied;
        setTimeout(function () { button.textContent = button.dataset.copy; status.textContent = ''; }, 2000);
      }, function () { status.textContent = button.dataset.failed; });
    });`;

/**
 * The video embeds' play buttons (templates/components/VideoEmbed.tsx): the press puts the host's player in the
 * poster's place, and the player takes the focus. Nothing is asked of the host before it.
 */
const VIDEO_EMBED = `document.addEventListener('click', function (event) {
      var play = event.target.closest && event.target.closest('.video-embed-play[data-player]');
      if (!play) return;
      var frame = document.createElement('iframe');
      frame.src = play.dataset.player;
      frame.title = play.dataset.title;
      frame.allow = 'autoplay; fullscreen; picture-in-picture';
      frame.referrerPolicy = 'strict-origin-when-cross-origin';
      play.replaceWith(frame);
      frame.focus();
    });`;

const PAGE_SCRIPT = compact(`(function () {
  ${THEME_AT_ONCE}
  document.addEventListener('DOMContentLoaded', function () {
    ${THEME_MENU}
    ${COPY_CODE}
    ${VIDEO_EMBED}
  });
})();`);

const newsPage = defineIntegration({
  name: 'news-page',
  setup: () => ({
    head: ({ site }) => {
      const style = themeStyle(site.layout.theme as Theme, '--accent');
      return [{ tag: 'script', content: PAGE_SCRIPT }, ...(style ? [{ tag: 'style' as const, content: style }] : [])];
    },
  }),
});

export default defineConfig({
  integrations: [feeds(), sitemap(), newsPage()],
});
