import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { editYaml } from '../../src/edit/yaml-edit.ts';
import { composeFile, type EditEntry } from '../../src/edit/edit-files.ts';
import { FRONT_MATTER } from '../../src/load/parse.ts';
import { listFiles } from '../../src/files.ts';
import { REPO_ROOT } from '../helpers/site.ts';

const parse = (text: string) => load(text, { schema: CORE_SCHEMA }) as Record<string, unknown>;
/** The lines of `after` that `before` does not have at the same place, and the reverse: what `git diff` would show, for a same-length change. */
const changedLines = (before: string, after: string) => {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
};

/** Every YAML document the repository's sites and starters hold: whole YAML files and Markdown front matter. */
function contentDocuments(): { file: string; yaml: string }[] {
  const roots = ['content', 'starters/news/content', 'starters/docs/content', 'starters/shared/content', 'starter/content'];
  const out: { file: string; yaml: string }[] = [];
  for (const root of roots) {
    for (const relative of listFiles(path.join(REPO_ROOT, root))) {
      const file = `${root}/${relative}`;
      const text = readFileSync(path.join(REPO_ROOT, file), 'utf8');
      if (/\.ya?ml$/.test(file)) out.push({ file, yaml: text });
      else if (/\.md$/.test(file)) {
        const match = FRONT_MATTER.exec(text);
        if (match?.[1]) out.push({ file, yaml: `${match[1]}\n` });
      }
    }
  }
  return out;
}

test('every content file of the site and the starters comes back byte for byte when nothing changed', () => {
  const documents = contentDocuments();
  assert.ok(documents.length > 40, `found ${documents.length} documents`);
  for (const { file, yaml } of documents) assert.is(editYaml(yaml, parse(yaml)), yaml, file);
});

test('changing one line of text in any of them changes that one line and nothing else', () => {
  let tried = 0;
  for (const { file, yaml } of contentDocuments()) {
    const values = parse(yaml);
    const leaves: (string | number)[][] = [];
    const walk = (value: unknown, at: (string | number)[]) => {
      if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...at, index]));
      else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...at, key]);
      else if (typeof value === 'string' && !value.includes('\n')) leaves.push(at);
    };
    walk(values, []);
    for (const leaf of leaves) {
      const next = structuredClone(values);
      const parent = leaf.slice(0, -1).reduce<any>((node, key) => node[key], next);
      parent[leaf[leaf.length - 1]] = 'A new value: with a colon, and a # sign';
      let edited: string;
      try {
        edited = editYaml(yaml, next);
      } catch (error) {
        // An anchored value (&name … *name) is refused, saying why; nothing else may be.
        assert.match((error as Error).message, /YAML anchor/, `${file} ${leaf.join('.')}`);
        continue;
      }
      assert.equal(parse(edited), next, `${file} ${leaf.join('.')}: the file holds the new value and every other as it was`);
      const { removed, added } = changedLines(yaml, edited);
      assert.is(removed.length, 1, `${file} ${leaf.join('.')}: one line removed, not ${removed.length}`);
      assert.is(added.length, 1, `${file} ${leaf.join('.')}: one line added`);
      tried++;
    }
  }
  assert.ok(tried > 500, `tried ${tried} changes`);
});

const SAMPLE = `# The team page.
title: Team   # shown in the tab
intro: 'Quoted, and kept so'
people:
  # The founders first.
  - name: Ada
    role: Engineer
  - name: Grace   # since 2020
    role: Admiral
notes: |
  First line.
  Second line.
flow: { src: /a.png, alt: "" }
tags: [one, two]
`;

test('a quoted value stays quoted, a comment stays beside its value, a value that needs quotes gets them', () => {
  const next = { ...parse(SAMPLE), title: 'Our team', intro: 'Still quoted' };
  const edited = editYaml(SAMPLE, next);
  assert.ok(edited.includes('title: Our team   # shown in the tab\n'), edited);
  assert.ok(edited.includes("intro: 'Still quoted'\n"), edited);
  const colon = editYaml(SAMPLE, { ...parse(SAMPLE), title: 'Team: the people' });
  assert.is(parse(colon).title, 'Team: the people');
  assert.ok(colon.includes('# shown in the tab'));
});

test('list items are added, removed and reordered with the other items\' comments kept', () => {
  const values = parse(SAMPLE) as { people: { name: string; role: string }[] };
  const added = editYaml(SAMPLE, { ...values, people: [...values.people, { name: 'Katherine', role: 'Mathematician' }] });
  assert.equal((parse(added).people as unknown[]).length, 3);
  assert.ok(added.includes('# The founders first.') && added.includes('# since 2020'), added);
  assert.ok(added.includes('notes: |\n  First line.'), 'the block after the list is untouched');
  const removed = editYaml(SAMPLE, { ...values, people: [values.people[1]] });
  assert.equal(parse(removed).people, [values.people[1]]);
  assert.ok(removed.includes('# since 2020'));
  const reordered = editYaml(SAMPLE, { ...values, people: [values.people[1], values.people[0]] });
  assert.equal(parse(reordered).people, [values.people[1], values.people[0]]);
  assert.ok(reordered.startsWith('# The team page.\ntitle: Team   # shown in the tab\n'), 'what is above the list stays');
});

test('a key is added under the last one of its map and removed with its lines; a block keeps its style; a flow map stays on its line', () => {
  const values = parse(SAMPLE) as Record<string, any>;
  const withKey = editYaml(SAMPLE, { ...values, people: [{ ...values.people[0], email: 'ada@example.com' }, values.people[1]] });
  assert.ok(withKey.includes('  - name: Ada\n    role: Engineer\n    email: ada@example.com\n'), withKey);
  const { intro: _intro, ...withoutIntro } = values;
  const without = editYaml(SAMPLE, withoutIntro);
  assert.not.ok(without.includes('intro'));
  assert.is(without.split('\n').length, SAMPLE.split('\n').length - 1);
  const block = editYaml(SAMPLE, { ...values, notes: 'First line.\nA new second line.\n' });
  assert.ok(block.includes('notes: |\n  First line.\n  A new second line.\nflow:'), block);
  const flow = editYaml(SAMPLE, { ...values, flow: { src: '/b.png', alt: 'A picture' } });
  assert.ok(flow.includes('flow: { src: /b.png, alt: "A picture" }\n'), flow);
});

test('a change to a value an alias shares is refused, saying so, and a Markdown file keeps its body and delimiters', () => {
  const anchored = 'accent: &brand "#0b5cd5"\ncards:\n  accent: *brand\n';
  assert.throws(() => editYaml(anchored, { accent: '#111111', cards: { accent: '#0b5cd5' } }), /YAML anchor/);
  const entry: EditEntry = { path: 'content/pages/post.md', kind: 'page', format: 'markdown', group: 'Pages', label: 'Post', route: '/post' };
  const source = '---\ntitle: Hello  # the tab\ndate: 2026-11-02\n---\n\nThe body, *as written*.\n';
  assert.is(composeFile(entry, source, { values: { title: 'Hello', date: '2026-11-02' }, body: '\nThe body, *as written*.\n' }), source);
  assert.is(composeFile(entry, source, { values: { title: 'Hi', date: '2026-11-02' }, body: '\nA new body.\n' }),
    '---\ntitle: Hi  # the tab\ndate: 2026-11-02\n---\n\nA new body.\n');
});

test.run();
