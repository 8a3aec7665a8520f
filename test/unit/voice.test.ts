/**
 * One voice across the real site, read from the built HTML: one label for
 * the demo link (the specification fixes one other, the home page's closing
 * "Book a Demo"), the closing demo band on every product and solution page,
 * British spelling of "behaviour" outside the labels the specification
 * fixes, headings in title case, and one style for every benefits list.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Window } from 'happy-dom';
import { REPO_ROOT, buildRealSite } from '../helpers/site.ts';
import { outputPathOf } from '../../src/output-path.ts';

const DEMO_LABEL = 'Request Demo';
/** Spec section 3: the home page's closing section has "a Book a Demo link to /demo". */
const HOME_CLOSING_LABEL = 'Book a Demo';
/** Labels the specification spells the American way (its route table, footer and lists). */
const FIXED_LABELS = ['Adaptive Behavioral Authentication', 'Behavioral Biometrics ZTA', 'Behavioral biometrics', 'Behavioral analysis'];

/**
 * Headings the specification quotes in sentence case: the demo page's "Fill out the form
 * below" (section 3), and "A Trusted by logo carousel", shown in capitals, so its case never shows.
 */
const FIXED_HEADINGS = ['Fill out the form below', 'Trusted by'];
/** Words a title-case heading keeps in lower case unless they open or close it. */
const SMALL_WORDS = new Set(['a', 'an', 'the', 'and', 'but', 'or', 'nor', 'for', 'so', 'yet', 'as', 'at', 'by', 'in', 'of', 'off', 'on', 'per', 'to', 'up', 'via', 'vs']);

/** The words of a heading that title case would capitalise but it does not (brand names such as adapID aside). */
function uncapitalised(heading: string): string[] {
  const words = heading.split(/\s+/);
  return words.filter((word, index) => {
    const core = word.match(/^[^A-Za-z]*([A-Za-z][\w'’]*)/)?.[1];
    if (!core || /[A-Z]/.test(core.slice(1))) return false; // a number, or a brand such as adapID or a name such as BotShield
    const opens = index === 0 || /[.:?!]$/.test(words[index - 1]);
    const small = SMALL_WORDS.has(core.toLowerCase()) && !opens && index !== words.length - 1;
    return !small && core[0] !== core[0].toUpperCase();
  });
}

async function documentOf(outDir: string, route: string): Promise<Document> {
  const html = await readFile(path.join(outDir, outputPathOf(route, 'never')), 'utf8');
  const window = new Window();
  window.document.write(html);
  return window.document as unknown as Document;
}

const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();

test('every link to /demo says "Request Demo", but the home page\'s closing band, which the specification names', async () => {
  const built = await buildRealSite();
  const labels = new Map<string, number>();
  for (const page of built.pages) {
    const document = await documentOf(built.outDir, page.route);
    for (const link of document.querySelectorAll('a[href="/demo"]')) {
      const label = text(link);
      const homeClosing = page.route === '/' && link.closest('.closing') !== null;
      assert.is(label, homeClosing ? HOME_CLOSING_LABEL : DEMO_LABEL, `${page.route}: a demo link says "${label}"`);
      labels.set(label, (labels.get(label) ?? 0) + 1);
    }
  }
  assert.is(labels.get(HOME_CLOSING_LABEL), 1, 'the home page\'s closing link');
  assert.ok((labels.get(DEMO_LABEL) ?? 0) > 20, `only ${labels.get(DEMO_LABEL)} demo links found`);
});

test('every product and solution page ends on the closing demo band', async () => {
  const built = await buildRealSite();
  // The pages whose content file names one of the two templates, or is a copy of such a page (/ztna of /botshieldai).
  const byRoute = new Map(built.pages.map((page) => [page.route, page.file]));
  const templateOf = async (file: string): Promise<string | undefined> => {
    const source = await readFile(path.join(REPO_ROOT, file), 'utf8');
    const copied = /^copyOf: *(\S+)/m.exec(source)?.[1];
    return copied ? templateOf(byRoute.get(copied)!) : /^template: *(\S+)/m.exec(source)?.[1];
  };
  const pages = [];
  for (const page of built.pages) if (['product', 'solution'].includes(await templateOf(page.file) ?? '')) pages.push({ info: page });
  assert.is(pages.length, 10, `product and solution pages (/ztna copies /botshieldai): ${pages.map((page) => page.info.route)}`);
  for (const { info } of pages) {
    const document = await documentOf(built.outDir, info.route);
    const sections = [...document.querySelectorAll('main > section, main section.section')];
    const last = sections.at(-1);
    assert.ok(last?.classList.contains('closing'), `${info.route} ends on ${last?.className ?? 'nothing'}, not the closing band`);
    assert.is(last?.querySelector('h2') ? text(last.querySelector('h2')!) !== '' : false, true, `${info.route}: the band has no heading`);
    assert.is(last?.querySelector('a[href="/demo"]')?.textContent, DEMO_LABEL, `${info.route}: the band's link`);
  }
});

test('the site\'s own copy spells behaviour the British way; only the labels the specification fixes do not', async () => {
  const built = await buildRealSite();
  for (const page of built.pages) {
    const document = await documentOf(built.outDir, page.route);
    let copy = text(document.body);
    for (const label of FIXED_LABELS) copy = copy.replaceAll(label, '');
    const american = copy.match(/.{0,30}\bbehavior\w*.{0,30}/i);
    assert.not.ok(american, `${page.route}: "${american?.[0]}"`);
  }
});

/** Every heading `selector` finds on the site's pages, with its page's route and its words, but those `skip` says to. */
async function headingsOf(selector: string, skip: (heading: Element, words: string) => boolean): Promise<{ route: string; words: string }[]> {
  const built = await buildRealSite();
  const found: { route: string; words: string }[] = [];
  // Not /404: under the specification's fallback, 404.html is the generator's page that sends the visitor home.
  for (const page of built.pages.filter((entry) => entry.route !== '/404')) {
    const document = await documentOf(built.outDir, page.route);
    for (const heading of document.querySelectorAll(selector)) {
      const words = text(heading);
      if (!skip(heading, words)) found.push({ route: page.route, words });
    }
  }
  return found;
}

test('every page and section heading of the site is in title case, as the headings the specification names are', async () => {
  assert.equal(uncapitalised('What is adaptive authentication?'), ['is', 'adaptive', 'authentication?'], 'the rule itself');
  assert.equal(uncapitalised('How adapID AI Solves It'), [], 'a brand name keeps its case');
  const headings = await headingsOf('h1, h2', (heading, words) => FIXED_HEADINGS.includes(words));
  for (const { route, words } of headings) assert.equal(uncapitalised(words), [], `${route}: "${words}"`);
  assert.ok(headings.length > 100, `only ${headings.length} headings found`);
});

/** Card titles the specification names in title case: the Solutions page's three offerings (its section 3). */
const FIXED_CARD_TITLES = ['Account Takeover Protection', 'Advanced DDoS Prevention', 'National Cybercrime Reporting Portal Complaints Automation'];

/** The words after the first that sentence case would keep in lower case but a heading capitalises (acronyms, brands and names aside). */
function capitalisedInSentence(heading: string): string[] {
  const words = heading.split(/\s+/);
  return words.filter((word, index) => {
    const core = word.match(/^[^A-Za-z]*([A-Za-z][\w'’]*)/)?.[1];
    if (!core || index === 0 || /[.:?!]$/.test(words[index - 1])) return false;
    if (/[A-Z]/.test(core.slice(1)) || core.length === 1) return false; // AI, FIDO2, adapID, BotShield, a lone capital
    return core[0] === core[0].toUpperCase();
  });
}

test('every card title (h3) is in sentence case, as a card\'s text is, but the offerings the specification names, a link to a page (its name), and people\'s names', async () => {
  assert.equal(capitalisedInSentence('What the Demo Covers'), ['Demo', 'Covers'], 'the rule itself');
  assert.equal(capitalisedInSentence('FIDO2 / WebAuthn passkeys'), [], 'acronyms and brands keep their case');
  const titles = await headingsOf('h3', (heading, words) => FIXED_CARD_TITLES.includes(words) || heading.closest('.person-card, .link-card') !== null);
  for (const { route, words } of titles) assert.equal(capitalisedInSentence(words), [], `${route}: "${words}"`);
  assert.ok(titles.length > 100, `only ${titles.length} card titles found`);
});

/**
 * Link and button labels the specification writes as they are: the navbar's and the footer's items (its
 * section 2), the home page's "Show More", the demo page's "Submit", the carousel's buttons.
 */
const FIXED_LINK_AREAS = '.navbar, .footer, .carousel';

/** Every label that stands alone (a button, a link that is its block's whole text), outside the areas the specification fixes. */
function labelsOf(document: Document): string[] {
  const standalone = (link: Element) => link.classList.contains('button') || (link.parentElement !== null && text(link.parentElement) === text(link));
  return [...document.querySelectorAll('button, a')]
    .filter((element) => !element.closest(FIXED_LINK_AREAS) && (element.tagName === 'BUTTON' || standalone(element)))
    .map((element) => text(element))
    .filter((label) => label !== '' && !/^(\+?\d|[\w.+-]+@)/.test(label));
}

test('every button and link label that stands alone is in title case ("Learn More"), as the specification\'s are', async () => {
  const built = await buildRealSite();
  let labels = 0;
  for (const page of built.pages.filter((entry) => entry.route !== '/404')) {
    const document = await documentOf(built.outDir, page.route);
    for (const label of labelsOf(document)) {
      labels += 1;
      assert.equal(uncapitalised(label), [], `${page.route}: "${label}"`);
    }
  }
  assert.ok(labels > 30, `only ${labels} labels found`);
});

test('DDoS is spelt one way, and a hyphenated word in a heading never breaks at its hyphen', async () => {
  const built = await buildRealSite();
  let kept = 0;
  for (const page of built.pages) {
    const document = await documentOf(built.outDir, page.route);
    const ddos = text(document.body).match(/.{0,30}\bDDOS\b.{0,30}/);
    assert.not.ok(ddos, `${page.route}: "${ddos?.[0]}"`);
    for (const heading of document.querySelectorAll('.page-hero h1, .page-section__title')) {
      for (const word of text(heading).split(' ').filter((item) => /\w-\w/.test(item))) {
        const whole = [...heading.querySelectorAll('.keep-whole')].map(text);
        assert.ok(whole.includes(word.replace(/[?:,.]$/, '')) || whole.includes(word), `${page.route}: "${word}" in "${text(heading)}" may break at its hyphen`);
        kept += 1;
      }
    }
  }
  assert.ok(kept >= 4, `only ${kept} hyphenated heading words found`);
});

test('every benefits section shows its items in one card style', async () => {
  const built = await buildRealSite();
  const styles = new Map<string, string[]>();
  for (const page of built.pages) {
    const document = await documentOf(built.outDir, page.route);
    for (const list of document.querySelectorAll('[data-count="benefits"]')) {
      const style = [...list.classList].find((name) => name.startsWith('items--')) ?? list.className;
      styles.set(style, [...(styles.get(style) ?? []), page.route]);
    }
  }
  assert.is(styles.size, 1, `benefits in several styles: ${JSON.stringify(Object.fromEntries(styles))}`);
  assert.ok([...styles.values()][0].length >= 8, 'benefits lists found on the product and solution pages');
});

test.run();
