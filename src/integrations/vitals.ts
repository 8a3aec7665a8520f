/**
 * The Core Web Vitals of every visit, sent to site.yaml's
 * `analytics.vitalsUrl` (the spec's web-vitals routine, given a handler).
 * Its browser code (./vitals/client.ts, with the web-vitals package) runs
 * through the `client` hook, waited for by nothing; a site without the
 * setting loads none of it.
 */
import { defineIntegration, foreignOrigin, withBasePath } from './api.ts';

export const vitals = defineIntegration({
  name: 'vitals',
  setup: () => ({
    client: {
      module: 'sitegen/client/vitals',
      timing: 'idle',
      settings: (site) => {
        const url = site.analytics?.vitalsUrl;
        return url ? { url: withBasePath(site, url) } : undefined;
      },
    },
    // The metrics go out with sendBeacon (or fetch): a connect.
    csp: (site) => {
      const origin = foreignOrigin(site.analytics?.vitalsUrl, site.url);
      return origin ? { connect: [origin] } : {};
    },
  }),
});
