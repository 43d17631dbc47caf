import { sharpModule } from '../core/image-work.ts';
import { type Crop, drawPlant, type Fruit, fruitTree } from './plants.ts';
import { rng } from './random.ts';

// Plants are drawn once as SVG, rendered by sharp to premultiplied RGBA at a few sizes (a mip chain),
// then placed by hand on a photo's pixels: a scene holds hundreds of plants, and SVG rendering
// costs per shape, so each drawing is rendered once per run, not once per plant.
export type PlantKind = Crop | `tree-${Fruit}`;
export const VARIANTS = 3;

type Level = { data: Uint8Array; w: number; h: number; ax: number; ay: number; scale: number };

// A 32-bit view of RGBA bytes (whole pixels at once), copying when the bytes are not aligned.
export const words = (b: Uint8Array) =>
  b.byteOffset % 4
    ? new Uint32Array(new Uint8Array(b).buffer)
    : new Uint32Array(b.buffer, b.byteOffset, b.length >> 2);
type Sprite = { levels: Level[]; size: number; svg: string; box: Box };
type Box = { x0: number; y0: number; x1: number; y1: number };

const BASE_PX = 360; // the plant's larger side in pixels at the sharpest level
const MAX_UPSCALE = 1.6; // nearer plants are drawn a little soft, then rendered afresh

function seedOf(kind: string, variant: number): number {
  let h = 2166136261;
  for (const c of `${kind}:${variant}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

// Renders an SVG drawing at `scale` pixels per unit, trimmed to what it paints (straight alpha).
async function rasterize(svg: string, box: Box, scale: number): Promise<Level> {
  const sharp = await sharpModule();
  const w = Math.max(1, Math.ceil((box.x1 - box.x0) * scale));
  const h = Math.max(1, Math.ceil((box.y1 - box.y0) * scale));
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${box.x0} ${box.y0} ${box.x1 - box.x0} ${box.y1 - box.y0}">${svg}</svg>`;
  const { data, info } = await sharp(Buffer.from(doc))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let minX = info.width;
  let minY = info.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++)
      if (data[(y * info.width + x) * 4 + 3]) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  if (maxX < 0) return { data: new Uint8Array(4), w: 1, h: 1, ax: 0, ay: 0, scale };
  const tw = maxX - minX + 1;
  const th = maxY - minY + 1;
  const out = new Uint8Array(tw * th * 4);
  for (let y = 0; y < th; y++)
    out.set(
      data.subarray(((y + minY) * info.width + minX) * 4, ((y + minY) * info.width + maxX + 1) * 4),
      y * tw * 4,
    );
  return { data: out, w: tw, h: th, ax: -box.x0 * scale - minX, ay: -box.y0 * scale - minY, scale };
}

// A smaller copy (sharp's resampling, straight alpha).
async function shrink(l: Level, f: number): Promise<Level> {
  const sharp = await sharpModule();
  const w = Math.max(1, Math.round(l.w * f));
  const h = Math.max(1, Math.round(l.h * f));
  const data = await sharp(Buffer.from(l.data.buffer, l.data.byteOffset, l.data.length), {
    raw: { width: l.w, height: l.h, channels: 4 },
  })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer();
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    w,
    h,
    ax: l.ax * (w / l.w),
    ay: l.ay * (h / l.h),
    scale: l.scale * (h / l.h),
  };
}

function premultiply(l: Level): Level {
  const d = new Uint8Array(l.data);
  for (let p = 0; p < d.length; p += 4) {
    const a = d[p + 3] / 255;
    d[p] *= a;
    d[p + 1] *= a;
    d[p + 2] *= a;
  }
  return { ...l, data: d };
}

// Levels in steps of the square root of two, so that the nearest one is never more than 1.41 times
// the size drawn: sampled by nearest pixel, that keeps edges clean and costs one read per pixel.
async function chain(top: Level): Promise<Level[]> {
  const straight = [top];
  while (straight[straight.length - 1].h * Math.SQRT1_2 >= 4)
    straight.push(await shrink(straight[straight.length - 1], Math.SQRT1_2));
  return straight.map(premultiply);
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
        const p = kind.startsWith('tree-')
          ? fruitTree(r, kind.slice(5) as Fruit)
          : drawPlant(kind as Crop, r);
        const hw = Math.max(p.width * 0.85, p.size * 0.6) + 12;
        const box = { x0: -hw, x1: hw, y0: -p.size * 1.2 - 10, y1: p.width * 0.2 + 6 };
        // A soft shadow cast to the right; flipped sprites cast it to the left.
        const shadow = `<ellipse cx="${p.width * 0.22}" cy="1" rx="${p.width * 0.5}" ry="${p.width * 0.11}" fill="#20160a" fill-opacity="0.18"/>`;
        const svg = shadow + p.svg;
        const levels = await chain(await rasterize(svg, box, BASE_PX / Math.max(p.size, p.width)));
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
      // Close-ups: the sizes drawn are kept (a few dozen), in steps of a fifth.
      const step = 1.2 ** Math.ceil(Math.log(k) / Math.log(1.2));
      const key = `${kind}:${variant}:${step.toFixed(3)}`;
      let big = this.big.get(key);
      if (!big) {
        if (this.big.size >= 64) this.big.delete(this.big.keys().next().value as string);
        big = rasterize(s.svg, s.box, step).then(premultiply);
        this.big.set(key, big);
      }
      return { level: await big, k };
    }
    let best = s.levels[0];
    for (const l of s.levels) if (l.scale >= k) best = l;
    return { level: best, k };
  }
}

// Opaque RGBA pixels; `words` is a 32-bit view of the same bytes.
export type Canvas = { data: Uint8Array; words: Uint32Array; w: number; h: number };

// Draws a sprite level onto an opaque canvas with its anchor (the plant's base) at (x, y), scaled to
// k pixels per unit, nearest pixel, "over" (premultiplied).
export function blit(canvas: Canvas, l: Level, x: number, y: number, k: number, flip: boolean) {
  const r = k / l.scale;
  const sw = l.w;
  const sh = l.h;
  // The source pixel of a destination pixel: u = a + b * X, v = c + d * Y (rounded).
  const b = flip ? -1 / r : 1 / r;
  const a = l.ax - 0.5 + (0.5 - x) * b;
  const d = 1 / r;
  const c = l.ay - 0.5 + (0.5 - y) * d;
  // Keep -0.5 <= u < sw - 0.5 and -0.5 <= v < sh - 0.5.
  const xa = (-0.5 - a) / b;
  const xb = (sw - 0.5001 - a) / b;
  const X0 = Math.max(0, Math.ceil(Math.min(xa, xb)));
  const X1 = Math.min(canvas.w, Math.floor(Math.max(xa, xb)) + 1);
  const Y0 = Math.max(0, Math.ceil((-0.5 - c) / d));
  const Y1 = Math.min(canvas.h, Math.floor((sh - 0.5001 - c) / d) + 1);
  if (X1 <= X0 || Y1 <= Y0) return;
  const n = X1 - X0;
  const ci = new Int32Array(n);
  for (let i = 0; i < n; i++) ci[i] = Math.min(sw - 1, Math.max(0, Math.round(a + b * (X0 + i)))) * 4;
  const src = l.data;
  const src32 = words(src);
  const dst = canvas.data;
  const dst32 = canvas.words;
  const stride = sw * 4;
  for (let Y = Y0; Y < Y1; Y++) {
    const row = Math.min(sh - 1, Math.max(0, Math.round(c + d * Y))) * stride;
    let o = (Y * canvas.w + X0) * 4;
    for (let i = 0; i < n; i++, o += 4) {
      const p = row + ci[i];
      const A = src[p + 3];
      if (A === 0) continue;
      if (A === 255) dst32[o >> 2] = src32[p >> 2];
      else {
        const keep = 1 - A / 255;
        dst[o] = src[p] + dst[o] * keep;
        dst[o + 1] = src[p + 1] + dst[o + 1] * keep;
        dst[o + 2] = src[p + 2] + dst[o + 2] * keep;
      }
    }
  }
}

// Draws a rendered full-size layer (straight alpha, as sharp gives it) over the canvas.
export function over(canvas: Canvas, layer: Uint8Array) {
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
