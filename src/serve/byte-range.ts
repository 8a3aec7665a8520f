/**
 * A request's `Range` header read as RFC 9110 (section 14) says, before the
 * static files' server sees it: that server trusts the header's numbers,
 * and `bytes=5-1` made it open a stream that ends before it starts, which
 * threw and dropped the connection. What it gets now is one range it can
 * serve, or no header at all.
 */

export type RangeAnswer =
  /** No usable range: the whole file, 200 (a server may always ignore Range). */
  | { kind: 'whole' }
  /** One satisfiable range, first and last byte included. */
  | { kind: 'part'; start: number; end: number }
  /** Well formed, but no byte of it is in the file: 416 with `Content-Range: bytes *\/SIZE`. */
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

export function readRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const specs = match[1].split(',').map((spec) => spec.trim());
  // Several ranges would need a multipart answer; the file is small, so it goes whole (as the RFC allows).
  if (specs.length !== 1) return { kind: 'whole' };
  const parts = SPEC.exec(specs[0]);
  if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'whole' };
  const [first, last] = [parts[1], parts[2]].map((digits) => (digits === '' ? undefined : Number(digits)));
  if ((first !== undefined && !Number.isSafeInteger(first)) || (last !== undefined && !Number.isSafeInteger(last))) return { kind: 'whole' };
  if (first === undefined) {
    // A suffix: the last N bytes; N = 0 asks for no byte at all.
    if (last === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - last!), end: size - 1 };
  }
  // last < first makes the range invalid, and an invalid Range is ignored.
  if (last !== undefined && last < first) return { kind: 'whole' };
  if (first >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', start: first, end: Math.min(last ?? size - 1, size - 1) };
}
