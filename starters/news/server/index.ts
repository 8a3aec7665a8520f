/**
 * The site's server code: endpoints that `sitegen serve`, `start` and `dev`
 * mount beside the pages. Each takes a Web Request and returns a Response.
 * This one is the newsletter sign-up form of the news pages: it keeps each
 * address as a line of JSON in .sitegen/newsletter.jsonl (never published),
 * and `sitegen newsletter` lists them for whoever sends the newsletter.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { defineServer } from 'sitegen/server';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const signUps = (root: string) => path.join(root, '.sitegen', 'newsletter.jsonl');

export default defineServer({
  routes: {
    '/api/newsletter': {
      // A plain <form method="post">: no script needed, and the browser follows the redirect.
      POST: async (request, { root }) => {
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
        process.stdout.write(addresses.map((email) => `${email}\n`).join(''));
      }));
  },
});
