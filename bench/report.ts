/** Plain-text tables for the figures the bench prints. */
import type { SizeResult, WarmResult } from './scale.ts';
import type { SiteBuildResult } from './site.ts';
import type { DevLoopResult } from './dev-loop.ts';
import type { RouteWeight } from './weight.ts';
import type { DocsResult } from './docs.ts';

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

const fixed = (value: number | undefined, digits = 2) => (value === undefined || !Number.isFinite(value) ? '–' : value.toFixed(digits));
const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? '–' : `${(a / b).toFixed(2)}×`);

export function scaleTable(size: SizeResult): string {
  const names = ['sitegen', 'hugo', 'eleventy', 'astro', 'floor'].filter((name) => size.results[name]);
  const rows = names.map((name) => {
    const result = size.results[name]!;
    return [name, fixed(result.wall_s), fixed(result.cpu_s), fixed(result.rss_mb, 0), fixed(result.pages_per_s, 0), String(result.runs)];
  });
  const sitegen = size.results.sitegen;
  const ratios = ['hugo', 'eleventy', 'astro', 'floor'].filter((name) => sitegen && size.results[name]).map((name) => {
    const other = size.results[name]!;
    return [`sitegen/${name}`, ratio(sitegen!.wall_s, other.wall_s), ratio(sitegen!.cpu_s, other.cpu_s), ratio(sitegen!.rss_mb, other.rss_mb), ratio(sitegen!.pages_per_s, other.pages_per_s), ''];
  });
  const failures = Object.entries(size.failures).map(([name, why]) => `\n${name} failed: ${why}`).join('');
  return `${size.pages} pages (medians)\n` + table(['generator', 'wall s', 'cpu s', 'peak RSS MB', 'pages/s', 'runs'], [...rows, ...ratios]) + failures;
}

export function stagesTable(title: string, stages: Record<string, number>): string {
  const total = Object.values(stages).reduce((sum, ms) => sum + ms, 0);
  const rows = Object.entries(stages).map(([stage, ms]) => [stage, fixed(ms, 0), `${((ms / total) * 100).toFixed(0)}%`]);
  // load, templates and bundle run at the same time, so the sum is more than the wall time.
  return `${title}\n` + table(['stage', 'ms', 'share'], [...rows, ['(sum; load ‖ templates ‖ bundle overlap)', fixed(total, 0), '']]);
}

export function warmTable(warm: WarmResult): string {
  return 'sitegen cold build vs warm rebuilds of the corpus (medians)\n' + table(['build', 'wall s'], [
    ['cold', fixed(warm.cold_s)], ['warm, unchanged', fixed(warm.warm_s)], ['warm/cold', `${warm.warm_over_cold.toFixed(2)}×`],
    ['warm, one page changed', fixed(warm.one_change_s)],
  ]);
}

export function siteTable(site: SiteBuildResult): string {
  return `real site: ${site.pages} pages, cold build median ${fixed(site.site_build_s)} s over ${site.runs_s.length} runs `
    + `(cpu ${fixed(site.cpu_s)} s, peak RSS ${fixed(site.rss_mb, 0)} MB)\n` + stagesTable('stage split (median ms, as sitegen prints it)', site.stages_ms);
}

export function docsTable(docs: DocsResult): string {
  const rows = [['sitegen (docs starter)', fixed(docs.sitegen.wall_s), fixed(docs.sitegen.cpu_s), fixed(docs.sitegen.rss_mb, 0), String(docs.first_view_js.sitegen)]];
  if (docs.starlight) {
    rows.push([`Starlight ${docs.starlight.version}`, fixed(docs.starlight.wall_s), fixed(docs.starlight.cpu_s), fixed(docs.starlight.rss_mb, 0), String(docs.first_view_js.starlight ?? '–')]);
    rows.push(['sitegen / Starlight', `${fixed(docs.sitegen.wall_s / docs.starlight.wall_s)}×`, `${fixed(docs.sitegen.cpu_s / docs.starlight.cpu_s)}×`, `${fixed(docs.sitegen.rss_mb / docs.starlight.rss_mb)}×`, '']);
  }
  return `sitegen's docs as a site: ${docs.pages} pages, cold builds, medians of ${docs.runs} in alternation; first-view JS of ${docs.first_view_js.route}`
    + `${docs.note ? ` (${docs.note})` : ''}\n` + table(['builder', 'wall s', 'cpu s', 'peak RSS MB', 'first-view JS gzip B'], rows);
}

export function devTable(dev: DevLoopResult): string {
  return `dev loop: ${dev.edits} edits measured (${dev.timeouts} timed out)\n` + table(['write → HTML served', 'ms'], [
    ['p50', fixed(dev.p50, 1)], ['p95', fixed(dev.p95, 1)],
    ['rebuild as dev reports it (p50)', fixed(dev.reported_rebuild_ms_p50, 1)],
  ]);
}

export function weightTable(routes: RouteWeight[]): string {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows = routes.map((route) => [route.route + (route.landed ? ` → ${route.landed}` : ''), kb(route.html_gz), kb(route.css_gz), kb(route.js_first_view_gz ?? route.js_gz), kb(route.js_gz),
    kb(route.html_gz + route.css_gz + route.js_gz), String(route.requests), kb(route.other_bytes), route.hydrated ? 'yes' : 'NO']);
  return 'page weight per route (KiB gzip -9; js first view = before the visitor scrolls, so before any island that waits to be seen;'
    + ' other = images/video/fonts as sent)\n'
    + table(['route', 'html', 'css', 'js first view', 'js', 'total', 'requests', 'other', 'hydrated'], rows);
}
