/**
 * content/data/: YAML or JSON files that every template reads as
 * `site.data.NAME`, each checked by the schema templates/data.ts exports;
 * their errors at file, line and field; a change to one re-renders the
 * pages, in a warm build and in dev.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildSite } from '../../src/pipeline.ts';
import { SiteErrors, type SiteError } from '../../src/errors.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { waitUntil } from '../helpers/wait-until.ts';
import { quietDev } from '../helpers/dev-session.ts';

const data = suite('data files');

/** The basic fixture with a team list: content/data/team.yaml, its schema, and a page template that shows it. */
async function teamSite(team = '- { name: Ada Lovelace, role: Engineer }\n- { name: Grace Hopper, role: Admiral }\n'): Promise<string> {
  const root = await copyFixture('basic');
  await mkdir(path.join(root, 'content', 'data'), { recursive: true });
  await writeFile(path.join(root, 'content', 'data', 'team.yaml'), team);
  await writeFile(path.join(root, 'content', 'data', 'offices.json'), '{ "cities": ["Pune", "London"] }\n');
  await writeFile(path.join(root, 'templates', 'data.ts'), [
    "import { z } from 'sitegen';",
    'export const data = {',
    '  team: z.array(z.strictObject({ name: z.string().min(1), role: z.string().min(1) })),',
    '  offices: z.strictObject({ cities: z.array(z.string()).min(1) }),',
    '};',
  ].join('\n'));
  await writeFile(path.join(root, 'templates', 'pages', 'team.tsx'), [
    "import { z, type PageProps } from 'sitegen';",
    'export const schema = z.strictObject({});',
    'export default function Team({ site }: PageProps) {',
    '  const team = site.data.team as { name: string; role: string }[];',
    '  const offices = site.data.offices as { cities: string[] };',
    '  return <><ul className="team">{team.map((person) => <li key={person.name}>{person.name}, {person.role}</li>)}</ul><p className="offices">{offices.cities.join(\' · \')}</p></>;',
    '}',
  ].join('\n'));
  await writeFile(path.join(root, 'content', 'pages', 'team.yaml'), 'template: team\ntitle: Team\ndescription: Who we are.\n');
  return root;
}

async function buildErrors(root: string): Promise<SiteError[]> {
  process.env.SITEGEN_QUIET = '1';
  return buildSite({ root }).then(() => assert.unreachable('the build passed') as never, (error: unknown) => {
    assert.instance(error, SiteErrors);
    return (error as SiteErrors).errors;
  });
}

data('every template reads them as site.data, YAML and JSON alike', async () => {
  const root = await teamSite();
  process.env.SITEGEN_QUIET = '1';
  await buildSite({ root });
  const html = await readFile(path.join(root, 'dist', 'team.html'), 'utf8');
  assert.match(html, '<li>Ada Lovelace<!-- -->, <!-- -->Engineer</li>');
  assert.match(html, 'Pune · London');
});

data('a value its schema refuses is an error at the file, line and field', async () => {
  const root = await teamSite('- { name: Ada Lovelace, role: Engineer }\n- { name: Grace Hopper }\n');
  const [error, ...rest] = await buildErrors(root);
  assert.equal(rest, [], 'one error');
  assert.is(error.location?.file, 'content/data/team.yaml');
  assert.is(error.location?.line, 2);
  assert.is(error.field, '[1].role');
});

data('a data file without a schema, a schema without a file, and two files of one name are errors that say which', async () => {
  const root = await teamSite();
  await writeFile(path.join(root, 'content', 'data', 'taem.yaml'), '- x\n');
  await writeFile(path.join(root, 'content', 'data', 'offices.yaml'), 'cities: [Paris]\n');
  await writeFile(path.join(root, 'templates', 'data.ts'), [
    "import { z } from 'sitegen';",
    'export const data = { team: z.array(z.unknown()), offices: z.unknown(), logos: z.array(z.string()) };',
  ].join('\n'));
  const errors = await buildErrors(root);
  const said = errors.map((error) => `${error.code} ${error.location?.file}: ${error.message}`).sort();
  assert.equal(said, [
    'data content/data/offices.yaml: content/data/offices.json and content/data/offices.yaml are both the data named offices',
    'data content/data/taem.yaml: templates/data.ts has no schema for content/data/taem.yaml: did you mean team?',
    'data templates/data.ts: templates/data.ts declares the data logos, but content/data/logos.yaml does not exist',
  ]);
});

data('a warm build re-renders the pages when a data file changes', async () => {
  const root = await teamSite();
  process.env.SITEGEN_QUIET = '1';
  await buildSite({ root });
  await writeFile(path.join(root, 'content', 'data', 'team.yaml'), '- { name: Katherine Johnson, role: Mathematician }\n');
  await buildSite({ root });
  assert.match(await readFile(path.join(root, 'dist', 'team.html'), 'utf8'), 'Katherine Johnson');
});

data('dev re-renders the pages when a data file changes, and shows its error until it is fixed', async () => {
  const root = await teamSite();
  const error = console.error;
  const printed: string[] = [];
  console.error = (...args: unknown[]) => void printed.push(args.join(' '));
  const session = await quietDev(root);
  try {
    const page = () => readFile(path.join(session.outDir, 'team.html'), 'utf8');
    await writeFile(path.join(root, 'content', 'data', 'team.yaml'), '- { name: Mary Jackson, role: Engineer }\n');
    await waitUntil(async () => (await page()).includes('Mary Jackson'), 'dev shows the new team');
    await writeFile(path.join(root, 'content', 'data', 'team.yaml'), '- { name: Mary Jackson }\n');
    await waitUntil(() => printed.some((line) => line.includes('content/data/team.yaml')), 'dev reports the broken data file');
    await writeFile(path.join(root, 'content', 'data', 'team.yaml'), '- { name: Dorothy Vaughan, role: Supervisor }\n');
    await waitUntil(async () => (await page()).includes('Dorothy Vaughan'), 'dev shows the fixed team');
  } finally {
    console.error = error;
    await session.close();
  }
});

data.run();
