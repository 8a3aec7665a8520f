import { MAX_REQUEST_BYTES } from './contract.ts';

/**
 * The largest request body the API reads (the contract's limit): the
 * server's maxBodyBytes, so the generator answers 413 to a larger one, and
 * closes the connection, before any handler runs.
 */
export const MAX_BODY_BYTES = MAX_REQUEST_BYTES;

/**
 * The deepest nesting of arrays and objects a body may have. The API's
 * bodies are flat (a form, an envelope of three strings); a deeper one is
 * refused before it is parsed, so that no parser, structured clone or
 * worker message ever recurses through thousands of levels.
 */
export const MAX_JSON_DEPTH = 8;

export type Refusal = { status: 403 | 413 | 415; error: string };

/**
 * What can be refused from the request's headers alone, and must be before
 * the request may spend anything (an attempt of a rate limit, a read):
 * - `Sec-Fetch-Site: cross-site`, which browsers send with every request
 *   another site's page makes;
 * - any type but application/json, the one a page of another site cannot
 *   send without a CORS preflight, which this API never grants (a form or
 *   `fetch` with text/plain needs none);
 * - a body announced larger than the limit.
 * So no web page can spend a visitor's allowance by making their browser
 * post here.
 */
export function refuseEarly(request: Request, limit = MAX_BODY_BYTES): Refusal | undefined {
  if ((request.headers.get('sec-fetch-site') ?? '').toLowerCase() === 'cross-site') {
    return { status: 403, error: 'requests from other sites are refused' };
  }
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') return { status: 415, error: 'send the body as application/json' };
  if (Number(request.headers.get('content-length') ?? 0) > limit) return tooLarge(limit);
  return undefined;
}

export type BodyResult = { ok: true; value: unknown } | { ok: false; status: 400; error: string } | ({ ok: false } & Refusal);

/**
 * Reads a JSON request body of at most `limit` bytes and `MAX_JSON_DEPTH`
 * levels, after refuseEarly's checks. (The generator has read it already,
 * within maxBodyBytes: a larger one never reaches a handler.) A body that is
 * not UTF-8 JSON, or nests deeper, is a 400.
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  const refusal = refuseEarly(request, limit);
  if (refusal) return { ok: false, ...refusal };
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.length > limit) return { ok: false, ...tooLarge(limit) };
  return parseJson(body);
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

/**
 * The deepest nesting of `[` and `{` in a JSON text, not counting those
 * inside strings: one pass, no recursion, whatever the text holds (it need
 * not be valid JSON; JSON.parse judges that afterwards).
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

function tooLarge(limit: number): Refusal {
  return { status: 413, error: `the body is larger than ${limit} bytes` };
}
