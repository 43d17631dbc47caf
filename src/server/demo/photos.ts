import sharp from 'sharp';
import { type Crop, drawPlant, type Fruit, fruitTree, SPACING } from './plants.ts';
import { mix, type Rng, rng, shade } from './random.ts';

// The demo's garden photos: a scene composed as SVG (sky for the time of day, a backdrop, the
// ground in perspective with crops, beds, an orchard or a greenhouse), encoded as WebP by sharp.
export const PHOTO_WIDTH = 1200;
export const PHOTO_HEIGHT = 800;
const W = PHOTO_WIDTH;
const H = PHOTO_HEIGHT;

export const LAYOUTS = ['rows', 'across', 'beds', 'orchard', 'greenhouse', 'closeup'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const TIMES = ['morning', 'noon', 'golden', 'dusk', 'overcast'] as const;
export type TimeOfDay = (typeof TIMES)[number];
export type Backdrop = 'hills' | 'mountains' | 'trees' | 'city' | 'farm';

export type PhotoSpec = {
  seed: number;
  layout: Layout;
  crops: Crop[];
  time: TimeOfDay;
  backdrop: Backdrop;
  fruit?: Fruit;
};

type Sky = {
  stops: [number, string][];
  sun: string | null;
  glow: string;
  sunHeight: [number, number]; // of the sky above the horizon, 0 at the horizon
  light: string;
  lightOpacity: number;
  haze: string;
  grass: string;
  shadow: number;
};

const SKIES: Record<TimeOfDay, Sky> = {
  morning: {
    stops: [
      [0, '#86b6dc'],
      [0.55, '#cfe0ea'],
      [1, '#f9dcc0'],
    ],
    sun: '#fff8e6',
    glow: '#ffe0b3',
    sunHeight: [0.18, 0.4],
    light: '#ffd6a8',
    lightOpacity: 0.1,
    haze: '#efe0d2',
    grass: '#6f9f45',
    shadow: 0.22,
  },
  noon: {
    stops: [
      [0, '#3d83cc'],
      [0.6, '#8bbfe8'],
      [1, '#d9eef7'],
    ],
    sun: '#ffffff',
    glow: '#fff9dc',
    sunHeight: [0.75, 0.95],
    light: '#fffbe8',
    lightOpacity: 0.04,
    haze: '#d3e6ee',
    grass: '#6ea443',
    shadow: 0.26,
  },
  golden: {
    stops: [
      [0, '#6a9fd0'],
      [0.5, '#e6d3ac'],
      [1, '#f8c279'],
    ],
    sun: '#fff2c4',
    glow: '#ffc56b',
    sunHeight: [0.2, 0.42],
    light: '#ffb247',
    lightOpacity: 0.14,
    haze: '#efcf9c',
    grass: '#7ba146',
    shadow: 0.28,
  },
  dusk: {
    stops: [
      [0, '#2e3a6c'],
      [0.4, '#8a5c88'],
      [0.75, '#ef8b60'],
      [1, '#ffd07c'],
    ],
    sun: '#ffe7a6',
    glow: '#ff9a4d',
    sunHeight: [0.03, 0.12],
    light: '#ff8a4a',
    lightOpacity: 0.17,
    haze: '#e8a27f',
    grass: '#5f8a3f',
    shadow: 0.2,
  },
  overcast: {
    stops: [
      [0, '#98a8b5'],
      [1, '#dfe5e7'],
    ],
    sun: null,
    glow: '#ffffff',
    sunHeight: [0.6, 0.8],
    light: '#c9d3d7',
    lightOpacity: 0.07,
    haze: '#d5dcde',
    grass: '#668f44',
    shadow: 0.1,
  },
};

type Cam = { horizon: number; vpX: number; D: number; K: number };
const f = (n: number) => Math.round(n * 10) / 10;
const pt = (p: { x: number; y: number }) => `${f(p.x)},${f(p.y)}`;

function project(cam: Cam, X: number, z: number, up = 0) {
  const s = 1 / z;
  return { x: cam.vpX + X * cam.K * s, y: cam.horizon + cam.D * s - up * cam.K * s, s };
}

const poly = (points: { x: number; y: number }[], fill: string, extra = '') =>
  `<polygon points="${points.map(pt).join(' ')}" fill="${fill}"${extra}/>`;

// Plants as <symbol>-like groups in <defs>, placed by <use>: a few variants per crop, and a simple
// far-away form for the distance.
class Plants {
  defs = '';
  private made = new Map<string, { ids: string[]; size: number; far: string }>();
  constructor(
    private r: Rng,
    private shadowDx: number,
    private shadowOpacity: number,
  ) {}

  private make(key: string, draw: () => ReturnType<typeof drawPlant>) {
    let m = this.made.get(key);
    if (!m) {
      const ids: string[] = [];
      let size = 100;
      let far = '';
      for (let v = 0; v < 3; v++) {
        const p = draw();
        size = p.size;
        far = p.far;
        const id = `${key}-${v}`;
        const shadow = `<ellipse cx="${f(this.shadowDx * p.width * 0.5)}" cy="0" rx="${f(p.width * 0.55)}" ry="${f(p.width * 0.12)}" fill="#1a1408" opacity="${this.shadowOpacity}"/>`;
        this.defs += `<g id="${id}">${shadow}${p.svg}</g>`;
        ids.push(id);
      }
      this.defs += `<g id="${key}-far">${far}</g>`;
      m = { ids, size, far };
      this.made.set(key, m);
    }
    return m;
  }

  // A plant whose base is at (x, y), `px` pixels tall.
  place(crop: Crop | { fruit: Fruit }, x: number, y: number, px: number): string {
    const key = typeof crop === 'string' ? crop : `tree-${crop.fruit}`;
    const m = this.make(key, () =>
      typeof crop === 'string' ? drawPlant(crop, this.r) : fruitTree(this.r, crop.fruit),
    );
    if (px < 3) return '';
    const k = px / m.size;
    const id = px < 22 ? `${key}-far` : this.r.pick(m.ids);
    const flip = this.r.chance(0.5) ? -1 : 1;
    return `<use href="#${id}" transform="translate(${f(x)} ${f(y)}) scale(${(flip * k).toFixed(4)} ${k.toFixed(4)})"/>`;
  }
}

function skyLayer(r: Rng, sky: Sky, cam: Cam, spec: PhotoSpec): { svg: string; sunX: number; sunY: number } {
  const stops = sky.stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('');
  const sunX = r.range(0.12, 0.88) * W;
  const sunY = cam.horizon - r.range(...sky.sunHeight) * cam.horizon;
  let svg = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="${f(cam.horizon)}" gradientUnits="userSpaceOnUse">${stops}</linearGradient>
<radialGradient id="glow" cx="${f(sunX)}" cy="${f(sunY)}" r="${f(W * 0.55)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${sky.glow}" stop-opacity="0.85"/><stop offset="0.25" stop-color="${sky.glow}" stop-opacity="0.35"/><stop offset="1" stop-color="${sky.glow}" stop-opacity="0"/></radialGradient></defs>`;
  svg += `<rect width="${W}" height="${f(cam.horizon + 40)}" fill="url(#sky)"/>`;
  svg += `<rect width="${W}" height="${H}" fill="url(#glow)"/>`;
  if (sky.sun && spec.layout !== 'greenhouse') svg += `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${spec.time === 'dusk' ? 34 : 24}" fill="${sky.sun}"/>`;
  // Clouds: soft stacks of ellipses.
  const clouds = spec.time === 'overcast' ? 7 : r.int(1, 4);
  const cloudColor = spec.time === 'dusk' ? '#f6b79a' : spec.time === 'overcast' ? '#eef1f2' : '#ffffff';
  for (let i = 0; i < clouds; i++) {
    const cx = r.range(-50, W + 50);
    const cy = r.range(0.1, 0.65) * cam.horizon;
    const w = r.range(90, 220);
    let c = '';
    for (let j = 0; j < 6; j++)
      c += `<ellipse cx="${f(cx + r.range(-w / 2, w / 2))}" cy="${f(cy + r.range(-8, 6))}" rx="${f(r.range(w * 0.25, w * 0.45))}" ry="${f(r.range(12, 26))}"/>`;
    svg += `<g fill="${cloudColor}" opacity="${f(r.range(0.45, 0.85))}">${c}</g>`;
  }
  return { svg, sunX, sunY };
}

// A ridge line across the picture: a sum of waves.
function ridge(r: Rng, base: number, amp: number, fill: string, bottom: number): string {
  const waves = [0, 1, 2].map(() => ({ k: r.range(0.002, 0.012), p: r.range(0, 6.28), a: r.range(0.3, 1) }));
  let d = `M-20 ${f(bottom)}`;
  for (let x = -20; x <= W + 20; x += 24) {
    const y = base - amp * waves.reduce((s, w) => s + w.a * Math.sin(x * w.k + w.p), 0) * 0.5 - amp * 0.5;
    d += ` L${x} ${f(y)}`;
  }
  return `<path d="${d} L${W + 20} ${f(bottom)} Z" fill="${fill}"/>`;
}

function treeLine(r: Rng, y: number, color: string, height: number): string {
  let svg = '';
  for (let x = -20; x < W + 20; x += r.range(10, 22)) {
    const rad = r.range(0.45, 1) * height;
    if (r.chance(0.15))
      svg += `<ellipse cx="${f(x)}" cy="${f(y - rad * 1.4)}" rx="${f(rad * 0.45)}" ry="${f(rad * 1.6)}" fill="${shade(color, -0.08)}"/>`;
    svg += `<circle cx="${f(x)}" cy="${f(y - rad * 0.55)}" r="${f(rad)}" fill="${r.chance(0.5) ? color : shade(color, 0.06)}"/>`;
  }
  return svg;
}

function backdropLayer(r: Rng, sky: Sky, cam: Cam, spec: PhotoSpec): string {
  const h = cam.horizon;
  const far = (c: string, t: number) => mix(c, sky.haze, t);
  let svg = '';
  if (spec.backdrop === 'mountains') {
    svg += ridge(r, h - 90, 150, far('#5b6f8a', 0.55), h + 2);
    svg += ridge(r, h - 30, 70, far('#4f6b5a', 0.45), h + 2);
  } else if (spec.backdrop === 'hills' || spec.backdrop === 'farm') {
    svg += ridge(r, h - 30, 70, far('#6d8a6a', 0.6), h + 2);
    svg += ridge(r, h - 8, 36, far('#5f8452', 0.42), h + 2);
  }
  if (spec.backdrop === 'city') {
    let x = -10;
    while (x < W) {
      const w = r.range(28, 80);
      const bh = r.range(30, 170);
      const c = far(r.pick(['#6d7a8c', '#7d8798', '#5f6c80']), 0.5);
      svg += `<rect x="${f(x)}" y="${f(h - bh)}" width="${f(w)}" height="${f(bh + 4)}" fill="${c}"/>`;
      if (spec.time === 'dusk' || spec.time === 'golden')
        for (let i = 0; i < bh / 18; i++)
          if (r.chance(0.35))
            svg += `<rect x="${f(x + r.range(4, w - 8))}" y="${f(h - bh + 8 + i * 16)}" width="4" height="6" fill="#ffe7a3" opacity="0.7"/>`;
      x += w + r.range(-6, 10);
    }
  }
  const treeColor = far(spec.time === 'dusk' ? '#2f4a32' : '#3d6538', spec.backdrop === 'city' ? 0.3 : 0.38);
  svg += treeLine(r, h + 3, treeColor, spec.backdrop === 'trees' ? r.range(24, 40) : r.range(10, 20));
  if (spec.backdrop === 'farm') {
    const bx = r.range(0.1, 0.8) * W;
    const s = r.range(0.8, 1.3);
    const red = far('#a8392e', 0.3);
    const y = h + 4;
    svg += `<g transform="translate(${f(bx)} ${f(y)}) scale(${s})">
<rect x="0" y="-44" width="70" height="44" fill="${red}"/><polygon points="-6,-44 35,-70 76,-44" fill="${far('#5b4a42', 0.3)}"/>
<rect x="70" y="-36" width="34" height="36" fill="${shade(red, -0.18)}"/><polygon points="70,-36 76,-44 110,-40 104,-36" fill="${far('#4f403a', 0.3)}"/>
<rect x="25" y="-26" width="20" height="26" fill="${far('#f1e6d4', 0.3)}"/><path d="M25 -26 L45 0 M45 -26 L25 0" stroke="${red}" stroke-width="2"/>
<rect x="118" y="-78" width="22" height="78" fill="${far('#b9bec4', 0.3)}"/><ellipse cx="129" cy="-78" rx="11" ry="7" fill="${far('#9aa1a8', 0.3)}"/></g>`;
  }
  return svg;
}

function grassTufts(r: Rng, cam: Cam, color: string, n: number): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const z = r.range(0.8, 3);
    const p = project(cam, r.range(-4, 4) * z, z);
    if (p.x < -10 || p.x > W + 10 || p.y > H + 10) continue;
    const hgt = 26 * p.s;
    for (let j = 0; j < 3; j++)
      d += `M${f(p.x + j * 3 * p.s)} ${f(p.y)} l${f((j - 1) * 4 * p.s)} ${f(-hgt * r.range(0.6, 1))} `;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="1.6" fill="none" stroke-linecap="round"/>`;
}

// Rows running away from the viewer towards the vanishing point.
function rowsLayer(r: Rng, cam: Cam, plants: Plants, spec: PhotoSpec, sky: Sky): string {
  const crops = spec.crops;
  const across = Math.max(...crops.map((c) => SPACING[c].across));
  const soil = r.pick(['#6b4a30', '#5c3f28', '#74512f']);
  const mulch = r.chance(0.5);
  let svg = '';
  if (mulch) svg += `<rect x="0" y="${f(cam.horizon)}" width="${W}" height="${f(H - cam.horizon)}" fill="${mix('#c9ac72', sky.haze, 0.15)}" opacity="0.8"/>`;
  const offset = r.range(0, across);
  const rows: { X: number; crop: Crop }[] = [];
  const block = r.int(2, 4);
  for (let k = -14; k <= 14; k++) rows.push({ X: k * across + offset, crop: crops[Math.abs(Math.floor(k / block)) % crops.length] });
  const w = across * 0.32;
  for (const row of rows) {
    const a = project(cam, row.X - w, 0.7);
    const b = project(cam, row.X + w, 0.7);
    const c = project(cam, row.X + w, 40);
    const d = project(cam, row.X - w, 40);
    svg += poly([a, b, c, d], soil);
  }
  const items: { z: number; svg: string }[] = [];
  for (const row of rows) {
    const sp = SPACING[row.crop];
    for (let z = 22; z > 0.75; z -= sp.along * r.range(0.9, 1.1)) {
      const p = project(cam, row.X + r.range(-0.04, 0.04), z);
      if (p.x < -200 || p.x > W + 200) continue;
      items.push({ z, svg: plants.place(row.crop, p.x, p.y, sp.height * cam.K * p.s) });
    }
  }
  items.sort((a, b) => b.z - a.z);
  return svg + items.map((i) => i.svg).join('');
}

// Rows across the view, one behind the other.
function acrossLayer(r: Rng, cam: Cam, plants: Plants, spec: PhotoSpec): string {
  const soil = r.pick(['#6b4a30', '#5c3f28', '#74512f']);
  let svg = '';
  const items: string[] = [];
  const rows: { z: number; crop: Crop }[] = [];
  let z = 0.95;
  let k = 0;
  while (z < 30) {
    const crop = spec.crops[Math.floor(k / 2) % spec.crops.length];
    rows.push({ z, crop });
    z += SPACING[crop].across * (z < 4 ? 1 : 1.3);
    k++;
  }
  for (const row of [...rows].reverse()) {
    const sp = SPACING[row.crop];
    const near = project(cam, 0, row.z - 0.2);
    const far = project(cam, 0, row.z + 0.2);
    svg += `<rect x="0" y="${f(far.y)}" width="${W}" height="${f(Math.max(1, near.y - far.y))}" fill="${soil}"/>`;
    let line = '';
    const half = (W / (cam.K / row.z)) * 0.75 + 1;
    for (let X = -half; X < half; X += sp.along * r.range(0.85, 1.15)) {
      const p = project(cam, X, row.z + r.range(-0.05, 0.05));
      line += plants.place(row.crop, p.x, p.y, sp.height * cam.K * p.s);
    }
    items.push(line);
  }
  // Soil bands first, then the plants from the back row to the front.
  return svg + items.join('');
}

function bedBox(cam: Cam, X0: number, X1: number, z0: number, z1: number, h: number, wood: string): string {
  const g = (X: number, z: number, up = 0) => project(cam, X, z, up);
  let svg = '';
  // The side facing the middle of the view.
  if (X1 < 0) svg += poly([g(X1, z0), g(X1, z1), g(X1, z1, h), g(X1, z0, h)], shade(wood, -0.25));
  if (X0 > 0) svg += poly([g(X0, z0), g(X0, z1), g(X0, z1, h), g(X0, z0, h)], shade(wood, -0.25));
  const rim = [g(X0, z0, h), g(X1, z0, h), g(X1, z1, h), g(X0, z1, h)];
  svg += poly(rim, shade(wood, 0.12));
  const inset = 0.06;
  svg += poly(
    [g(X0 + inset, z0 + inset, h), g(X1 - inset, z0 + inset, h), g(X1 - inset, z1 - inset, h), g(X0 + inset, z1 - inset, h)],
    '#4e3523',
  );
  const front = [g(X0, z0), g(X1, z0), g(X1, z0, h), g(X0, z0, h)];
  svg += poly(front, wood);
  const mid = [g(X0, z0, h / 2), g(X1, z0, h / 2)];
  svg += `<path d="M${pt(mid[0])} L${pt(mid[1])}" stroke="${shade(wood, -0.3)}" stroke-width="${f(Math.max(0.6, 2.5 * g(0, z0).s))}"/>`;
  return svg;
}

// Raised beds in a grid, with paths of wood chips between them.
function bedsLayer(r: Rng, cam: Cam, plants: Plants, spec: PhotoSpec, sky: Sky): string {
  const wood = r.pick(['#a86f43', '#b57a48', '#8f6a4a', '#9b7b5a']);
  let svg = `<rect x="0" y="${f(cam.horizon)}" width="${W}" height="${f(H - cam.horizon)}" fill="${mix(r.pick(['#b89a6a', '#a98c63', '#c2ad86']), sky.haze, 0.1)}"/>`;
  const width = r.range(0.9, 1.3);
  const length = r.range(1.4, 2.4);
  const gapX = r.range(0.5, 0.8);
  const gapZ = r.range(0.5, 0.8);
  const h = r.range(0.14, 0.26);
  const cols = [-2, -1, 0, 1].map((c) => c * (width + gapX) + gapX / 2 + r.range(-0.3, 0.3));
  const beds: { X0: number; z0: number; crop: Crop }[] = [];
  let i = 0;
  for (let z0 = 1.2; z0 < 18; z0 += length + gapZ)
    for (const X0 of cols) beds.push({ X0, z0, crop: spec.crops[i++ % spec.crops.length] });
  beds.sort((a, b) => b.z0 - a.z0 || Math.abs(b.X0 + width / 2) - Math.abs(a.X0 + width / 2));
  for (const b of beds) {
    const X1 = b.X0 + width;
    const z1 = b.z0 + length;
    const nearEdge = project(cam, b.X0, b.z0);
    if (project(cam, X1, b.z0).x < -50 || nearEdge.x > W + 50) continue;
    svg += bedBox(cam, b.X0, X1, b.z0, z1, h, wood);
    const sp = SPACING[b.crop];
    const lanes = Math.max(1, Math.round((width - 0.2) / (sp.across * 0.6)));
    const items: { z: number; svg: string }[] = [];
    for (let l = 0; l < lanes; l++) {
      const X = b.X0 + 0.1 + ((l + 0.5) * (width - 0.2)) / lanes;
      for (let z = z1 - 0.15; z > b.z0 + 0.1; z -= sp.along * 0.8) {
        const p = project(cam, X + r.range(-0.03, 0.03), z, h);
        items.push({ z, svg: plants.place(b.crop, p.x, p.y, sp.height * cam.K * p.s) });
      }
    }
    items.sort((a, c) => c.z - a.z);
    svg += items.map((it) => it.svg).join('');
  }
  return svg;
}

// Fruit trees in rows on mown grass.
function orchardLayer(r: Rng, cam: Cam, plants: Plants, spec: PhotoSpec, sky: Sky): string {
  const fruit = spec.fruit ?? 'apple';
  const gap = r.range(2.6, 3.4);
  let svg = '';
  const offset = r.range(-gap / 2, gap / 2);
  const lanes = [-3, -2, -1, 0, 1, 2, 3].map((k) => k * gap + offset);
  for (let i = 0; i < lanes.length - 1; i++) {
    const mid = (lanes[i] + lanes[i + 1]) / 2;
    const a = project(cam, mid - 0.5, 0.7);
    const b = project(cam, mid + 0.5, 0.7);
    const c = project(cam, mid + 0.5, 60);
    const d = project(cam, mid - 0.5, 60);
    svg += poly([a, b, c, d], mix(shade(sky.grass, 0.12), sky.haze, 0.1), ' opacity="0.7"');
  }
  const items: { z: number; svg: string }[] = [];
  const step = r.range(2.2, 3);
  for (const X of lanes)
    for (let z = 40; z > 1.3; z -= step) {
      const p = project(cam, X + r.range(-0.1, 0.1), z);
      if (p.x < -300 || p.x > W + 300) continue;
      items.push({ z, svg: plants.place({ fruit }, p.x, p.y, 2.3 * cam.K * p.s * r.range(0.9, 1.1)) });
    }
  // Wildflowers in the grass.
  for (let i = 0; i < 160; i++) {
    const z = r.range(0.9, 10);
    const p = project(cam, r.range(-4, 4) * z * 0.6, z);
    items.push({ z, svg: `<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(Math.max(0.6, 5 * p.s))}" fill="${r.pick(['#ffffff', '#f7d54a', '#e9a6d0'])}"/>` });
  }
  items.sort((a, b) => b.z - a.z);
  return svg + items.map((i) => i.svg).join('');
}

function greenhouseLayer(r: Rng, cam: Cam, plants: Plants, spec: PhotoSpec, sky: Sky): string {
  const g = (X: number, z: number, up = 0) => project(cam, X, z, up);
  const width = r.range(2.4, 3.4);
  const X0 = r.chance(0.5) ? r.range(-4.2, -3) : r.range(0.8, 1.8);
  const X1 = X0 + width;
  const z0 = r.range(3.2, 4.5);
  const z1 = z0 + r.range(4, 7);
  const wall = r.range(0.9, 1.2);
  const ridgeH = wall + width * 0.35;
  const Xm = (X0 + X1) / 2;
  const frame = r.pick(['#f4f5f0', '#e9ece6', '#3f5a3c']);
  const glass = mix('#dff1ee', sky.haze, 0.25);
  let svg = '';
  // A gravel path up to the door.
  svg += poly([g(Xm - 0.4, 0.7), g(Xm + 0.4, 0.7), g(Xm + 0.35, z0), g(Xm - 0.35, z0)], mix('#c9bba0', sky.haze, 0.1));
  // Side wall and roof facing the middle, the front gable, with plants showing through the glass.
  const sideX = X1 < 0 ? X1 : X0 > 0 ? X0 : null;
  const inner: string[] = [];
  for (let z = z1 - 0.4; z > z0 + 0.2; z -= 0.45)
    for (const X of [X0 + 0.4, Xm, X1 - 0.4]) {
      const p = g(X, z, 0.25);
      inner.push(plants.place(r.pick(spec.crops), p.x, p.y, 0.5 * cam.K * p.s));
    }
  svg += poly([g(X0, z1), g(X1, z1), g(X1, z1, wall), g(Xm, z1, ridgeH), g(X0, z1, wall)], shade(glass, -0.1));
  svg += inner.join('');
  if (sideX !== null) {
    svg += poly([g(sideX, z0), g(sideX, z1), g(sideX, z1, wall), g(sideX, z0, wall)], glass, ' opacity="0.55"');
    svg += poly([g(sideX, z0, wall), g(sideX, z1, wall), g(Xm, z1, ridgeH), g(Xm, z0, ridgeH)], shade(glass, 0.2), ' opacity="0.7"');
  }
  const front = [g(X0, z0), g(X1, z0), g(X1, z0, wall), g(Xm, z0, ridgeH), g(X0, z0, wall)];
  svg += poly(front, glass, ' opacity="0.6"');
  const sw = f(Math.max(1, 5 * g(0, z0).s));
  let lines = `M${front.map(pt).join(' L')} Z`;
  for (let i = 1; i < 4; i++) {
    const X = X0 + (i * width) / 4;
    const top = X < Xm ? wall + (ridgeH - wall) * ((X - X0) / (width / 2)) : wall + (ridgeH - wall) * ((X1 - X) / (width / 2));
    lines += ` M${pt(g(X, z0))} L${pt(g(X, z0, top))}`;
  }
  lines += ` M${pt(g(X0, z0, wall))} L${pt(g(X1, z0, wall))}`;
  if (sideX !== null) {
    for (let z = z0; z <= z1 + 0.01; z += (z1 - z0) / 5) lines += ` M${pt(g(sideX, z))} L${pt(g(sideX, z, wall))} L${pt(g(Xm, z, ridgeH))}`;
    lines += ` M${pt(g(sideX, z0, wall))} L${pt(g(sideX, z1, wall))} M${pt(g(Xm, z0, ridgeH))} L${pt(g(Xm, z1, ridgeH))} M${pt(g(sideX, z0))} L${pt(g(sideX, z1))}`;
  }
  svg += `<path d="${lines}" stroke="${frame}" stroke-width="${sw}" fill="none" stroke-linejoin="round"/>`;
  svg += poly([g(Xm - 0.28, z0), g(Xm + 0.28, z0), g(Xm + 0.28, z0, 0.8), g(Xm - 0.28, z0, 0.8)], shade(glass, -0.3), ' opacity="0.8"');
  // Beds in front, on the other side of the path.
  const bedX = X0 > 0 ? X0 - 2.2 : X1 + 0.6;
  const crop = spec.crops[0];
  const sp = SPACING[crop];
  for (const z0b of [z0 - 1.6, 1.1]) {
    svg += bedBox(cam, bedX, bedX + 1.2, z0b, z0b + 1.2, 0.2, '#a86f43');
    const items: string[] = [];
    for (let z = z0b + 1.05; z > z0b + 0.1; z -= sp.along * 0.8)
      for (const X of [bedX + 0.35, bedX + 0.85]) {
        const p = g(X, z, 0.2);
        items.push(plants.place(crop, p.x, p.y, sp.height * cam.K * p.s));
      }
    svg += items.join('');
  }
  return svg;
}

// A few plants up close, the garden behind them out of focus.
function closeupLayer(r: Rng, cam: Cam, plants: Plants, spec: PhotoSpec): string {
  const crop = spec.crops[0];
  const sp = SPACING[crop];
  let svg = `<rect x="0" y="${f(H - 120)}" width="${W}" height="120" fill="${r.pick(['#5c3f28', '#6b4a30', '#8a6a42'])}" opacity="0.9"/>`;
  const n = crop === 'sunflower' || crop === 'corn' ? r.int(3, 4) : r.int(3, 5);
  const tall = sp.height >= 1;
  const xs = Array.from({ length: n }, (_, i) => ((i + r.range(0.2, 0.8)) / n) * W);
  for (const [i, x] of r.shuffle(xs).entries()) {
    const px = tall ? r.range(0.95, 1.25) * H : r.range(0.5, 0.8) * H * (sp.height < 0.3 ? 0.7 : 1);
    const y = H + (tall ? r.range(-10, 120) : r.range(-60, -10)) + i * 8;
    svg += plants.place(crop, x, y, px);
  }
  void cam;
  return svg;
}

export function photoSvg(spec: PhotoSpec): string {
  const r = rng(spec.seed);
  const sky = SKIES[spec.time];
  const closeup = spec.layout === 'closeup';
  const horizon = closeup ? r.range(0.5, 0.6) * H : r.range(0.34, 0.48) * H;
  const vpX = spec.layout === 'rows' && r.chance(0.35) ? r.pick([-0.25, 1.25]) * W : r.range(0.3, 0.7) * W;
  const cam: Cam = { horizon, vpX, D: H - horizon, K: W * r.range(0.35, 0.5) };
  const { svg: skySvg, sunX } = skyLayer(r, sky, cam, spec);
  const shadowDx = ((W / 2 - sunX) / W) * 2.4;
  const plants = new Plants(r, shadowDx, sky.shadow);
  let ground = `<rect x="0" y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#ground)"/>`;
  const layer = {
    rows: rowsLayer,
    across: (rr: Rng, c: Cam, p: Plants, s: PhotoSpec) => acrossLayer(rr, c, p, s),
    beds: bedsLayer,
    orchard: orchardLayer,
    greenhouse: greenhouseLayer,
    closeup: (rr: Rng, c: Cam, p: Plants, s: PhotoSpec, k: Sky) => rowsLayer(rr, c, p, s, k),
  }[spec.layout];
  ground += layer(r, cam, plants, spec, sky);
  if (spec.layout === 'rows' || spec.layout === 'orchard' || spec.layout === 'across')
    ground += grassTufts(r, cam, shade(sky.grass, -0.2), 60);
  const fg = closeup ? closeupLayer(r, cam, plants, spec) : '';
  const lightX = sunX;
  const defs = `<defs>
<linearGradient id="ground" x1="0" y1="${f(horizon)}" x2="0" y2="${H}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${mix(sky.grass, sky.haze, 0.55)}"/><stop offset="0.3" stop-color="${sky.grass}"/><stop offset="1" stop-color="${shade(sky.grass, -0.18)}"/></linearGradient>
<linearGradient id="haze" x1="0" y1="${f(horizon - 60)}" x2="0" y2="${f(horizon + (H - horizon) * 0.35)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${sky.haze}" stop-opacity="0"/><stop offset="0.3" stop-color="${sky.haze}" stop-opacity="0.55"/><stop offset="1" stop-color="${sky.haze}" stop-opacity="0"/></linearGradient>
<radialGradient id="vignette" cx="${W / 2}" cy="${H / 2}" r="${W * 0.72}" gradientUnits="userSpaceOnUse"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#1b1208" stop-opacity="0.38"/></radialGradient>
<radialGradient id="sunlight" cx="${f(lightX)}" cy="${f(horizon * 0.5)}" r="${W * 0.9}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${sky.light}" stop-opacity="${sky.lightOpacity * 2.2}"/><stop offset="1" stop-color="${sky.light}" stop-opacity="0"/></radialGradient>
${closeup ? '<filter id="dof" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="5"/></filter>' : ''}
${plants.defs}</defs>`;
  const back = `${skySvg}${backdropLayer(r, sky, cam, spec)}${ground}<rect x="0" y="${f(horizon - 60)}" width="${W}" height="${f(H - horizon + 60)}" fill="url(#haze)"/>`;
  const dusk = spec.time === 'dusk' ? `<rect width="${W}" height="${H}" fill="#2a1a3a" opacity="0.16"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs}
${closeup ? `<g filter="url(#dof)">${back}</g>` : back}${fg}${dusk}
<rect width="${W}" height="${H}" fill="${sky.light}" opacity="${sky.lightOpacity}"/>
<rect width="${W}" height="${H}" fill="url(#sunlight)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/></svg>`;
}

export async function renderPhoto(spec: PhotoSpec): Promise<Buffer> {
  return sharp(Buffer.from(photoSvg(spec))).webp({ quality: 80, effort: 3 }).toBuffer();
}
