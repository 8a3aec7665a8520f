import { ServerError } from 'sitegen/server';

/** Where the reference API keeps its data: the embedded SQLite file, or a PostgreSQL server. */
export type DatabaseChoice = { kind: 'sqlite' } | { kind: 'postgres'; url: string; shown: string };

export const DATABASE_URL_VARIABLE = 'SITEGEN_DATABASE_URL';

/**
 * The database SITEGEN_DATABASE_URL names. Unset (or empty) is the embedded
 * SQLite file; postgres:// and postgresql:// are PostgreSQL. It is read from
 * the environment only, never from a flag, so that its password is never in
 * a process list or a shell history; `shown` is the URL without it.
 */
export function chooseDatabase(url: string | undefined = process.env[DATABASE_URL_VARIABLE]): DatabaseChoice {
  if (url === undefined || url.trim() === '') return { kind: 'sqlite' };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badUrl('it is not a URL');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw badUrl(`it starts with ${parsed.protocol}//`);
  }
  return { kind: 'postgres', url, shown: redactUrl(url) };
}

function badUrl(why: string): ServerError {
  return new ServerError('database-url', `${DATABASE_URL_VARIABLE} must be a postgres:// or postgresql:// URL, and ${why}`, {
    hint: `unset it for the embedded SQLite database in .sitegen/, or set it to postgres://USER:PASSWORD@HOST:PORT/DATABASE`,
  });
}

/** The URL with its password (if any) replaced by ***: what logs and errors may show. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(a database URL that cannot be read)';
  }
}

/**
 * The text with the URL's password taken out wherever it appears, as
 * written or percent-decoded. The driver's messages do not quote it today;
 * this keeps it so whatever a future version or a server says.
 */
export function redact(text: string, url: string): string {
  let password = '';
  try {
    password = new URL(url).password;
  } catch {
    return text.split(url).join(redactUrl(url));
  }
  let result = text.split(url).join(redactUrl(url));
  if (!password) return result;
  for (const secret of new Set([password, safeDecode(password)])) result = result.split(secret).join('***');
  return result;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Errors that mean "the database cannot be reached now", which the API answers with 503 and retries later. */
export function isUnreachable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Class 08 is connection exceptions; 57P01-03 a server shutting down or starting; 53300 too many connections.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND'].includes(code)) return true;
  }
  // node-postgres says these without a code.
  return typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(message);
}
