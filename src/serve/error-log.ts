/**
 * How a server logs the errors behind its 500s without letting a flood of
 * requests flood the log: a full disk answers every write with the same
 * error, and a stack per request buries everything else. The first error of
 * a kind in a minute is logged, the rest of that minute only counted, and
 * the count is logged when the minute ends. An error that names its cause
 * by a code (ENOSPC, SQLITE_FULL: the machine's state, not a bug) takes one
 * line; any other keeps its stack, since a bug needs it.
 */
export interface ErrorLogOptions {
  windowMs?: number;
  write?: (line: string) => void;
}

export type ErrorLog = (error: unknown, context?: string) => void;

export function createErrorLog({ windowMs = 60_000, write = (line) => console.error(line) }: ErrorLogOptions = {}): ErrorLog {
  const kinds = new Map<string, number>();
  return (error, context) => {
    const kind = kindOf(error);
    const suppressed = kinds.get(kind);
    if (suppressed !== undefined) return void kinds.set(kind, suppressed + 1);
    kinds.set(kind, 0);
    write(describe(error, context));
    setTimeout(() => {
      const count = kinds.get(kind) ?? 0;
      kinds.delete(kind);
      if (count > 0) write(`error: ${kind}: ${count} more in the last ${Math.round(windowMs / 1000)} s`);
    }, windowMs).unref();
  };
}

/** The server's own log of the errors behind its 500s. */
export const logServerError: ErrorLog = createErrorLog();

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/** What makes two errors the same kind: the code, or the name and the first line of the message. */
function kindOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const head = message.split('\n', 1)[0].slice(0, 200);
  const code = codeOf(error);
  return code ? `${code} (${head})` : `${error instanceof Error ? error.name : 'thrown'}: ${head}`;
}

function describe(error: unknown, context: string | undefined): string {
  const where = context ? ` (${context})` : '';
  if (codeOf(error) || !(error instanceof Error)) return `error: ${kindOf(error)}${where}`;
  return `error${where}: ${error.stack ?? error.message}`;
}
