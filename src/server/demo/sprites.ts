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
  const tw = maxX - minX + 1;
  const th = maxY - minY + 1;
  const out = new Uint8ClampedArray(tw * th * 4);
  for (let y = 0; y < th; y++)
    for (let x = 0; x < tw; x++) {
      const s = ((y + minY) * info.width + x + minX) * 4;
      const d = (y * tw + x) * 4;
      const a = px[s + 3] / 255;
      out[d] = px[s] * a;
      out[d + 1] = px[s + 1] * a;
      out[d + 2] = px[s + 2] * a;
      out[d + 3] = px[s + 3];
    }
  return { data: out, w: tw, h: th, ax: -box.x0 * scale - minX, ay: -box.y0 * scale - minY, scale };
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
// k pixels per unit, bilinear, "over".
export function blit(canvas: Canvas, l: Level, x: number, y: number, k: number, flip: boolean) {
  const r = k / l.scale;
  const left = flip ? x - (l.w - l.ax) * r : x - l.ax * r;
  const right = flip ? x + l.ax * r : x + (l.w - l.ax) * r;
  const top = y - l.ay * r;
  const bottom = y + (l.h - l.ay) * r;
  const X0 = Math.max(0, Math.floor(left));
  const X1 = Math.min(canvas.w, Math.ceil(right));
  const Y0 = Math.max(0, Math.floor(top));
  const Y1 = Math.min(canvas.h, Math.ceil(bottom));
  const src = l.data;
  const dst = canvas.data;
  const sw = l.w;
  const sh = l.h;
  for (let Y = Y0; Y < Y1; Y++) {
    const v = l.ay + (Y + 0.5 - y) / r - 0.5;
    const j0 = Math.floor(v);
    const fy = v - j0;
    for (let X = X0; X < X1; X++) {
      const u = flip ? l.ax - (X + 0.5 - x) / r - 0.5 : l.ax + (X + 0.5 - x) / r - 0.5;
      const i0 = Math.floor(u);
      const fx = u - i0;
      let R = 0;
      let G = 0;
      let B = 0;
      let A = 0;
      for (let dj = 0; dj < 2; dj++) {
        const j = j0 + dj;
        if (j < 0 || j >= sh) continue;
        const wy = dj ? fy : 1 - fy;
        for (let di = 0; di < 2; di++) {
          const i = i0 + di;
          if (i < 0 || i >= sw) continue;
          const wgt = wy * (di ? fx : 1 - fx);
          const s = (j * sw + i) * 4;
          const a = src[s + 3];
          if (!a) continue;
          R += src[s] * wgt;
          G += src[s + 1] * wgt;
          B += src[s + 2] * wgt;
          A += a * wgt;
        }
      }
      if (A < 0.5) continue;
      const d = (Y * canvas.w + X) * 4;
      const keep = 1 - A / 255;
      dst[d] = R + dst[d] * keep;
      dst[d + 1] = G + dst[d + 1] * keep;
      dst[d + 2] = B + dst[d + 2] * keep;
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
