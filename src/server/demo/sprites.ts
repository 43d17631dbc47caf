import sharp from 'sharp';
import { type Crop, drawPlant, type Fruit, fruitTree } from './plants.ts';
import { rng } from './random.ts';

// Plants are drawn once as SVG, rendered by sharp to premultiplied RGBA at a few sizes (a mip chain),
// then placed by hand on a photo's pixels: a scene holds hundreds of plants, and SVG rendering
// costs per shape, so each drawing is rendered once per run, not once per plant.
export type PlantKind = Crop | `tree-${Fruit}`;
export const VARIANTS = 3;

type Level = { data: Uint8ClampedArray; w: number; h: number; ax: number; ay: number; scale: number };
type Sprite = { levels: Level[]; size: number; svg: string; box: Box };
type Box = { x0: number; y0: number; x1: number; y1: number };

const BASE_PX = 360; // the plant's larger side in pixels at the sharpest level
const MAX_UPSCALE = 1.6; // nearer plants are drawn a little soft, then rendered afresh

function seedOf(kind: string, variant: number): number {
  let h = 2166136261;
  for (const c of `${kind}:${variant}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

// Renders an SVG drawing at `scale` pixels per unit, trimmed to what it paints, premultiplied.
async function rasterize(svg: string, box: Box, scale: number): Promise<Level> {
  const w = Math.max(1, Math.ceil((box.x1 - box.x0) * scale));
  const h = Math.max(1, Math.ceil((box.y1 - box.y0) * scale));
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${box.x0} ${box.y0} ${box.x1 - box.x0} ${box.y1 - box.y0}">${svg}</svg>`;
  const { data, info } = await sharp(Buffer.from(doc)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (px[(y * info.width + x) * 4 + 3]) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  if (maxX < 0) return { data: new Uint8ClampedArray(4), w: 1, h: 1, ax: 0, ay: 0, scale };
  // Trimmed, with a transparent border of one pixel so that sampling never reads outside.
  const tw = maxX - minX + 3;
  const th = maxY - minY + 3;
  const out = new Uint8ClampedArray(tw * th * 4);
  for (let y = 1; y < th - 1; y++)
    for (let x = 1; x < tw - 1; x++) {
      const s = ((y - 1 + minY) * info.width + x - 1 + minX) * 4;
      const d = (y * tw + x) * 4;
      const a = px[s + 3] / 255;
      out[d] = px[s] * a;
      out[d + 1] = px[s + 1] * a;
      out[d + 2] = px[s + 2] * a;
      out[d + 3] = px[s + 3];
    }
  return { data: out, w: tw, h: th, ax: -box.x0 * scale - minX + 1, ay: -box.y0 * scale - minY + 1, scale };
}

// Half the size, averaging 2 x 2 pixels (premultiplied, so edges stay clean).
function halve(l: Level): Level {
  const w = Math.max(1, l.w >> 1);
  const h = Math.max(1, l.h >> 1);
  const out = new Uint8ClampedArray(w * h * 4);
  const src = l.data;
  for (let y = 0; y < h; y++) {
    const r0 = 2 * y * l.w;
    const r1 = Math.min(l.h - 1, 2 * y + 1) * l.w;
    for (let x = 0; x < w; x++) {
      const c0 = 2 * x;
      const c1 = Math.min(l.w - 1, 2 * x + 1);
      const a = (r0 + c0) * 4;
      const b = (r0 + c1) * 4;
      const c = (r1 + c0) * 4;
      const d = (r1 + c1) * 4;
      const o = (y * w + x) * 4;
      for (let ch = 0; ch < 4; ch++) out[o + ch] = (src[a + ch] + src[b + ch] + src[c + ch] + src[d + ch]) / 4;
    }
  }
  return { data: out, w, h, ax: l.ax / 2, ay: l.ay / 2, scale: l.scale / 2 };
}

export class SpriteCache {
  private sprites = new Map<string, Promise<Sprite>>();
  private big = new Map<string, Promise<Level>>();

  sprite(kind: PlantKind, variant: number): Promise<Sprite> {
    const key = `${kind}:${variant}`;
    let s = this.sprites.get(key);
    if (!s) {
      s = (async () => {
        const r = rng(seedOf(kind, variant));
        const p = kind.startsWith('tree-') ? fruitTree(r, kind.slice(5) as Fruit) : drawPlant(kind as Crop, r);
        const hw = Math.max(p.width * 0.85, p.size * 0.6) + 12;
        const box = { x0: -hw, x1: hw, y0: -p.size * 1.2 - 10, y1: p.width * 0.2 + 6 };
        // A soft shadow cast to the right; flipped sprites cast it to the left.
        const shadow = `<ellipse cx="${p.width * 0.22}" cy="1" rx="${p.width * 0.5}" ry="${p.width * 0.11}" fill="#20160a" fill-opacity="0.18"/>`;
        const svg = shadow + p.svg;
        const levels = [await rasterize(svg, box, BASE_PX / Math.max(p.size, p.width))];
        while (levels[levels.length - 1].h > 6) levels.push(halve(levels[levels.length - 1]));
        return { levels, size: p.size, svg, box };
      })();
      this.sprites.set(key, s);
    }
    return s;
  }

  // The level to draw `px` pixels tall from: the smallest that is at least that sharp, or (above the
  // sharpest) a fresh rendering at that size.
  async level(kind: PlantKind, variant: number, px: number): Promise<{ level: Level; k: number }> {
    const s = await this.sprite(kind, variant);
    const k = px / s.size;
    if (k > s.levels[0].scale * MAX_UPSCALE) {
      // Close-ups: a few sizes per drawing are kept, in steps of a fifth.
      const step = 1.2 ** Math.ceil(Math.log(k) / Math.log(1.2));
      const key = `${kind}:${variant}:${step.toFixed(3)}`;
      let big = this.big.get(key);
      if (!big) {
        if (this.big.size >= 16) this.big.delete(this.big.keys().next().value as string);
        big = rasterize(s.svg, s.box, step);
        this.big.set(key, big);
      }
      return { level: await big, k };
    }
    let best = s.levels[0];
    for (const l of s.levels) if (l.scale >= k) best = l;
    return { level: best, k };
  }
}

export type Canvas = { data: Uint8ClampedArray; w: number; h: number };

// Draws a sprite level onto an opaque canvas with its anchor (the plant's base) at (x, y), scaled to
// k pixels per unit, bilinear, "over". Only destination pixels whose source position lies inside the
// sprite are visited (its border is transparent), so the inner loop needs no bounds checks.
export function blit(canvas: Canvas, l: Level, x: number, y: number, k: number, flip: boolean) {
  const r = k / l.scale;
  const sw = l.w;
  const sh = l.h;
  // Source position of a destination pixel centre: u = a + b * X, v = c + d * Y.
  const b = flip ? -1 / r : 1 / r;
  const a = l.ax - 0.5 + (0.5 - x) * b;
  const d = 1 / r;
  const c = l.ay - 0.5 + (0.5 - y) * d;
  // Keep 0 <= u < sw - 1 and 0 <= v < sh - 1.
  const xa = (0 - a) / b;
  const xb = (sw - 1.0001 - a) / b;
  const X0 = Math.max(0, Math.ceil(Math.min(xa, xb)));
  const X1 = Math.min(canvas.w, Math.floor(Math.max(xa, xb)) + 1);
  const Y0 = Math.max(0, Math.ceil(-c / d));
  const Y1 = Math.min(canvas.h, Math.floor((sh - 1.0001 - c) / d) + 1);
  if (X1 <= X0 || Y1 <= Y0) return;
  const n = X1 - X0;
  const ci = new Int32Array(n);
  const cf = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const u = a + b * (X0 + i);
    const i0 = Math.min(sw - 2, Math.max(0, Math.floor(u)));
    ci[i] = i0 * 4;
    cf[i] = u - i0;
  }
  const src = l.data;
  const dst = canvas.data;
  const stride = sw * 4;
  for (let Y = Y0; Y < Y1; Y++) {
    const v = c + d * Y;
    const j0 = Math.min(sh - 2, Math.max(0, Math.floor(v)));
    const fy = v - j0;
    const gy = 1 - fy;
    const r0 = j0 * stride;
    const r1 = r0 + stride;
    let o = (Y * canvas.w + X0) * 4;
    for (let i = 0; i < n; i++, o += 4) {
      const p00 = r0 + ci[i];
      const p10 = r1 + ci[i];
      const a00 = src[p00 + 3];
      const a01 = src[p00 + 7];
      const a10 = src[p10 + 3];
      const a11 = src[p10 + 7];
      if (a00 + a01 + a10 + a11 === 0) continue;
      const fx = cf[i];
      const gx = 1 - fx;
      const w00 = gx * gy;
      const w01 = fx * gy;
      const w10 = gx * fy;
      const w11 = fx * fy;
      const A = a00 * w00 + a01 * w01 + a10 * w10 + a11 * w11;
      if (A < 0.5) continue;
      const keep = 1 - A / 255;
      dst[o] = src[p00] * w00 + src[p00 + 4] * w01 + src[p10] * w10 + src[p10 + 4] * w11 + dst[o] * keep;
      dst[o + 1] =
        src[p00 + 1] * w00 + src[p00 + 5] * w01 + src[p10 + 1] * w10 + src[p10 + 5] * w11 + dst[o + 1] * keep;
      dst[o + 2] =
        src[p00 + 2] * w00 + src[p00 + 6] * w01 + src[p10 + 2] * w10 + src[p10 + 6] * w11 + dst[o + 2] * keep;
    }
  }
}

// Draws a rendered full-size layer (straight alpha, as sharp gives it) over the canvas.
export function over(canvas: Canvas, layer: Uint8ClampedArray) {
  const d = canvas.data;
  for (let p = 0; p < d.length; p += 4) {
    const a = layer[p + 3];
    if (!a) continue;
    const t = a / 255;
    d[p] = layer[p] * t + d[p] * (1 - t);
    d[p + 1] = layer[p + 1] * t + d[p + 1] * (1 - t);
    d[p + 2] = layer[p + 2] * t + d[p + 2] * (1 - t);
  }
}
