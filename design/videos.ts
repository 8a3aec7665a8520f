/**
 * `npm run videos`: makes the site's videos again from their scenes
 * (design/video/scenes.js), each in two cuts: the wide one (16:9, drawn at
 * 1920 × 1080, twice the widest the site shows it) and the narrow one phones
 * get (4:5, 800 × 1000). Each frame is drawn in headless Chromium at 2× and
 * encoded with ffmpeg into H.264 MP4 in public/video/ (NAME.mp4 and
 * NAME-narrow.mp4), with frame 0 as the cut's poster (a WebP in
 * public/img/video/). Needs ffmpeg (Debian: apt-get install ffmpeg).
 * The files are committed: a build never runs this.
 *
 *   npm run videos                 # all three, both cuts
 *   npm run videos -- intro        # one
 *   npm run videos -- intro --cut narrow  # one cut
 *   npm run videos -- intro --at 12,30   # stills of those seconds into /tmp, to look at a scene
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { launchBrowser } from '../test/helpers/browser.ts';

const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');
const STAGE = pathToFileURL(path.join(ROOT, 'design', 'video', 'stage.html'));
const NAMES = ['intro', 'adaptive', 'passwordless'];
const FPS = 25;
/** Each cut's stage in CSS px (design/video/stage.html), shot at 2×, and the suffix of its files. */
const CUTS = {
  wide: { width: 960, height: 540, suffix: '' },
  narrow: { width: 400, height: 500, suffix: '-narrow' },
} as const;
type Cut = keyof typeof CUTS;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const atIndex = args.indexOf('--at');
  const at = atIndex >= 0 ? args.splice(atIndex, 2)[1].split(',').map(Number) : undefined;
  const cutIndex = args.indexOf('--cut');
  const cuts = (cutIndex >= 0 ? [args.splice(cutIndex, 2)[1]] : Object.keys(CUTS)) as Cut[];
  for (const cut of cuts) if (!(cut in CUTS)) throw new Error(`no cut named "${cut}": ${Object.keys(CUTS).join(', ')}`);
  const names = args.length ? args : NAMES;
  const browser = await launchBrowser();
  try {
    for (const name of names) for (const cut of cuts) {
      const { width, height, suffix } = CUTS[cut];
      const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 2 });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${STAGE.href}?video=${name}&cut=${cut}`);
      await page.evaluate(() => document.fonts.ready);
      if (errors.length) throw new Error(`${name}: ${errors.join('\n')}`);
      const duration = await page.evaluate(() => (window as unknown as { VIDEO: { duration: number } }).VIDEO.duration);
      const frame = async (seconds: number) => {
        await page.evaluate((time) => (window as unknown as { VIDEO: { draw(t: number): void } }).VIDEO.draw(time), seconds);
        return page.screenshot({ type: 'png' });
      };
      if (at) {
        for (const seconds of at) await writeFile(`/tmp/${name}${suffix}-${seconds}.png`, await frame(seconds));
        console.log(`stills of ${name}${suffix} at ${at.join(', ')} s in /tmp/`);
      } else {
        await encode(`${name}${suffix}`, duration, frame);
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

async function encode(name: string, duration: number, frame: (seconds: number) => Promise<Buffer>): Promise<void> {
  const out = path.join(ROOT, 'public', 'video', `${name}.mp4`);
  // -tune animation: flat colours and sharp edges; CRF 30 keeps them clean at a few hundred KB.
  const ffmpeg = spawn('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'image2pipe', '-framerate', String(FPS), '-i', '-',
    '-c:v', 'libx264', '-preset', 'slow', '-tune', 'animation', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', out], { stdio: ['pipe', 'inherit', 'inherit'] });
  const exited = once(ffmpeg, 'close');
  ffmpeg.on('close', (code) => { if (code !== 0) console.error(`ffmpeg stopped (${code}) while making ${name}`); });
  const frames = Math.round(duration * FPS);
  for (let index = 0; index < frames; index += 1) {
    if (ffmpeg.exitCode !== null) throw new Error(`ffmpeg stopped early (${ffmpeg.exitCode}) for ${name}`);
    if (index % 100 === 0) process.stdout.write(`${name}: frame ${index} of ${frames}\r`);
    const png = await frame(index / FPS);
    if (index === 0) await sharp(png).webp({ quality: 82 }).toFile(path.join(ROOT, 'public', 'img', 'video', `${name}-poster.webp`));
    if (!ffmpeg.stdin.write(png)) await once(ffmpeg.stdin, 'drain');
  }
  ffmpeg.stdin.end();
  const [code] = await exited;
  if (code !== 0) throw new Error(`ffmpeg exited with ${code} for ${name}`);
  console.log(`public/video/${name}.mp4: ${duration} s, ${frames} frames; poster public/img/video/${name}-poster.webp`);
}

await main();
