/**
 * Schema pieces that several page templates share, so that a hero or a list
 * section is written the same way in every content file.
 */
import { z, asset, image, link } from 'sitegen';

const text = () => z.string().min(1);

export const cta = z.strictObject({ label: text(), href: link() });

/**
 * Another drawing of an image, which its <picture> shows instead where it fits better (a narrow,
 * stacked diagram for phones): a public file, whose size is read from it like an image's, and
 * whose words are the image's alt text.
 */
export const variant = z.string().transform((src) => ({ src, alt: '' })).pipe(image());

export const hero = z.strictObject({
  eyebrow: text().optional(),
  title: text(),
  text: text().optional(),
  image: image().optional(),
  narrow: variant.optional().describe('the image cut for phones (under 640 px): a still\'s narrow cut'),
  cta: cta.optional(),
});

/** A list entry: a title, and a sentence or two when the list needs one. */
export const item = z.strictObject({ title: text(), text: text().optional() });

/**
 * A section made of a heading, an optional intro and a list of items. How
 * many items each page shows is the content's business (the spec counts are
 * checked by test/unit/pages.test.ts), so the schema only asks for one.
 */
export function listSection(what = 'items') {
  return z.strictObject({ title: text(), intro: text().optional(), items: z.array(item).min(1, `expected at least one of the ${what}`) });
}

/** Paragraphs of running text, one string each. */
export const paragraphs = z.array(text()).min(1, 'expected at least one paragraph');

/** A video's narrow cut (4:5, words large enough on a phone), which phones play instead, with its own first frame as its poster. */
export const narrowCut = z.strictObject({ src: asset(), poster: image() });

export const video = z.strictObject({ src: asset(), poster: image(), label: text(), narrow: narrowCut.optional() });

/** The closing call to action at the bottom of inner pages. */
export const closing = z.strictObject({ title: text(), text: text(), cta });
