/**
 * The site's code configuration (docs/integrations.md). sitegen's own
 * integrations run as they are (the sitemap, and what agents read:
 * llms.txt, a Markdown twin of each page, /.well-known/ard.json); this file
 * only groups llms.txt's links as the navigation groups the pages.
 */
import { agents, defineConfig } from 'sitegen/config';

export default defineConfig({
  integrations: [
    agents({
      sections: {
        Products: ['/adaptive', '/botshieldai'],
        Solutions: ['/solutions', '/biometrics', '/continuous', '/password', '/passwordless', '/productivity', '/socialengineering', '/sso'],
        Company: ['/', '/about', '/contact', '/demo', '/customerlogin'],
        Policies: ['/privacy-policy', '/cookie-policy', '/terms'],
      },
    }),
  ],
});
