/**
 * Who writes each file of the output: the one record every writer of a
 * build claims its paths in before a byte is written (public/'s files, the
 * pages and the files made from them, sitegen's own files, the image
 * variants and social cards, the integrations' files, the files beside
 * pages). A path is refused when it leads out of the output or to a dotfile
 * (isOutputPath), and a path two writers claim is refused naming both: no
 * writer silently replaces another's file.
 */
import path from 'node:path';

/** A writer: its description (`public/logo.png`, `sitegen (the headers file)`, `the integration sitemap`), or a page, named when asked. */
export type Writer = string | { page: { route: string; file: string } };

export interface OutputClaims {
  /** Who writes `file` (a path in the output), described; undefined when no one does. */
  ownerOf(file: string): string | undefined;
  /** Claims `file` for `writer`: undefined when it was free (or already the writer's), else who has it (and keeps it). */
  claim(file: string, writer: Writer): string | undefined;
  /** Gives `file` to `writer` over whoever had it: a precedence the build means, said where it is used. */
  replace(file: string, writer: Writer): void;
  /** Whether `file` is written by `writer` (the same description, or the same page). */
  isOwnedBy(file: string, writer: Writer): boolean;
}

/** A fresh record, for one build (a page is described only when asked: 5,000 descriptions cost each dev rebuild 3 ms). */
export function outputClaims(): OutputClaims {
  const owners = new Map<string, Writer>();
  // A page and the files made from it, or a list's several pages, are one writer: their content file.
  const same = (a: Writer, b: Writer) => a === b || (typeof a === 'object' && typeof b === 'object' && a.page.file === b.page.file);
  return {
    ownerOf: (file) => {
      const owner = owners.get(file);
      return owner === undefined ? undefined : describeWriter(owner);
    },
    claim(file, writer) {
      const owner = owners.get(file);
      if (owner !== undefined && !same(owner, writer)) return describeWriter(owner);
      owners.set(file, writer);
      return undefined;
    },
    replace: (file, writer) => void owners.set(file, writer),
    isOwnedBy: (file, writer) => {
      const owner = owners.get(file);
      return owner !== undefined && same(owner, writer);
    },
  };
}

/** A writer as an error names it. */
export function describeWriter(writer: Writer): string {
  return typeof writer === 'string' ? writer : `the page ${writer.page.route} (${writer.page.file})`;
}

/** A relative path inside the output: no `..`, no absolute path, no dotfile but under .well-known. */
export function isOutputPath(file: string): boolean {
  const parts = file.split('/');
  return file !== '' && !path.isAbsolute(file) && parts.every((part) => part !== '' && part !== '..' && part !== '.')
    && parts.every((part, index) => !part.startsWith('.') || (index === 0 && part === '.well-known'));
}
