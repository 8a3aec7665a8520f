/**
 * Every route of spec section 2, built from the real content: its heading and
 * the item counts the spec gives, counted in the HTML (lists carry
 * data-count="name"), plus the page structure every route needs (one h1,
 * headings in order, alt on every image).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { Window } from 'happy-dom';
import { REPO_ROOT, buildRealSite } from '../helpers/site.ts';
import { outputPathOf } from '../../src/output-path.ts';

interface RouteSpec {
  /** The h1 text, or a heading (h1–h3) text for pages whose spec names only their heading; null: only that the route exists. */
  h1?: string;
  heading?: string;
  /** data-count name → how many items the spec asks for. */
  counts?: Record<string, number>;
  /** data-count name → item titles the spec names (each must appear in one item). */
  titles?: Record<string, string[]>;
  /** h2 texts the page must have. */
  sections?: string[];
  /** Texts the main content must contain. */
  texts?: string[];
  /** Counts of elements by CSS selector, for pages other than the static ones. */
  selectors?: Record<string, number>;
  /** Only check that the route is built (its content is rendered in the browser). */
  existsOnly?: boolean;
}

const ROUTES: Record<string, RouteSpec> = {
  '/': { texts: ['Unified, Secured, Trusted.'], sections: ['Trusted by', 'Our Offerings', 'Secure Every Customer. Every Session. Every Time.'], selectors: { '.offerings .grid > li': 2 } },
  '/about': {
    h1: 'Fostering AI. Connecting Minds.',
    sections: ['Overview', 'Leadership Team', 'Industry Mentors'],
    counts: { summary: 4, leadership: 5, mentors: 5 },
    titles: {
      summary: ['Inception', 'Expertise', 'Solutions', 'Accomplishment'],
      leadership: ['CEO', 'CTO', 'Chief Growth Officer', 'CRO', 'Global Business Head'],
      mentors: ['Technology Mentor', 'BFSI Mentor', 'Business Mentor', 'Business Growth Advisor', 'Business Growth Advisor'],
    },
  },
  '/contact': {},
  '/solutions': {
    h1: 'Innovating Security & AI-Driven Solutions',
    sections: ['Key Benefits'],
    counts: { offerings: 3, benefits: 6 },
    titles: {
      offerings: ['Account Takeover Protection', 'Advanced DDoS Prevention', 'National Cybercrime Reporting Portal Complaints Automation'],
      benefits: ['Proactive fraud elimination', 'Faster customer journeys', 'Cost-efficient operations', 'Regulatory-first architecture', 'Plug-and-play deployment', 'Interactive dashboard'],
    },
    texts: ['RBI-DPSC and AFA compliant', 'up to 90% less manual review', 'under two weeks'],
  },
  '/adaptive': {
    h1: 'Adaptive Behavioral Authentication',
    counts: { needs: 5, solutions: 5, sectors: 6 },
    titles: {
      needs: ['Increased vulnerability', 'Limited fraud detection', 'User inconvenience', 'Higher costs', 'Compliance risks'],
      solutions: ['Behavioral biometrics', 'Physiological biometrics', 'FIDO2', 'Device binding', 'Zero trust'],
    },
    selectors: { '#how-it-works video': 1, '#flow img': 1, '[data-count="benefits"] > li': 5 },
  },
  '/passwordless': { h1: 'Password-less Authentication', counts: { needs: 8, solutions: 4, sectors: 8 }, selectors: { '#how-it-works video': 1, '#benefits img': 1 } },
  '/botshieldai': { h1: 'Application and Bot Security', counts: { bullets: 4, solutions: 4, benefits: 6, sectors: 12 }, selectors: { '#how-it-works p': 2 } },
  '/continuous': {
    h1: 'Continuous Authentication and Monitoring',
    counts: { needs: 6, solutions: 4, benefits: 5, sectors: 8 },
    titles: { solutions: ['Behavioral analysis', 'Endpoint analysis', 'Network analysis', 'Contextual analysis'] },
    selectors: { '#how-it-works picture source[media="(prefers-reduced-motion: reduce)"]': 1, '#how-it-works picture source[media="(max-width: 639px) and (prefers-reduced-motion: reduce)"]': 1, '#how-it-works img': 1 },
  },
  '/ztna': { h1: 'Application and Bot Security', counts: { bullets: 4, solutions: 4, benefits: 6, sectors: 12 } },
  '/biometrics': {
    h1: 'Behavioral Biometrics ZTA',
    counts: { uses: 5, places: 10, benefits: 10, industries: 12 },
    titles: {
      uses: ['Continuous monitoring', 'Fraud detection', 'Adaptable security', 'Fewer passwords', 'Insider threat detection'],
      places: ['Secure workstations', 'ATMs and kiosks', 'Home offices', 'Airport check-in', 'Hospital stations', 'Public terminals', 'University labs', 'Personal devices', 'Retail point-of-sale', 'Control rooms'],
    },
    texts: ['typing', 'mouse', 'swipe', 'touch'],
  },
  '/password': { h1: 'Password-less Authentication', counts: { uses: 6, places: 10, industries: 10 }, selectors: { '[data-count="industries"] > li p': 10 } },
  '/socialengineering': {
    h1: 'Social Engineering Attacks Protection',
    counts: { features: 5, places: 5, benefits: 5, industries: 5 },
    titles: { features: ['Security awareness training', 'Email security', 'Multifactor authentication', 'AI-powered detection', 'Defense in depth'] },
  },
  '/productivity': {
    h1: 'Productivity Monitoring',
    counts: { places: 6, benefits: 6, industries: 5 },
    titles: { industries: ['Healthcare', 'Finance', 'Retail', 'Manufacturing', 'Technology'] },
  },
  '/sso': {
    h1: 'SSO and Data Leak Prevention ZTNA',
    sections: ['What Is ZTNA?'],
    counts: { sso: 4, dlp: 5, places: 4, benefits: 6, industries: 5 },
    titles: { places: ['Remote access', 'Multi-cloud', 'VPN replacement', 'SaaS apps'] },
  },
  '/demo': { heading: 'Fill out the form below' },
  '/customerlogin': { heading: 'Login' },
  '/privacy-policy': { selectors: { '.policy__body h2': 8 } },
  '/terms': { selectors: { '.policy__body h2': 8 } },
  '/cookie-policy': { texts: ['strictly necessary'] },
  '/license': { existsOnly: true },
};

const window = new Window();
const parser = new window.DOMParser();
const pages = new Map<string, Document>();

/** The built page of a route, parsed once. */
async function pageOf(route: string): Promise<Document> {
  if (!pages.has(route)) {
    const { outDir } = await buildRealSite();
    const html = await readFile(path.join(outDir, outputPathOf(route)), 'utf8').catch(() => undefined);
    assert.ok(typeof html === 'string', `${route}: the build wrote no ${outputPathOf(route)}`);
    pages.set(route, parser.parseFromString(html, 'text/html') as unknown as Document);
  }
  return pages.get(route)!;
}

const textOf = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
const main = (document: Document) => document.querySelector('main')!;

for (const [route, spec] of Object.entries(ROUTES)) {
  test(`${route} is built with its heading and structure`, async () => {
    const document = await pageOf(route);
    if (spec.existsOnly) return;
    const h1s = [...document.querySelectorAll('h1')].map(textOf);
    assert.is(h1s.length, 1, `${route}: expected one h1, found ${h1s.length} (${h1s.join(' | ')})`);
    if (spec.h1) assert.is(h1s[0], spec.h1, `${route}: expected the h1 "${spec.h1}", found "${h1s[0]}"`);
    if (spec.heading) {
      const headings = [...main(document).querySelectorAll('h1, h2, h3')].map(textOf);
      assert.ok(headings.includes(spec.heading), `${route}: expected a heading "${spec.heading}", found ${headings.join(' | ')}`);
    }
    assertHeadingOrder(route, document);
    for (const img of document.querySelectorAll('img')) {
      assert.ok(img.hasAttribute('alt'), `${route}: the image ${img.getAttribute('src')} has no alt attribute`);
      assert.ok(img.getAttribute('width') && img.getAttribute('height'), `${route}: the image ${img.getAttribute('src')} has no width and height`);
    }
  });

  if (spec.counts || spec.titles || spec.sections || spec.texts || spec.selectors) {
    test(`${route} has the items the spec gives`, async () => {
      const document = await pageOf(route);
      const content = main(document);
      for (const [name, expected] of Object.entries(spec.counts ?? {})) {
        const list = content.querySelector(`[data-count="${name}"]`);
        assert.ok(list, `${route}: expected a list of ${name} (data-count="${name}"), found none`);
        assert.is(list!.children.length, expected, `${route}: expected ${expected} ${name}, found ${list!.children.length}`);
      }
      for (const [name, titles] of Object.entries(spec.titles ?? {})) {
        const items = [...content.querySelectorAll(`[data-count="${name}"] > li`)].map(textOf);
        titles.forEach((title, index) => {
          // Titles may repeat (two Business Growth Advisors), so the n-th title must be in the n-th matching item.
          const matches = items.filter((item) => item.includes(title));
          const needed = titles.slice(0, index + 1).filter((other) => other === title).length;
          assert.ok(matches.length >= needed, `${route}: expected ${name} to include "${title}"${needed > 1 ? ` ${needed} times` : ''}, found ${matches.length}`);
        });
      }
      const h2s = [...content.querySelectorAll('h2')].map(textOf);
      for (const section of spec.sections ?? []) {
        assert.ok(h2s.includes(section), `${route}: expected a section "${section}", found ${h2s.join(' | ')}`);
      }
      for (const text of spec.texts ?? []) {
        assert.ok(textOf(content).toLowerCase().includes(text.toLowerCase()), `${route}: expected the page to mention "${text}"`);
      }
      for (const [selector, expected] of Object.entries(spec.selectors ?? {})) {
        const found = content.querySelectorAll(selector).length;
        assert.is(found, expected, `${route}: expected ${expected} × ${selector}, found ${found}`);
      }
    });
  }
}

/** No heading may skip a level on the way down (h2 → h4); going back up is fine. */
function assertHeadingOrder(route: string, document: Document) {
  let previous = 1;
  for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
    const level = Number(heading.tagName[1]);
    assert.ok(level <= previous + 1, `${route}: the heading "${textOf(heading)}" is an h${level} after an h${previous}`);
    previous = level;
  }
}

test('each policy page ends on its contact section, whose box leads to the contact page', async () => {
  for (const route of ['/privacy-policy', '/terms', '/cookie-policy']) {
    const body = (await pageOf(route)).querySelector('.policy__body')!;
    const last = [...body.querySelectorAll('h2')].at(-1);
    assert.match(last ? textOf(last) : '', /\. Contact$/, `${route}: the last section is not the contact section`);
    const box = body.lastElementChild;
    assert.ok(box?.classList.contains('callout'), `${route}: the page does not end on the contact box`);
    const link = box!.querySelector('a[href="/contact"]');
    assert.match(link ? textOf(link) : '', /^Contact Us About /, `${route}: the box has no link to /contact that says so`);
  }
});

test('each policy page says when it was last updated, as a day, a month\'s name and a year, with the date for machines', async () => {
  for (const route of ['/privacy-policy', '/terms', '/cookie-policy']) {
    const time = (await pageOf(route)).querySelector('.policy__header time')!;
    assert.is(time.getAttribute('datetime'), '2025-03-01', route);
    assert.is(textOf(time), '1 March 2025', route);
  }
});

test('/demo keeps the specification\'s heading, intro and form first, then says what the demo is, its quote marked as a sample', async () => {
  const demo = await pageOf('/demo');
  const main = demo.querySelector('main')!;
  const [form, panel] = [main.querySelector('.form-card'), main.querySelector('aside.demo-panel')];
  assert.ok(form && panel, 'the form and the panel');
  assert.ok(form!.compareDocumentPosition(panel!) & 4, 'the panel comes after the form, so a phone shows the form first');
  assert.is(textOf(form!.querySelector('h1')!), 'Fill out the form below');
  assert.is(textOf(form!.querySelector('.lead')!), 'Please submit your information for immediate contact from one of our team members.');
  const facts = Object.fromEntries([...panel!.querySelectorAll('dt')].map((term) => [textOf(term), textOf(term.nextElementSibling!)]));
  assert.match(facts['How long'] ?? '', /\d+ minutes/);
  assert.ok(facts['Who joins'], 'who joins');
  assert.ok(panel!.querySelectorAll('.demo-panel__points li').length >= 3, 'what the demo covers');
  const quote = main.querySelector('figure.demo-panel__quote')!;
  assert.ok(panel!.compareDocumentPosition(quote) & 4, 'the customer\'s words come after the panel in reading order');
  assert.is(textOf(quote.querySelector('.demo-panel__sample')!), 'Sample quote');
  assert.match(textOf(quote.querySelector('figcaption')!), '(sample)');
});

test('the home page and each product page show the trust band before the closing one: each certificate its own mark, scope and auditor, all samples; privacy apart; the report asked for', async () => {
  for (const route of ['/', '/adaptive', '/botshieldai', '/continuous', '/passwordless']) {
    const main = (await pageOf(route)).querySelector('main')!;
    const band = main.querySelector('section.trust');
    assert.ok(band, `${route}: no trust band`);
    assert.ok(band!.nextElementSibling?.classList.contains('closing'), `${route}: the band is not right before the closing one`);
    const marks = [...band!.querySelectorAll('.trust__mark')];
    assert.equal(marks.map((mark) => textOf(mark.querySelector('.trust__name')!)), ['ISO/IEC 27001', 'SOC 2 Type II'], route);
    const images = marks.map((mark) => mark.querySelector('img')!);
    assert.is(new Set(images.map((image) => image.getAttribute('src'))).size, marks.length, `${route}: two marks share a drawing`);
    for (const image of images) assert.ok((image.getAttribute('alt') ?? '').length > 10, `${route}: a mark without alt text`);
    for (const mark of marks) {
      assert.match(textOf(mark.querySelector('.trust__scope')!), /\(sample\)$/, `${route}: a scope not marked as a sample`);
      assert.match(textOf(mark.querySelector('.trust__auditor')!), /^(Certified|Audited) by .+ \(sample\)$/, `${route}: a certificate that names no auditor`);
    }
    // GDPR and CCPA are laws the service keeps to, not certificates: apart from the marks, with no badge of their own.
    const privacy = band!.querySelector('.trust__privacy')!;
    assert.is(textOf(privacy.querySelector('h3')!), 'Privacy');
    assert.match(textOf(privacy), /GDPR and CCPA.*No personal data stored/);
    assert.is(privacy.querySelector('img'), null);
    assert.is(privacy.closest('.trust__marks'), null);
    assert.not.match(textOf(band!.querySelector('h2')!), /Compliant/);
    const report = band!.querySelector('.trust__report a')!;
    assert.is(textOf(report), 'Request the SOC 2 Type II Report');
    assert.is(report.getAttribute('href'), '/contact?topic=soc2-report#contact-message');
  }
  assert.ok((await pageOf('/contact')).querySelector('textarea#contact-message'), 'the report link leads to the contact form\'s message');
});

test('the footer\'s certification badges are drawings of their own: no two share a shape, and none is the logo\'s', async () => {
  const footer = (await pageOf('/')).querySelector('footer')!;
  const badges = [...footer.querySelectorAll('.footer__certifications img')].map((image) => image.getAttribute('src')!);
  assert.equal([...badges].sort(), ['/img/cert/gdpr.svg', '/img/cert/iso-27001.svg', '/img/cert/soc2.svg']);
  // A badge's shapes: every element but its frame and its name (the glyph outlines of its words, set with transform=).
  const shapesOf = async (file: string) => new Set((await readFile(path.join(REPO_ROOT, 'public', file), 'utf8'))
    .match(/<(?:path|circle|ellipse|rect)\b[^>]*>/g)!.filter((tag) => !/transform=|width="126"/.test(tag)));
  const logo = await shapesOf('/img/logo.svg');
  const shapes = await Promise.all(badges.map(shapesOf));
  for (const [index, own] of shapes.entries()) {
    assert.ok(own.size > 0, `${badges[index]} draws nothing of its own`);
    assert.equal([...own].filter((tag) => logo.has(tag)), [], `${badges[index]} reuses the logo's drawing`);
    for (const [other, theirs] of shapes.entries()) {
      if (other !== index) assert.equal([...own].filter((tag) => theirs.has(tag)), [], `${badges[index]} and ${badges[other]} share a shape`);
    }
  }
});

test('the home page and each product and solution page show stills of their own: no still is in two places among the heroes and the "What is" blocks', async () => {
  const routes = ['/adaptive', '/passwordless', '/botshieldai', '/continuous', '/biometrics', '/password', '/socialengineering', '/productivity', '/sso'];
  // Every place a still is shown, by the still: a page's hero and its "What is" block, and the home page's hero.
  const shown = new Map<string, string[]>();
  const show = (src: string, where: string) => shown.set(src, [...(shown.get(src) ?? []), where]);
  const home = (await pageOf('/')).querySelector('.hero img')!;
  assert.match(home.getAttribute('src')!, /^\/img\/product\/[a-z]+\.png$/, 'the home page leads with the product: a still, not a drawing');
  assert.ok(/sample/i.test(home.getAttribute('alt') ?? '') && (home.getAttribute('alt') ?? '').length > 120, 'the home still\'s alt text describes the screen and its sample data');
  show(home.getAttribute('src')!, '/ hero');
  for (const route of routes) {
    const document = await pageOf(route);
    const hero = document.querySelector('.page-hero img')!;
    const src = hero.getAttribute('src')!;
    assert.match(src, /^\/img\/product\/[a-z]+\.png$/, `${route}: the hero is not a product still`);
    show(src, `${route} hero`);
    const alt = hero.getAttribute('alt') ?? '';
    assert.ok(alt.length > 120 && /sample/i.test(alt), `${route}: the hero's alt text does not describe the screen or its sample data: "${alt}"`);
    const still = document.querySelector('.with-still .with-still__image');
    assert.ok(still, `${route}: no still beside the What is block`);
    show(still!.getAttribute('src')!, `${route} What is`);
    assert.ok((still!.getAttribute('alt') ?? '').length > 120, `${route}: the still's alt text`);
    assert.is(still!.getAttribute('loading'), 'lazy', `${route}: the still below the fold loads lazily`);
  }
  const repeated = [...shown].filter(([, places]) => places.length > 1).map(([src, places]) => `${src}: ${places.join(', ')}`);
  assert.equal(repeated, [], repeated.join('\n'));
  assert.is(shown.size, 1 + 2 * routes.length);
  assert.is((await pageOf('/ztna')).querySelector('.page-hero img')?.getAttribute('src'), '/img/product/botshield.png', '/ztna copies /botshieldai, its hero too');
});

test('/ztna shows the BotShield AI page with a canonical link to /botshieldai', async () => {
  const ztna = await pageOf('/ztna');
  const canonical = ztna.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? '';
  assert.ok(new URL(canonical, 'https://example.com').pathname === '/botshieldai', `/ztna: expected a canonical link to /botshieldai, found "${canonical}"`);
  const botshield = await pageOf('/botshieldai');
  assert.is(main(ztna).innerHTML, main(botshield).innerHTML, '/ztna: expected the same content as /botshieldai');
  const { files } = await buildRealSite();
  assert.not.match(String(files.get('sitemap.xml')), '/ztna<', '/ztna: expected it to stay out of the sitemap');
});

test('/about: every person card has a photo, name, role, credential and a profile link that names the person', async () => {
  const cards = [...main(await pageOf('/about')).querySelectorAll('.person-card')];
  assert.is(cards.length, 10, `/about: expected 10 person cards, found ${cards.length}`);
  for (const card of cards) {
    const name = textOf(card.querySelector('h3')!);
    assert.ok(card.querySelector('img[width][height]'), `/about: ${name} has no photo`);
    assert.ok(card.querySelector('.person-card__role') && card.querySelector('.person-card__credential'), `/about: ${name} lacks a role or credential`);
    const link = card.querySelector('a[href^="https://"]');
    assert.ok(link, `/about: ${name} has no profile link`);
    assert.is(link!.getAttribute('target'), '_blank', `/about: ${name}'s profile link does not open a new tab`);
    assert.equal((link!.getAttribute('rel') ?? '').split(' ').sort(), ['noopener', 'noreferrer'], `/about: ${name}'s profile link lacks rel="noopener noreferrer"`);
    assert.ok((link!.getAttribute('aria-label') ?? '').includes(name), `/about: ${name}'s profile link does not name the person`);
  }
});

test('repeated link texts carry an accessible name that tells them apart', async () => {
  for (const route of Object.keys(ROUTES).filter((route) => !ROUTES[route].existsOnly)) {
    const names = new Map<string, Set<string>>();
    for (const link of main(await pageOf(route)).querySelectorAll('a[href]')) {
      const name = link.getAttribute('aria-label') ?? textOf(link);
      const targets = names.get(name) ?? new Set<string>();
      names.set(name, targets.add(link.getAttribute('href')!));
    }
    for (const [name, targets] of names) {
      assert.ok(targets.size === 1, `${route}: the link text "${name}" leads to ${targets.size} different places`);
    }
  }
});

test.after(() => window.happyDOM.close());

test.run();
