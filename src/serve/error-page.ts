/**
 * Dev only: what a route whose content file exists but failed to build
 * answers, instead of the redirect to `/` that an unknown path gets (which
 * would hide the error behind the home page). A 500 with the report as text,
 * readable without scripts, and the dev client, which shows the overlay and
 * loads the real page once it builds.
 */
import type http from 'node:http';
import { escapeHtml } from '../escape.ts';
import type { ErrorReport } from '../report.ts';
import { DEV_CLIENT_URL } from './live-reload.ts';

/** Scripts and styles of this origin only (the dev client and the overlay's stylesheet), and its event stream. */
const ERROR_PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export function sendErrorPage(req: http.IncomingMessage, res: http.ServerResponse, pathname: string, report: ErrorReport): void {
  const items = report.errors.map((item) => `<pre>${escapeHtml(`${item.label}${item.label === 'error' ? ' ' : ': '}${item.text}`)}</pre>`);
  const html = `<!doctype html>
<html lang="en" data-sitegen-error-page>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${pathname} failed to build`)}</title>
<script type="module" src="${DEV_CLIENT_URL}"></script>
</head>
<body>
<main>
<h1>${escapeHtml(pathname)} failed to build</h1>
<p>${escapeHtml(report.summary ?? '')} Fix the file and save: this page loads by itself once it builds.</p>
${items.join('\n')}
</main>
</body>
</html>
`;
  res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': ERROR_PAGE_POLICY });
  res.end(req.method === 'HEAD' ? undefined : html);
}
