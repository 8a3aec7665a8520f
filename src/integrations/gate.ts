/**
 * The bot-detection gate of spec section 1, from site.yaml's `gate`: every
 * page loads the provider's script and calls its global function with the
 * tenant id; the islands hydrate only when it calls back with success, and
 * in mode `page` the page stays hidden until then. Its browser code
 * (./gate/client.ts) runs through the `client` hook, before the islands.
 *
 * Its pieces beside that code: the provider's script is preloaded by the
 * head, the policy allows the provider's origin (to load the script and to
 * call home), and in mode `page` an inline script puts `gate-pending` on
 * <html> before the first paint while an inline style hides the body under
 * it. Both inline pieces are hashed into the policy like any integration's.
 */
import { defineIntegration, foreignOrigin, withBasePath, type CspSources, type GateSettings, type HeadElement, type IntegrationSite } from './api.ts';

/** Must match PENDING in ./gate/client.ts, which takes the class away on success. */
const PENDING = 'gate-pending';

export const gate = defineIntegration({
  name: 'gate',
  setup: () => ({
    client: {
      module: 'sitegen/client/gate',
      timing: 'before-islands',
      settings: (site) => {
        const settings = settingsOf(site);
        return settings && { ...settings };
      },
    },
    csp: (site): CspSources => {
      const origin = foreignOrigin(site.gate?.script, site.url);
      return origin ? { script: [origin], connect: [origin] } : {};
    },
    head: ({ site }) => {
      const settings = settingsOf(site);
      if (!settings) return undefined;
      const elements: HeadElement[] = [{ tag: 'link', attributes: { rel: 'preload', as: 'script', href: settings.script } }];
      if (settings.mode === 'page') {
        elements.push(
          { tag: 'script', content: `document.documentElement.classList.add(${JSON.stringify(PENDING)})` },
          { tag: 'style', content: `html.${PENDING} body{visibility:hidden}` },
        );
      }
      return elements;
    },
  }),
});

/** site.yaml's gate with its script's address as the site links it (under its base path). */
function settingsOf(site: IntegrationSite): GateSettings | undefined {
  return site.gate && { ...site.gate, script: withBasePath(site, site.gate.script) };
}
