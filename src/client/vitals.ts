/**
 * Sends the Core Web Vitals to `analytics.vitalsUrl`. Loaded as its own chunk
 * and only when that setting exists, so no other page pays for it.
 */
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

export function reportVitals(url: string): void {
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
