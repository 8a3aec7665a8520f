import { cp, mkdir, writeFile, readFile } from 'node:fs/promises';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { buildSite, type BuildResult } from '../../src/pipeline.ts';
import { REPO_ROOT, seedRepoImages, tempDir } from './site.ts';

/** Every route of spec section 2 besides the home page (/license is not a content page). */
const SPEC_ROUTES = [
  'about', 'contact', 'solutions', 'adaptive', 'passwordless', 'botshieldai', 'continuous', 'ztna', 'biometrics', 'password',
  'socialengineering', 'productivity', 'sso', 'demo', 'customerlogin', 'privacy-policy', 'cookie-policy', 'terms',
];

export interface SiteCopyOptions {
  /** Text appended to content/site.yaml (top-level keys such as `gate:`). */
  siteYaml?: string;
  /** Files to add under public/: URL path → source file. */
  publicFiles?: Record<string, string>;
  /** Files to write into the site: path from the root → text (a sitegen.config.ts, an integration's module). */
  files?: Record<string, string>;
}

/**
 * The real site's frame and home page (where all of these islands are),
 * copied to a temporary root with whatever edits a test needs and built
 * there. Every other route is a throwaway policy page, so that the island
 * tests do not break while other pages' content is being written.
 */
export async function buildSiteCopy(options: SiteCopyOptions = {}): Promise<BuildResult & { root: string }> {
  const root = await tempDir('sitegen-islands-');
  for (const item of ['content/site.yaml', 'content/pages/index.yaml', 'content/data', 'templates', 'public', 'server/contract.ts']) {
    await cp(path.join(REPO_ROOT, item), path.join(root, item), { recursive: true });
  }
  const pagesDir = path.join(root, 'content', 'pages');
  for (const route of SPEC_ROUTES) {
    await writeFile(path.join(pagesDir, `${route}.yaml`), [
      'template: policy', `title: Stub ${route}`, `description: Stand-in for /${route} in the island tests.`,
      `heading: Stub ${route}`, 'updated: 2025-01-01', 'body: "<p>Stub.</p>"', '',
    ].join('\n'));
  }
  const siteFile = path.join(root, 'content', 'site.yaml');
  const siteYaml = await readFile(siteFile, 'utf8');
  if (options.siteYaml) await writeFile(siteFile, siteYaml + '\n' + options.siteYaml + '\n');
  // The login's key pair is made per machine and kept out of git: give the copy a throwaway one.
  const keyFile = /^\s+publicKey:\s*(\S+)/m.exec(siteYaml)?.[1];
  if (keyFile) {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await mkdir(path.dirname(path.join(root, keyFile)), { recursive: true });
    await writeFile(path.join(root, keyFile), publicKey.export({ type: 'spki', format: 'pem' }));
  }
  for (const [url, source] of Object.entries(options.publicFiles ?? {})) {
    await cp(source, path.join(root, 'public', url));
  }
  for (const [file, text] of Object.entries(options.files ?? {})) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  await seedRepoImages(root);
  const result = await buildSite({ root, outDir: path.join(root, 'dist') });
  return { ...result, root };
}
