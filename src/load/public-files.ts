import { throwIfAny } from '../errors.ts';
import { listSiteFolder } from '../site-reader.ts';

/**
 * Every file under public/ that the site publishes, as URL paths
 * (`/img/logo.svg`). What is published is decided here, once, for the build,
 * `dev` and `check`, by the rule every folder an editor fills keeps
 * (./site-reader.ts): no dotfile but `/.well-known/`, and a symbolic link
 * only while it stays inside public/ (the copy holds the file it points at);
 * one that leads out (or nowhere) fails the build, because publishing it
 * would publish whatever it points at: a private key, /etc/passwd.
 */
export async function listPublicFiles(root: string): Promise<Set<string>> {
  const { files, errors } = listSiteFolder(root, 'public');
  throwIfAny(errors);
  return new Set(files.map((file) => `/${file}`));
}
