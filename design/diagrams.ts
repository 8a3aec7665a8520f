/**
 * The product pages' diagrams, each in two shapes: wide (720 units across,
 * shown from 640 px) and narrow (360 across, stacked, shown below 640 px by
 * the figure's <picture>). Sizes are chosen so that no label is drawn under
 * 12 px where it shows: wide labels are at least 16 units in 720 or 760
 * (12.4 px at the narrowest wide view, 589 px), narrow ones at least 15 in
 * 360 (14 px at 375).
 * The pages' alt texts spell every label.
 */
import { readFileSync } from 'node:fs';
import { label, lines, measure, svgDocument, wrap, type TextStyle } from './text.ts';

const TOKENS = readFileSync(new URL('../templates/styles/00-tokens.css', import.meta.url), 'utf8');

/** A colour token of the site's stylesheet (`navy` for --color-navy), so the drawings follow the brand. */
function token(name: string): string {
  const value = TOKENS.match(new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})\\b`, 'i'))?.[1];
  if (!value) throw new Error(`templates/styles/00-tokens.css has no --color-${name}`);
  return value;
}

const C = {
  navy: token('navy'), navySoft: token('navy-soft'), primary: token('primary'), accent: token('accent'), accentSoft: token('accent-soft'),
  ground: token('surface-alt'), surface: token('surface'), muted: token('ink-muted'), onDark: token('on-dark'), onDarkMuted: token('on-dark-muted'),
  success: token('success'), amber: token('focus'), error: token('error'), errorSoft: token('error-soft'),
  // The drawings' own: a light teal that reads on navy, and the tint of the amber card.
  teal: '#5eead4', amberSoft: '#fff4e5',
};

export interface Drawing { name: string; svg: string }

const rect = (x: number, y: number, w: number, h: number, fill: string, stroke?: string, rx = 12, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="2"` : ''}${extra}/>`;
const ARROW_HEAD = `<defs><marker id="a" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0 0 10 5 0 10Z" fill="${C.muted}"/></marker></defs>`;
const arrow = (d: string, colour = C.muted) => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="2.5" marker-end="url(#a)"/>`;

interface Card { title: string; text: string; fill: string; stroke: string; titleFill: string; textFill: string }

/** A card: a bold title over a wrapped line or two, left-aligned or centred. Returns its markup and height. */
function card(item: Card, x: number, y: number, width: number, sizes: { title: number; text: number }, height?: number, centred = true) {
  const pad = 14;
  const titleStyle: TextStyle = { size: sizes.title, weight: 700, fill: item.titleFill, anchor: centred ? 'middle' : 'start' };
  const textStyle: TextStyle = { size: sizes.text, weight: 400, fill: item.textFill, anchor: centred ? 'middle' : 'start' };
  const textLines = wrap(item.text, width - 2 * pad, sizes.text, 400);
  const own = pad + sizes.title + 8 + textLines.length * sizes.text * 1.3 + pad - 2;
  const h = height ?? Math.round(own);
  const top = y + (h - own) / 2;
  const tx = centred ? x + width / 2 : x + pad;
  return {
    height: h,
    svg: rect(x, y, width, h, item.fill, item.stroke)
      + label(item.title, tx, top + pad + sizes.title * 0.8, titleStyle)
      + lines(textLines, tx, top + pad + sizes.title + 8 + sizes.text * 0.85, textStyle),
  };
}

const STEPS: Card[] = [
  { title: 'Sign-in or payment', text: 'the user acts as usual', fill: C.surface, stroke: C.primary, titleFill: C.navy, textFill: C.muted },
  { title: 'Behaviour captured', text: 'typing, touch, device, place', fill: C.surface, stroke: C.primary, titleFill: C.navy, textFill: C.muted },
  { title: 'Risk scored', text: '99.6% accurate models', fill: C.navy, stroke: C.navy, titleFill: C.onDark, textFill: C.onDarkMuted },
];
const OUTCOMES: Card[] = [
  { title: 'Low risk', text: 'allow, no OTP', fill: C.accentSoft, stroke: C.success, titleFill: C.navy, textFill: C.muted },
  { title: 'Medium risk', text: 'step-up: FIDO2', fill: C.amberSoft, stroke: C.amber, titleFill: C.navy, textFill: C.muted },
  { title: 'High risk', text: 'block and alert', fill: C.errorSoft, stroke: C.error, titleFill: C.navy, textFill: C.muted },
];
const FEEDBACK = 'Every decision feeds back into the user\u2019s profile';

/** A circular arrow: the loop of learning from each decision. */
const loop = (cx: number, cy: number) =>
  `<path d="M${cx + 7} ${cy - 5}A8 8 0 1 0 ${cx + 8} ${cy + 2}" fill="none" stroke="${C.accent}" stroke-width="2.5" stroke-linecap="round"/><path d="M${cx + 3} ${cy - 8}l6 3-2 6" fill="none" stroke="${C.accent}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`;

export function adaptiveFlowWide(): string {
  const W = 720; const w = 200; const xs = [24, 260, 496]; const sizes = { title: 18, text: 16 };
  const stepHeight = Math.max(...STEPS.map((step) => card(step, 0, 0, w, sizes).height));
  let body = ARROW_HEAD;
  const y1 = 32;
  STEPS.forEach((step, index) => { body += card(step, xs[index], y1, w, sizes, stepHeight).svg; });
  body += arrow(`M${xs[0] + w + 4} ${y1 + stepHeight / 2}H${xs[1] - 6}`) + arrow(`M${xs[1] + w + 4} ${y1 + stepHeight / 2}H${xs[2] - 6}`);
  const branch = y1 + stepHeight + 30; const y2 = branch + 34;
  const outcomeHeight = Math.max(...OUTCOMES.map((outcome) => card(outcome, 0, 0, w, sizes).height));
  body += `<path d="M${xs[2] + w / 2} ${y1 + stepHeight}V${branch}H${xs[0] + w / 2}" fill="none" stroke="${C.muted}" stroke-width="2.5"/>`;
  OUTCOMES.forEach((outcome, index) => {
    const cx = xs[index] + w / 2;
    body += arrow(`M${cx} ${branch}V${y2 - 6}`) + card(outcome, xs[index], y2, w, sizes, outcomeHeight).svg;
  });
  const y3 = y2 + outcomeHeight + 40;
  const feedbackWidth = measure(FEEDBACK, 16, 700);
  body += loop(W / 2 - feedbackWidth / 2 - 10, y3 - 6) + label(FEEDBACK, W / 2 + 12, y3, { size: 16, weight: 700, fill: C.accent, anchor: 'middle' });
  return svgDocument(W, y3 + 28, body, { ground: C.ground });
}

export function adaptiveFlowNarrow(): string {
  const W = 360; const x = 24; const w = 312; const sizes = { title: 17, text: 15 };
  let body = ARROW_HEAD;
  let y = 24;
  STEPS.forEach((step, index) => {
    const drawn = card(step, x, y, w, sizes);
    body += drawn.svg;
    y += drawn.height;
    if (index < STEPS.length - 1) { body += arrow(`M${W / 2} ${y + 2}V${y + 26}`); y += 30; }
  });
  // The three outcomes hang off one line down the left, like branches of a tree.
  const trunk = 40; const ox = 64; const ow = W - ox - 24; const start = y;
  y += 22;
  let lastMid = y;
  for (const outcome of OUTCOMES) {
    const drawn = card(outcome, ox, y, ow, sizes, undefined, false);
    lastMid = y + drawn.height / 2;
    body += arrow(`M${trunk} ${lastMid}H${ox - 6}`) + drawn.svg;
    y += drawn.height + 14;
  }
  body += `<path d="M${trunk} ${start}V${lastMid}" fill="none" stroke="${C.muted}" stroke-width="2.5"/>`;
  const feedback = wrap(FEEDBACK, w - 40, 15, 700);
  y += 18;
  body += loop(x + 10, y - 5) + lines(feedback, x + 32, y, { size: 15, weight: 700, fill: C.accent });
  return svgDocument(W, Math.round(y + (feedback.length - 1) * 19.5 + 24), body, { ground: C.ground });
}

const BENEFITS = ['No passwords to steal', 'No OTP delays', 'Fewer help-desk resets', 'Phishing-resistant', 'FIDO2 / WebAuthn', 'Faster checkout'];

/** A benefit pill: a tick in a teal disc, then the words. */
function pill(text: string, x: number, y: number, w: number, h: number, size: number): string {
  const cy = y + h / 2;
  return rect(x, y, w, h, C.surface, C.accent, h / 2)
    + `<circle cx="${x + h / 2}" cy="${cy}" r="${h / 2 - 10}" fill="${C.accent}"/>`
    + `<path d="M${x + h / 2 - 6} ${cy}l4 4 8-8" fill="none" stroke="${C.onDark}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>`
    + label(text, x + h - 2, cy + size * 0.36, { size, weight: 700, fill: C.navy });
}

export function passwordlessBenefitsWide(): string {
  const W = 760; const size = 17; const h = 52;
  const w = Math.ceil(Math.max(...BENEFITS.map((text) => measure(text, size, 700))) + h + 18);
  const rows = [40, 40 + h + 34, 40 + 2 * (h + 34)];
  const H = rows[2] + h + 40; const cx = W / 2; const cy = H / 2;
  let body = '';
  const left = 24; const right = W - 24 - w;
  BENEFITS.forEach((text, index) => {
    const onLeft = index >= 3;
    const y = rows[onLeft ? 5 - index : index] + h / 2;
    const edge = onLeft ? left + w : right;
    body += `<path d="M${cx} ${cy}L${edge} ${y}" stroke="${C.primary}" stroke-opacity=".45" stroke-width="2.5"/>`;
  });
  body += `<circle cx="${cx}" cy="${cy}" r="86" fill="${C.primary}" fill-opacity=".14"/><circle cx="${cx}" cy="${cy}" r="70" fill="${C.navy}"/>`
    + label('Password-less', cx, cy - 3, { size: 17, weight: 700, fill: C.onDark, anchor: 'middle' })
    + label('sign-in', cx, cy + 19, { size: 17, weight: 700, fill: C.onDark, anchor: 'middle' });
  BENEFITS.forEach((text, index) => {
    const onLeft = index >= 3;
    body += pill(text, onLeft ? left : right, rows[onLeft ? 5 - index : index], w, h, size);
  });
  return svgDocument(W, H, body, { ground: C.ground });
}

export function passwordlessBenefitsNarrow(): string {
  const W = 360; const size = 16; const h = 48; const gap = 14;
  const hubH = 64; const top = 24;
  const x = 64; const w = W - x - 24; const trunk = 40;
  let y = top + hubH + 22;
  const H = y + BENEFITS.length * (h + gap) - gap + 24;
  let body = rect(24, top, W - 48, hubH, C.navy, undefined, hubH / 2)
    + label('Password-less sign-in', W / 2, top + hubH / 2 + 6, { size: 18, weight: 700, fill: C.onDark, anchor: 'middle' });
  let last = y;
  for (const text of BENEFITS) {
    last = y + h / 2;
    body += `<path d="M${trunk} ${last}H${x}" stroke="${C.primary}" stroke-opacity=".45" stroke-width="2.5"/>` + pill(text, x, y, w, h, size);
    y += h + gap;
  }
  body += `<path d="M${trunk} ${top + hubH}V${last}" stroke="${C.primary}" stroke-opacity=".45" stroke-width="2.5"/>`;
  return svgDocument(W, H, body, { ground: C.ground });
}

const SIGNALS = [
  { title: 'Behaviour', text: 'typing, touch' },
  { title: 'Endpoint', text: 'device health' },
  { title: 'Network', text: 'IP, location' },
  { title: 'Context', text: 'time, action' },
];

/** The motion of the continuous diagram; the still files leave it out, and so does reduced motion. */
function continuousMotion(scan: number): string {
  return `.flow{animation:flow 1.6s linear infinite}.pulse{transform-box:fill-box;transform-origin:center;animation:pulse 2.4s ease-in-out infinite}`
    + `.scan{animation:scan 6s linear infinite}@keyframes flow{to{stroke-dashoffset:-40}}@keyframes pulse{50%{transform:scale(1.12);opacity:.7}}`
    + `@keyframes scan{from{transform:translateX(0)}to{transform:translateX(${scan}px)}}@media (prefers-reduced-motion:reduce){.flow,.pulse,.scan{animation:none}}`;
}

const signalBox = (signal: { title: string; text: string }, x: number, y: number, w: number, h: number, sizes: { title: number; text: number }) =>
  rect(x, y, w, h, C.navySoft, C.onDarkMuted, 12, ' stroke-opacity=".4"')
  + label(signal.title, x + 16, y + 14 + sizes.title * 0.8, { size: sizes.title, weight: 700, fill: C.onDark })
  + label(signal.text, x + 16, y + h - 16, { size: sizes.text, weight: 400, fill: C.onDarkMuted });

function session(x: number, y: number, w: number, size: number, labelAbove: boolean): { svg: string; scan: number } {
  const dots = 8;
  let out = labelAbove ? label('Session', x, y - 14, { size, weight: 700, fill: C.onDarkMuted }) : '';
  const barX = labelAbove ? x : x + 86; const barW = labelAbove ? w : w - 86;
  if (!labelAbove) out += label('Session', x, y + 13, { size: size + 1, weight: 700, fill: C.onDarkMuted });
  out += rect(barX, y, barW, 16, C.navySoft, C.onDarkMuted, 8, ' stroke-opacity=".4"');
  const inner = (barW - 40) / (dots - 1);
  for (let index = 0; index < dots; index += 1) out += `<circle cx="${Math.round(barX + 20 + index * inner)}" cy="${y + 8}" r="4" fill="${C.teal}"/>`;
  out += `<rect class="scan" x="${barX + 4}" y="${y - 4}" width="24" height="24" rx="12" fill="${C.teal}" fill-opacity=".6"/>`;
  out += label('login', barX, y + 44, { size, weight: 400, fill: C.onDarkMuted }) + label('logout', barX + barW, y + 44, { size, weight: 400, fill: C.onDarkMuted, anchor: 'end' });
  return { svg: out, scan: barW - 32 };
}

export function continuousWide(animated: boolean): string {
  const W = 720; const H = 440; const sizes = { title: 19, text: 16 }; const cx = 536; const cy = 172;
  let body = '';
  SIGNALS.forEach((signal, index) => {
    const y = 24 + index * 80;
    body += signalBox(signal, 24, y, 232, 66, sizes)
      + `<path class="flow" stroke-dasharray="6 14" d="M256 ${y + 33}C360 ${y + 33} 360 ${cy} ${cx - 90} ${cy}" fill="none" stroke="${C.teal}" stroke-width="3"/>`;
  });
  body += `<circle class="pulse" cx="${cx}" cy="${cy}" r="88" fill="${C.primary}" fill-opacity=".25"/><circle cx="${cx}" cy="${cy}" r="74" fill="${C.primary}"/>`
    + label('Trust', cx, cy - 4, { size: 22, weight: 700, fill: C.onDark, anchor: 'middle' })
    + label('score', cx, cy + 24, { size: 22, weight: 700, fill: C.onDark, anchor: 'middle' });
  const bar = session(24, 360, W - 48, 16, false);
  return svgDocument(W, H, body + bar.svg, { ground: C.navy, style: animated ? continuousMotion(bar.scan) : undefined });
}

export function continuousNarrow(animated: boolean): string {
  const W = 360; const sizes = { title: 16, text: 15 }; const w = 156; const h = 60;
  const cx = 276; const cy = 24 + (4 * h + 3 * 12) / 2;
  let body = '';
  SIGNALS.forEach((signal, index) => {
    const y = 24 + index * (h + 12);
    body += signalBox(signal, 24, y, w, h, sizes)
      + `<path class="flow" stroke-dasharray="6 14" d="M${24 + w} ${y + h / 2}C${cx - 60} ${y + h / 2} ${cx - 70} ${cy} ${cx - 56} ${cy}" fill="none" stroke="${C.teal}" stroke-width="3"/>`;
  });
  body += `<circle class="pulse" cx="${cx}" cy="${cy}" r="62" fill="${C.primary}" fill-opacity=".25"/><circle cx="${cx}" cy="${cy}" r="52" fill="${C.primary}"/>`
    + label('Trust', cx, cy - 3, { size: 17, weight: 700, fill: C.onDark, anchor: 'middle' })
    + label('score', cx, cy + 18, { size: 17, weight: 700, fill: C.onDark, anchor: 'middle' });
  const barY = 24 + 4 * h + 3 * 12 + 50;
  const bar = session(24, barY, W - 48, 15, true);
  return svgDocument(W, barY + 70, body + bar.svg, { ground: C.navy, style: animated ? continuousMotion(bar.scan) : undefined });
}

export function diagrams(): Drawing[] {
  return [
    { name: 'diagrams/adaptive-flow.svg', svg: adaptiveFlowWide() },
    { name: 'diagrams/adaptive-flow-narrow.svg', svg: adaptiveFlowNarrow() },
    { name: 'diagrams/passwordless-benefits.svg', svg: passwordlessBenefitsWide() },
    { name: 'diagrams/passwordless-benefits-narrow.svg', svg: passwordlessBenefitsNarrow() },
    { name: 'diagrams/continuous-how-it-works.svg', svg: continuousWide(true) },
    { name: 'diagrams/continuous-how-it-works-still.svg', svg: continuousWide(false) },
    { name: 'diagrams/continuous-how-it-works-narrow.svg', svg: continuousNarrow(true) },
    { name: 'diagrams/continuous-how-it-works-narrow-still.svg', svg: continuousNarrow(false) },
  ];
}
