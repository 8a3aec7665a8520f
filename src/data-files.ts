/**
 * The names of the site's data files (content/data/), which the load stage
 * reads, the validate stage checks and dev watches.
 */
import path from 'node:path';

/** The site's shared data files: content/data/NAME.yaml (or .json), each checked by the schema templates/data.ts exports as `data.NAME`. */
export const DATA_DIR = 'content/data';
const DATA_FILE = /^[^.][^/]*\.(ya?ml|json)$/i;

/** Whether a path under content/data/ is a data file: YAML or JSON, directly in the folder, no dotfile. */
export function isDataFile(relative: string): boolean {
  return DATA_FILE.test(relative);
}

/** A data file's name for templates (`site.data.NAME`): the file's name without its extension. */
export function dataNameOf(file: string): string {
  return path.posix.basename(file).replace(/\.(ya?ml|json)$/i, '');
}
