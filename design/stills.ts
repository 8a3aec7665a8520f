/**
 * `npm run stills`: the product's own screens as still images, drawn from
 * design/stills/screens.js on design/stills/stage.html in headless Chromium
 * at 2× (960 × 720) and written as PNG to public/img/product/NAME.png, one
 * for each product and solution page's hero and "What is" block and the home
 * page's hero; and each in a narrow cut for phones (640 × 800,
 * NAME-narrow.png), which a <picture> shows under 640 px.
 * The build serves each as AVIF and WebP in three widths, as it does every
 * PNG an image() field names. The files are committed: a build never runs
 * this.
 *
 *   npm run stills                 # all of them
 *   npm run stills -- adaptive     # one
 */
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { launchBrowser } from '../test/helpers/browser.ts';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
const STAGE = pathToFileURL(path.join(ROOT, 'design', 'stills', 'stage.html'));
export const STILLS = [
  'overview', 'adaptive', 'adaptivepolicy', 'botshield', 'botverdicts', 'continuous', 'continuoussignals', 'passwordless', 'passkeysetup',
  'biometrics', 'biometricslearn', 'password', 'signinmethods', 'productivity', 'productivityprivacy', 'socialengineering', 'coachedcall',
  'sso', 'ssopolicy',
];

async function main(): Promise<void> {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : STILLS;
  const out = path.join(ROOT, 'public', 'img', 'product');
  await mkdir(out, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const name of names) {
      // The wide cut (4:3), and the phones' cut (4:5): one column of the screen's main part, its words 11 px or more at 375 px.
      for (const cut of [{ suffix: '', width: 480, height: 360, query: '' }, { suffix: '-narrow', width: 320, height: 400, query: '&cut=narrow' }]) {
        const page = await browser.newPage({ viewport: { width: cut.width, height: cut.height }, deviceScaleFactor: 2 });
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${STAGE.href}?screen=${name}${cut.query}`);
        await page.evaluate(() => document.fonts.ready);
        if (errors.length) throw new Error(`${name}${cut.suffix}: ${errors.join('\n')}`);
        // A word, a chip or a card its panel cuts off is a flaw a visitor sees: no still is written with one (stills/fit.js).
        const cutOff = await page.evaluate(() => (window as unknown as { cutOff(): string[] }).cutOff());
        if (cutOff.length > 0) throw new Error(`${name}${cut.suffix}: cut off by its panel:\n  ${cutOff.join('\n  ')}`);
        // The stage's rounded corners are transparent, as the SVG heroes' were.
        await page.evaluate(() => { document.documentElement.style.background = 'transparent'; });
        const png = await page.screenshot({ type: 'png', omitBackground: true });
        const file = path.join(out, `${name}${cut.suffix}.png`);
        // A palette of 256 colours: flat UI colours lose nothing a visitor sees, and the file is a third of a full PNG.
        const info = await sharp(png).png({ palette: true, quality: 95, effort: 10, compressionLevel: 9 }).toFile(file);
        console.log(`public/img/product/${name}${cut.suffix}.png: ${info.width} × ${info.height}, ${(info.size / 1024).toFixed(1)} KB`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
