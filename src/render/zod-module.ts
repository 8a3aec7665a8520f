/**
 * zod as the template bundles import it: an entry of sitegen's compiled
 * code (bin/compile.js), so that it shares its chunk with the zod that
 * sitegen's own validation uses, and a thread loads one zod rather than two
 * (half a megabyte of JavaScript for V8 to compile in every thread).
 */
export * from 'zod';
