/**
 * The Request an endpoint gets and the Response `json()` makes, as cheap as
 * the Web's own allow:
 * - ReadRequest is a real Request (a library may pass it to `new Request()`
 *   or `fetch()`, which check for undici's own) whose body the generator
 *   has read: its readers answer from those bytes, with no stream to pump;
 * - TextResponse keeps its status, headers and text, and makes the real
 *   Response only when something reads it as one (the way
 *   @hono/node-server does, without replacing the global class): undici
 *   builds a stream and a validated Headers for each Response made, and
 *   most endpoints answer JSON that is only ever written out.
 */

const REAL = Symbol('sitegen.real');

/**
 * The deepest nesting a request's JSON may have when a handler reads it with
 * `request.json()`. A form or an API call nests a few levels; a body of
 * thousands of `[` is an attack on the parser and on whatever walks the
 * result (a RangeError, a 500). A site that needs less checks less
 * (this site's API allows 8, server/body.ts).
 */
export const MAX_REQUEST_JSON_DEPTH = 64;

/**
 * A request body that cannot be read as its handler asked: JSON that is
 * malformed or nests too deep, a form that is no form. A SyntaxError, as the
 * Web's own readers throw; one that escapes a handler is the client's
 * mistake, answered 400 with its message (./endpoints.ts), never a 500.
 */
export class RequestBodyError extends SyntaxError {
  constructor(message: string) {
    super(message);
    this.name = 'RequestBodyError';
  }
}


/** Forwards every member of `base.prototype` that `lazy` does not define to the real object `lazy[REAL]()` makes. */
function forwardTo(base: { prototype: object }, lazy: { prototype: object }): void {
  for (const key of Reflect.ownKeys(base.prototype)) {
    if (key === 'constructor' || Object.hasOwn(lazy.prototype, key)) continue;
    const member = Object.getOwnPropertyDescriptor(base.prototype, key)!;
    if (member.get) {
      Object.defineProperty(lazy.prototype, key, { configurable: true, get(this: { [REAL](): object }) { return Reflect.get(base.prototype, key, this[REAL]()); } });
    } else if (typeof member.value === 'function') {
      const method = member.value as (...args: unknown[]) => unknown;
      Object.defineProperty(lazy.prototype, key, { configurable: true, writable: true, value(this: { [REAL](): object }, ...args: unknown[]) { return method.apply(this[REAL](), args); } });
    }
  }
  Object.setPrototypeOf(lazy.prototype, base.prototype);
}

/**
 * A Request whose body the generator has read already, within the limit:
 * its readers answer from those bytes rather than pump the real Request's
 * stream (which a copy of the request still reads). Reading it twice is the
 * TypeError the standard's is.
 */
export class ReadRequest extends Request {
  readonly #bytes: Uint8Array;
  #used = false;

  constructor(url: string, init: { method: string; headers: HeadersInit }, bytes: Uint8Array) {
    // The body is the real Request's too, for a library that copies the request (`new Request(request)`, `fetch`).
    super(url, bytes.length > 0 && init.method !== 'GET' && init.method !== 'HEAD' ? { ...init, body: bytes as Uint8Array<ArrayBuffer> } : init);
    this.#bytes = bytes;
  }

  /** The request a handler gets: its headers as they came (name and value pairs), its body as read. */
  static of(url: string, method: string, rawHeaders: readonly string[], bytes: Uint8Array): Request {
    const pairs: [string, string][] = [];
    for (let i = 0; i < rawHeaders.length; i += 2) pairs.push([rawHeaders[i], rawHeaders[i + 1]]);
    return new ReadRequest(url, { method, headers: pairs }, bytes);
  }

  #take(): Uint8Array {
    if (this.#used) throw new TypeError('the request body was read already');
    this.#used = true;
    return this.#bytes;
  }

  override get bodyUsed(): boolean {
    return this.#used;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  override async text(): Promise<string> {
    return new TextDecoder().decode(this.#take());
  }

  override async json(): Promise<unknown> {
    const text = await this.text();
    if (jsonDepth(text) > MAX_REQUEST_JSON_DEPTH) throw new RequestBodyError(`the body nests deeper than ${MAX_REQUEST_JSON_DEPTH} levels`);
    try {
      return JSON.parse(text);
    } catch {
      throw new RequestBodyError('the body is not valid JSON');
    }
  }

  override async blob(): Promise<Blob> {
    return new Blob([await this.arrayBuffer()], { type: this.headers.get('content-type') ?? '' });
  }

  override async formData(): Promise<FormData> {
    try {
      return await this.#asResponse().formData();
    } catch (error) {
      if (error instanceof TypeError) throw new RequestBodyError('the body is not a form (application/x-www-form-urlencoded or multipart/form-data)');
      throw error;
    }
  }

  /** The body as a stream, for a handler that wants one: made when asked for. */
  get stream(): ReadableStream<Uint8Array> | null {
    return this.#bytes.length === 0 ? null : this.#asResponse().body;
  }

  override clone(): Request {
    return new ReadRequest(this.url, { method: this.method, headers: new Headers(this.headers) }, this.#bytes);
  }

  #asResponse(): Response {
    return new Response(this.#take() as Uint8Array<ArrayBuffer>, { headers: { 'content-type': this.headers.get('content-type') ?? '' } });
  }
}
// `body` is a property of Request in TypeScript's view, a getter in fact: the stream, made when asked for.
Object.defineProperty(ReadRequest.prototype, 'body', { get(this: ReadRequest) { return this.stream; }, configurable: true });

/** A Response of text (JSON, by `json()`), written as it is: see the module's header. */
export class TextResponse {
  readonly status: number;
  readonly statusText: string;
  readonly #text: string;
  readonly #init: Record<string, string>;
  #headers?: Headers;
  #real?: Response;

  constructor(text: string, status: number, statusText: string, headers: Record<string, string>) {
    this.#text = text;
    this.status = status;
    this.statusText = statusText;
    this.#init = headers;
  }

  static of(text: string | undefined, init: ResponseInit & { headers?: Record<string, string> }): Response {
    if (text === undefined) throw new TypeError('the value cannot be sent as JSON');
    const status = init.status ?? 200;
    if (status < 200 || status > 599) throw new RangeError(`a Response's status must be from 200 to 599, not ${status}`);
    return new TextResponse(text, status, init.statusText ?? '', Object.fromEntries(Object.entries(init.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]))) as unknown as Response;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  get headers(): Headers {
    return (this.#headers ??= new Headers(this.#init));
  }

  /** Its text and headers as written, while nothing has read it as a Response (and no cookie needs a header of its own). */
  written(): { text: string; headers: Readonly<Record<string, string>> } | undefined {
    if (this.#real || this.#headers?.has('set-cookie') || Object.hasOwn(this.#init, 'set-cookie')) return undefined;
    return { text: this.#text, headers: this.#headers ? Object.fromEntries(this.#headers) : this.#init };
  }

  [REAL](): Response {
    return (this.#real ??= new Response(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers }));
  }
}
forwardTo(Response, TextResponse);

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
