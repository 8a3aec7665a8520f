/**
 * The JSON Schema keyword that tells the browser editor (src/edit/) how to draw a field: `link` (a picker of the
 * site's pages), `textarea`, `text`, `color`. sitegen's helpers set it; a site sets it with zod's meta(), beside a
 * field's `title` (its label) and `description` (its help):
 * `z.string().meta({ title: 'Headline', 'x-editor': 'textarea' })`. The schemas written for editors' tools
 * (.sitegen/schemas/) leave it out.
 */
export const EDITOR_KEY = 'x-editor';
