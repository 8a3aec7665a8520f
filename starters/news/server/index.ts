/**
 * The site's server code: endpoints that `sitegen serve`, `start` and `dev`
 * mount beside the pages. Each takes a Web Request and returns a Response.
 * This one is the newsletter sign-up form of the news pages: it keeps each
 * address as a line of JSON in .sitegen/newsletter.jsonl (never published),
 * and `sitegen newsletter` lists them for whoever sends the newsletter.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRateLimiter, defineServer, printable, rateLimitKey, refuseCrossSite } from 'sitegen/server';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const signUps = (root: string) => path.join(root, '.sitegen', 'newsletter.jsonl');

// Ten sign-ups an hour from one address (one IPv6 /64): a household or an office, not a script filling the list.
const perAddress = createRateLimiter({ max: 10, windowMs: 60 * 60_000 });

export default defineServer({
  routes: {
    '/api/newsletter': {
      // A plain <form method="post">: no script needed, and the browser follows the redirect.
      POST: async (request, { root, clientAddress }) => {
        // Another site's page cannot sign its visitors up, nor spend their allowance.
        const crossSite = refuseCrossSite(request);
        if (crossSite) return crossSite;
        const allowed = await perAddress.reserve(rateLimitKey(clientAddress));
        if (!allowed.ok) {
          return Response.json({ error: 'too many sign-ups from your network; try again later' }, { status: 429, headers: { 'retry-after': String(allowed.retryAfter) } });
        }
        let email = '';
        try {
          email = String((await request.formData()).get('email') ?? '').trim();
        } catch {
          return Response.json({ error: 'send the form as a form (application/x-www-form-urlencoded)' }, { status: 415 });
        }
        if (!EMAIL.test(email) || email.length > 254) {
          return Response.json({ error: 'give an e-mail address such as ada@example.com' }, { status: 400 });
        }
        await mkdir(path.dirname(signUps(root)), { recursive: true });
        await appendFile(signUps(root), `${JSON.stringify({ email, at: new Date().toISOString() })}\n`, { mode: 0o600 });
        return new Response(null, { status: 303, headers: { location: '/subscribed' } });
      },
    },
  },
  // The site's own command: `sitegen newsletter` (sitegen --help lists it under the site).
  commands({ program, rootOption, run }) {
    program.command('newsletter')
      .description('print the addresses signed up for the newsletter, one a line, oldest first')
      .addOption(rootOption())
      .action(run(async (options: { root: string }) => {
        const text = await readFile(signUps(path.resolve(options.root)), 'utf8').catch(() => '');
        const addresses = text.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { email: string }).email);
        // A visitor typed these: printed with control characters escaped, so none can act on the operator's terminal.
        process.stdout.write(addresses.map((email) => `${printable(email)}\n`).join(''));
      }));
  },
});
