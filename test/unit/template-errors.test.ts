/**
 * Errors by origin, through the real CLI: a template that throws while
 * rendering is reported at the template's own .tsx line with its stack, as
 * the site developer's problem rather than the editor's, on the main thread
 * and on a worker thread alike; the command exits non-zero.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { copyFixture, edit } from '../helpers/fixture.ts';
import { REPO_ROOT } from '../helpers/site.ts';

const run = promisify(execFile);
const CLI = path.join(REPO_ROOT, 'bin', 'sitegen.js');

async function failedBuild(root: string, ...flags: string[]): Promise<{ stderr: string; code: number }> {
  try {
    await run(process.execPath, [CLI, 'build', '--root', root, ...flags], { env: { ...process.env, NO_COLOR: '1' } });
  } catch (error) {
    const { stderr, code } = error as { stderr: string; code: number };
    return { stderr, code };
  }
  return assert.unreachable('the build succeeded') as never;
}

/** Makes the Markdown template throw a TypeError for the page titled `Crash`; returns the line of the throw. */
async function crashingTemplate(root: string): Promise<number> {
  const file = 'templates/pages/markdown.tsx';
  await edit(root, file, '  return (\n', "  if (page.title === 'Crash') (undefined as unknown as { boom(): void }).boom();\n  return (\n");
  const source = await readFile(path.join(root, file), 'utf8');
  return source.split('\n').findIndex((line) => line.includes("'Crash'")) + 1;
}

function assertTemplateError(stderr: string, line: number, contentFile: string): void {
  assert.match(stderr, `templates/pages/markdown.tsx:${line}:`, 'names the template file and the line of the throw');
  assert.match(stderr, 'TypeError', 'keeps the error type');
  assert.match(stderr, /at Markdown \(.*templates\/pages\/markdown\.tsx:\d+:\d+\)/, 'the stack is mapped to the .tsx');
  assert.match(stderr, `not in ${contentFile}`, "says the content is not at fault");
  assert.match(stderr, '1 error in the templates; nothing was written.');
  assert.not.match(stderr, 'in the content', 'counts it as a content error');
}

test('a template that throws names its .tsx file and line, with its stack, and exits non-zero', async () => {
  const root = await copyFixture('basic');
  const line = await crashingTemplate(root);
  await writeFile(path.join(root, 'content/pages/crash.md'), '---\ntitle: Crash\ndescription: A page whose template throws.\n---\nText.\n');
  const { stderr, code } = await failedBuild(root);
  assert.is(code, 1);
  assertTemplateError(stderr, line, 'content/pages/crash.md');
});

test('the same report comes back from a worker thread (a site of 2,000 pages, two threads)', async () => {
  const root = await copyFixture('basic');
  const line = await crashingTemplate(root);
  await mkdir(path.join(root, 'content/pages/many'), { recursive: true });
  await Promise.all(Array.from({ length: 2000 }, (_, index) => writeFile(path.join(root, `content/pages/many/p${String(index).padStart(4, '0')}.md`),
    `---\ntitle: Page ${index}\ndescription: One of many.\n---\nText.\n`)));
  // Sorted last: the workers take pages from the end of the list, the main thread from the start.
  await writeFile(path.join(root, 'content/pages/zz-crash.md'), '---\ntitle: Crash\ndescription: A page whose template throws.\n---\nText.\n');
  const { stderr, code } = await failedBuild(root, '--threads', '2', '--no-cache');
  assert.is(code, 1);
  assertTemplateError(stderr, line, 'content/pages/zz-crash.md');
});

test('a fault that breaks many pages is told once, with the pages counted, and only the template\'s own frames', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'templates/pages/markdown.tsx', '  return (\n', "  if (page.title.startsWith('Crash')) (undefined as unknown as { boom(): void }).boom();\n  return (\n");
  for (const index of [1, 2, 3, 4, 5]) {
    await writeFile(path.join(root, `content/pages/crash-${index}.md`), `---\ntitle: Crash ${index}\ndescription: A page whose template throws.\n---\nText.\n`);
  }
  const { stderr, code } = await failedBuild(root);
  assert.is(code, 1);
  assert.is(stderr.match(/\[template\]/g)?.length, 1, `told once:\n${stderr}`);
  assert.match(stderr, /rendering failed on 5 pages \(\/crash-1, \/crash-2, \/crash-3 and 2 more\): Cannot read properties of undefined \(reading 'boom'\)/);
  assert.match(stderr, /at Markdown \(.*templates\/pages\/markdown\.tsx:\d+:\d+\)/, 'the template\'s frame, mapped to the .tsx');
  assert.not.match(stderr, 'react-dom-server', 'React\'s minified frames are counted, not listed');
  assert.match(stderr, /… \d+ more frames? in React and sitegen/);
  assert.match(stderr, '1 error in the templates; nothing was written.');
});

test('a template that does not parse is an error at its file and line, with the line shown and a hint of what is usually wrong', async () => {
  const root = await copyFixture('basic');
  await edit(root, 'templates/pages/markdown.tsx', '<h1>{page.title}</h1>', '<h1>{page.title}</h1>\n      <p>a note</p');
  const { stderr, code } = await failedBuild(root);
  assert.is(code, 1);
  assert.match(stderr, /error templates\/pages\/markdown\.tsx:\d+:\d+: Expected ">" but found "<" \[template-build\]/);
  assert.match(stderr, '|       <p>a note</p', 'the lines around it');
  assert.match(stderr, 'hint: something opened above this line and not closed: a tag, a `{`, a `(` or a `[`');
  await edit(root, 'templates/pages/markdown.tsx', '      <p>a note</p\n', '');
  await edit(root, 'templates/pages/markdown.tsx', 'export default function', 'const pattern = /abc\nexport default function');
  const unterminated = await failedBuild(root);
  assert.match(unterminated.stderr, 'Unterminated regular expression');
  assert.match(unterminated.stderr, 'hint: a `/` that esbuild read as the start of a regular expression');
});

test.run();
