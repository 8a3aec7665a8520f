/**
 * The vitals integration's browser code (see ../vitals.ts): sends the Core
 * Web Vitals to site.yaml's `analytics.vitalsUrl`. The runtime loads it as
 * its own chunk, and only on a site with that setting.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

export default function reportVitals({ url }: { url: string }): void {
  const send = (metric: Metric) => {
    const body = JSON.stringify({
      name: metric.name, value: metric.value, rating: metric.rating, delta: metric.delta,
      id: metric.id, navigationType: metric.navigationType, page: location.pathname,
    });
    // sendBeacon survives the page being closed, when CLS and INP are final.
    if (!navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) {
      void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
    }
  };
  for (const listen of [onCLS, onFCP, onINP, onLCP, onTTFB]) listen(send);
}
