import { jsonDepth } from 'sitegen/server';

export { jsonDepth };

/*
 * A body larger than the contract's limit (MAX_REQUEST_BYTES, the server's
 * maxBodyBytes) never reaches these: the generator answers 413, and closes
 * the connection, before any handler runs.
 */

/**
 * The deepest nesting of arrays and objects a body may have. The API's
 * bodies are flat (a form, an envelope of three strings); a deeper one is
 * refused before it is parsed, so that no parser, structured clone or
 * worker message ever recurses through thousands of levels.
 */
export const MAX_JSON_DEPTH = 8;

export type Refusal = { status: 403 | 415; error: string };

/**
 * What can be refused from the request's headers alone, and must be before
 * the request may spend anything (an attempt of a rate limit):
 * - `Sec-Fetch-Site: cross-site`, which browsers send with every request
 *   another site's page makes;
 * - any type but application/json, the one a page of another site cannot
 *   send without a CORS preflight, which this API never grants (a form or
 *   `fetch` with text/plain needs none).
 * So no web page can spend a visitor's allowance by making their browser
 * post here.
 */
export function refuseEarly(request: Request): Refusal | undefined {
  if ((request.headers.get('sec-fetch-site') ?? '').toLowerCase() === 'cross-site') {
    return { status: 403, error: 'requests from other sites are refused' };
  }
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return { status: 415, error: 'send the body as application/json' };
  return undefined;
}

export type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400; error: string } | ({ ok: false } & Refusal);

/**
 * Reads a JSON request body of at most `MAX_JSON_DEPTH` levels, after
 * refuseEarly's checks. A body that is not UTF-8 JSON, or nests deeper, is
 * a 400.
 */
export async function readJsonBody(request: Request): Promise<BodyResult> {
  const refusal = refuseEarly(request);
  if (refusal) return { ok: false, ...refusal };
  return parseJson(new Uint8Array(await request.arrayBuffer()));
}

/** A body's bytes as JSON, or the 400 every malformed body gets. */
export function parseJson(bytes: Uint8Array): BodyResult {
  const malformed = { ok: false, status: 400, error: 'the body is not valid JSON' } as const;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return malformed;
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { ok: false, status: 400, error: `the body nests deeper than ${MAX_JSON_DEPTH} levels` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return malformed;
  }
}
