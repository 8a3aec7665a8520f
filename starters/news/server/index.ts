/**
 * The site's server code: endpoints that `sitegen serve`, `start` and `dev`
 * mount beside the pages. Each takes a Web Request and returns a Response.
 * This one is the newsletter sign-up form of the news pages: it keeps each
 * address as a line of JSON in .sitegen/newsletter.jsonl (never published).
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { defineServer } from 'sitegen/server';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
        const dir = path.join(root, '.sitegen');
        await mkdir(dir, { recursive: true });
        await appendFile(path.join(dir, 'newsletter.jsonl'), `${JSON.stringify({ email, at: new Date().toISOString() })}\n`, { mode: 0o600 });
        return new Response(null, { status: 303, headers: { location: '/subscribed' } });
      },
    },
  },
});
