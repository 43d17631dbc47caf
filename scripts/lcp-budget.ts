// npm run size:lcp: what the listings page's first paint downloads on a 375 px phone at 2x
// (ADR 042), from the build's output (<dist>/client): the stylesheet, the Latin font, the scripts that
// run before the first paint (only boot.ts on a pre-rendered page) and the photo of the first card
// in the width the browser picks from its srcset and sizes. The photo is a demo photo (a fixed scene
// drawn as the demo draws them) through the upload pipeline's copies, so a change of widths, sizes or
// quality shows. Text files gzipped at level 9; exits 1 over the budget.
// Usage: node scripts/lcp-budget.ts [--budget=KB] [--json]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { CARD_SIZES, PHOTO_WIDTHS } from '#shared/photos.ts';
import { renderPhoto } from '../src/server/demo/photos.ts';
import { SpriteCache } from '../src/server/demo/sprites.ts';
import { narrowerCopies } from '../src/server/features/uploads/variants.ts';

const KB = 1024;
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const budgetKb = Number(arg('budget') ?? 80);
const SCREEN = { width: 375, scale: 2 };

const client = path.resolve(process.env.YS_DIST ?? 'dist', 'client');
type Chunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
let manifest: Record<string, Chunk>;
try {
  manifest = JSON.parse(fs.readFileSync(path.join(client, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error(`no build in ${client}: run npm run build first`);
  process.exit(2);
}
const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(client, file)), { level: 9 }).length;
const rows: { what: string; file: string; bytes: number }[] = [];

const entry = manifest['index.html'];
for (const css of entry.css ?? []) rows.push({ what: 'stylesheet', file: css, bytes: gzip(css) });
const font = fs
  .readdirSync(path.join(client, 'assets'))
  .find((f) => /^inter-latin-wght-normal-.*\.woff2$/.test(f));
if (font)
  rows.push({
    what: 'font (Latin)',
    file: `assets/${font}`,
    bytes: fs.statSync(path.join(client, 'assets', font)).size,
  });
// Scripts before the first paint: the boot script alone; without it, the entry and its imports.
const boot = manifest['boot.ts'];
const scripts: string[] = [];
const add = (key: string) => {
  const c = manifest[key];
  if (!c || scripts.includes(c.file)) return;
  scripts.push(c.file);
  for (const i of c.imports ?? []) add(i);
};
if (boot) scripts.push(boot.file);
else add('index.html');
for (const s of scripts) rows.push({ what: 'script', file: s, bytes: gzip(s) });

// The width the browser picks: the first `sizes` condition that holds at this width (else the last
// entry), times the pixel ratio, rounded up to a photo width.
function slotPx(sizes: string, width: number): number {
  for (const part of sizes.split(',').map((s) => s.trim())) {
    const m = /^\(min-width:\s*(\d+)px\)\s+(.+)$/.exec(part);
    const value = m ? m[2] : part;
    if (m && width < Number(m[1])) continue;
    return value.endsWith('vw') ? (Number.parseFloat(value) / 100) * width : Number.parseFloat(value);
  }
  return width;
}
const needed = slotPx(CARD_SIZES, SCREEN.width) * SCREEN.scale;
const pick = PHOTO_WIDTHS.find((w) => w >= needed) ?? PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
const photo = await renderPhoto(
  { seed: 4242, layout: 'beds', crops: ['tomato', 'lettuce'], time: 'golden', backdrop: 'hills' },
  new SpriteCache(),
);
const { width = 0 } = await sharp(photo).metadata();
const copy = (await narrowerCopies(sharp(photo), width)).find((c) => c.width === pick);
rows.push({
  what: `photo at ${pick} px`,
  file: `(a demo photo, ${width} px wide)`,
  bytes: copy ? copy.bytes.length : photo.length,
});

const total = rows.reduce((n, r) => n + r.bytes, 0);
const over = total > budgetKb * KB;
if (process.argv.includes('--json')) console.log(JSON.stringify({ budgetKb, total, rows }, null, 2));
else {
  console.log(
    `The listings page's first paint on a ${SCREEN.width} px phone at ${SCREEN.scale}x (gzip -9 for text)`,
  );
  for (const r of rows) console.log(`${(r.bytes / KB).toFixed(2).padStart(8)} KB  ${r.what}: ${r.file}`);
  console.log(`total ${(total / KB).toFixed(2)} KB; budget ${budgetKb} KB: ${over ? 'OVER' : 'ok'}`);
}
process.exit(over ? 1 : 0);
