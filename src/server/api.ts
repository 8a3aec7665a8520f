import type http from 'node:http';

/**
 * The reference API (contact, demo and login) on the same origin as the site.
 * Until its handlers land, every /api/ call is answered 503 so the forms show
 * their error path instead of a redirect.
 */
export async function createApi(root: string) {
  void root;
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (!(req.url ?? '').startsWith('/api/')) return false;
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end('{"error":"the reference API is not available"}');
    return true;
  };
}
