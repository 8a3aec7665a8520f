/*
 * What a still shows cut off: a word, a chip or a card that leaves its panel
 * (the card it is in, the app window, the phone's screen, the stage). The
 * stage loads it; design/stills.ts asks `cutOff()` before it writes a still,
 * and the stills' test asks it of every screen.
 */
'use strict';

window.cutOff = function cutOff() {
  const PANELS = '.tile, .window, .screen, .phone';
  const SLACK = 0.5;
  const problems = [];
  const stage = document.body.getBoundingClientRect();
  const outside = (inner, outer) => inner.width > 0 && inner.height > 0
    && (inner.left < outer.left - SLACK || inner.top < outer.top - SLACK || inner.right > outer.right + SLACK || inner.bottom > outer.bottom + SLACK);
  const panelOf = (element) => element.parentElement?.closest(PANELS) ?? null;
  const label = (element) => `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ').join('.')}` : ''}`;
  const describe = (what, panel) => `${what} leaves ${panel ? label(panel) : 'the stage'}`;
  // Every word, against the panel it is in.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (!text || !node.parentElement || node.parentElement.closest('script, style, svg')) continue;
    const panel = node.parentElement.closest(PANELS);
    const bounds = panel?.getBoundingClientRect() ?? stage;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const rect of range.getClientRects()) {
      if (outside(rect, bounds)) {
        problems.push(describe(`"${text.slice(0, 40)}"`, panel));
        break;
      }
    }
  }
  // Every card, chip and table cell, against the panel around it.
  for (const element of document.querySelectorAll('.tile, .chip, td, th, .button, .phone, .window')) {
    const panel = panelOf(element);
    if (outside(element.getBoundingClientRect(), panel?.getBoundingClientRect() ?? stage)) {
      problems.push(describe(`${label(element)} "${(element.textContent ?? '').trim().slice(0, 30)}"`, panel));
    }
  }
  return [...new Set(problems)];
};
