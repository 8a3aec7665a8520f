/**
 * Social cards: each page without a picture of its own gets a 1200×630 PNG
 * of its section and title in the site's colours and font, for its link
 * previews (og:image, twitter:image), when site.yaml asks for `cards`.
 *
 * - `preview`, as each page renders: the card's words and look (the
 *   template's `card` export may choose the layout and words), and its
 *   address, a hash of all that (./cards/card-spec.ts), kept with the page
 *   as its note.
 * - `files`, once the pages are built: each card drawn once
 *   (./cards/draw-card.ts) and kept in the integration's cache folder, so a
 *   rebuild copies it; a page whose words and the site's look did not
 *   change costs a copy, and an output updated in place that holds it
 *   already costs nothing. Several pages with the same card (a list's later
 *   pages) share one file.
 *
 * A site turns them off with `builtIn: { cards: false }`, or draws its own
 * with an integration named `cards` whose `preview` gives each page its
 * picture.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { defineIntegration, type FileCopy } from './api.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardNameOf, cardSpecOf, type CardSpec } from './cards/card-spec.ts';

const CARDS_DIR = 'assets/cards';

export const cards = defineIntegration({
  name: 'cards',
  setup: () => ({
    preview: (page) => {
      const spec = cardSpecOf(page, page.site, page.card);
      if (!spec) return undefined;
      return { image: `/${CARDS_DIR}/${cardNameOf(spec)}`, width: CARD_WIDTH, height: CARD_HEIGHT, note: spec };
    },
    files: async ({ root, pages, cacheDir, warn }) => {
      const wanted = new Map<string, { spec: CardSpec; source: string }>();
      for (const page of pages) {
        if (page.preview?.integration !== 'cards' || !isCardSpec(page.preview.note)) continue;
        wanted.set(page.preview.image.replace(/^\/+/, ''), { spec: page.preview.note, source: page.source });
      }
      if (wanted.size === 0) return {};
      await mkdir(cacheDir, { recursive: true });
      // Imported only when a card must be drawn: fontkit and sharp take a while to load, and a warm build draws none.
      let draw: typeof import('./cards/draw-card.ts').drawCard | undefined;
      const files: Record<string, FileCopy> = {};
      await Promise.all([...wanted].map(async ([file, { spec, source }]) => {
        const cached = path.join(cacheDir, path.basename(file));
        const whole = await isWholeCard(cached);
        // A card cut short or overwritten in the cache is drawn again, not published.
        if (whole !== true) {
          if (whole === false) warn(`the build cache: ${path.relative(root, cached).replace(/\\/g, '/')} is damaged: drawn again`);
          draw ??= (await import('./cards/draw-card.ts')).drawCard;
          const { png, missing } = await draw(spec, root);
          if (missing.length > 0) {
            warn(`${source}: its social card's font has no glyph for ${missing.map((char) => JSON.stringify(char)).join(', ')}, drawn as an empty box; set cards.font in content/site.yaml to a font that has them`);
          }
          // Written whole under a temporary name, so that a build stopped halfway leaves no half card in the cache.
          const temporary = `${cached}.${process.pid}.tmp`;
          await writeFile(temporary, png);
          await rename(temporary, cached);
          const stamp = await stampOf(cached);
          if (stamp !== undefined) known.set(cached, stamp);
        }
        // Its name is a hash of what it shows: one the output holds already is this card.
        files[file] = { copy: cached, named: 'by-content' };
      }));
      return files;
    },
  }),
});

function isCardSpec(note: unknown): note is CardSpec {
  return typeof note === 'object' && note !== null && typeof (note as CardSpec).title === 'string' && typeof (note as CardSpec).style === 'object';
}

/** Cards found whole, by path, with the stamp they had then: a long dev session reads each once, not at each rebuild. */
const known = new Map<string, string>();

async function stampOf(file: string): Promise<string | undefined> {
  const info = await stat(file).catch(() => undefined);
  return info?.isFile() ? `${info.mtimeMs}:${info.size}:${info.ino}` : undefined;
}

/**
 * Whether a cached card is whole: a PNG of the card's width that runs to its end chunk (a file cut short by a full
 * disk, or overwritten, is not). Undefined when there is none.
 */
async function isWholeCard(file: string): Promise<boolean | undefined> {
  const stamp = await stampOf(file);
  if (stamp === undefined) return undefined;
  if (known.get(file) === stamp) return true;
  const bytes = await readFile(file).catch(() => undefined);
  if (bytes === undefined) return undefined;
  const whole = bytes.length > 33 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR'
    && bytes.readUInt32BE(16) === CARD_WIDTH && bytes.toString('latin1', bytes.length - 8, bytes.length - 4) === 'IEND';
  if (whole) known.set(file, stamp);
  else known.delete(file);
  return whole;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
