/**
 * The social cards of a build's pages, written under /assets/cards/ with the
 * names their pages' heads give them (src/cards/card-spec.ts). Each is drawn
 * once (src/cards/draw-card.ts) and kept in ROOT/.sitegen/cache/cards/, so a
 * rebuild copies it: a page whose words and the site's look did not change
 * costs a copy. Several pages with the same card (a list's later pages)
 * share one file.
 */
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CARD_WIDTH, cardNameOf, type CardSpec } from '../cards/card-spec.ts';
import { isWholeCachedImage } from '../template-api/image-facts.ts';
import { isPublished } from './image-variants.ts';
import type { PageSummary } from '../model.ts';

export const CARDS_DIR = 'assets/cards';

/**
 * Writes the cards of `pages` into `targetDir`; returns how many were drawn (not in the cache), a warning per card
 * its font could not fully draw, and the files written (paths in the output), for the build to claim. `warn` is
 * told of a cached card found damaged (it is drawn again).
 */
export async function emitSocialCards(
  root: string, targetDir: string, pages: readonly PageSummary[], warn: (message: string) => void = () => undefined, published?: string,
): Promise<{ drawn: number; warnings: string[]; files: string[] }> {
  const cards = new Map<string, { spec: CardSpec; file: string }>();
  for (const page of pages) if (page.card) cards.set(cardNameOf(page.card), { spec: page.card, file: page.file });
  if (cards.size === 0) return { drawn: 0, warnings: [], files: [] };
  const cacheDir = path.join(root, '.sitegen', 'cache', 'cards');
  await mkdir(cacheDir, { recursive: true });
  await mkdir(path.join(targetDir, CARDS_DIR), { recursive: true });
  const warnings: string[] = [];
  let drawn = 0;
  // Imported only when a card must be drawn: fontkit and sharp take a while to load, and a warm build draws none.
  let draw: typeof import('../cards/draw-card.ts').drawCard | undefined;
  await Promise.all([...cards].map(async ([name, { spec, file }]) => {
    // Updating an output in place (dev), a card already there is this one: its name is a hash of what it shows.
    if (published !== undefined && await isPublished(published, `${CARDS_DIR}/${name}`)) return;
    const cached = path.join(cacheDir, name);
    const whole = await isWholeCachedImage(cached, 'png', CARD_WIDTH);
    // A card cut short or overwritten in the cache is drawn again, not published.
    if (whole !== true) {
      if (whole === false) warn(`.sitegen/cache/cards/${name} is damaged: drawn again`);
      draw ??= (await import('../cards/draw-card.ts')).drawCard;
      const { png, missing } = await draw(spec, root);
      if (missing.length > 0) {
        warnings.push(`${file}: its social card's font has no glyph for ${missing.map((char) => JSON.stringify(char)).join(', ')}, drawn as an empty box; set cards.font in content/site.yaml to a font that has them`);
      }
      // Written whole under a temporary name, so that a build stopped halfway leaves no half card in the cache.
      const temporary = `${cached}.${process.pid}.tmp`;
      await writeFile(temporary, png);
      await rename(temporary, cached);
      drawn++;
    }
    await copyFile(cached, path.join(targetDir, CARDS_DIR, name));
  }));
  return { drawn, warnings, files: [...cards.keys()].map((name) => `${CARDS_DIR}/${name}`) };
}
