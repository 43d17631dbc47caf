import { sharpModule } from '../core/image-work.ts';
import { type Crop, type Fruit, SPACING } from './plants.ts';
import { mix, type Rng, rng, shade } from './random.ts';
import { blit, type Canvas, over, type PlantKind, type SpriteCache, VARIANTS, words } from './sprites.ts';

// The demo's garden photos: a scene in perspective (sky for the time of day, a backdrop, the ground
// with crop rows, raised beds, an orchard or a greenhouse), composed as SVG for the large shapes and
// as placed plant sprites for the hundreds of plants, graded for the light, encoded as WebP.
export const PHOTO_WIDTH = 960;
export const PHOTO_HEIGHT = 640;
// Scenes are laid out on a 1200 x 800 plan and drawn at the photo's size.
const W = 1200;
const H = 800;
const OW = PHOTO_WIDTH;
const OH = PHOTO_HEIGHT;
const S = OW / W;

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
  lightAmount: number;
  haze: string;
  grass: string;
  dark: number;
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
    lightAmount: 0.1,
    haze: '#efe0d2',
    grass: '#6f9f45',
    dark: 0,
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
    lightAmount: 0.04,
    haze: '#d3e6ee',
    grass: '#6ea443',
    dark: 0,
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
    lightAmount: 0.13,
    haze: '#efcf9c',
    grass: '#7ba146',
    dark: 0,
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
    sunHeight: [0.04, 0.12],
    light: '#ff8a4a',
    lightAmount: 0.15,
    haze: '#e8a27f',
    grass: '#5f8a3f',
    dark: 0.18,
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
    lightAmount: 0.06,
    haze: '#d5dcde',
    grass: '#668f44',
    dark: 0,
  },
};

type Cam = { horizon: number; vpX: number; D: number; K: number };
type Place = { z: number; kind: PlantKind; x: number; y: number; px: number };
type Scene = {
  back: string;
  plants: Place[];
  overlay?: string;
  front?: Place[];
  blurBack?: boolean;
};

const f = (n: number) => Math.round(n * 10) / 10;
const pt = (p: { x: number; y: number }) => `${f(p.x)},${f(p.y)}`;

function project(cam: Cam, X: number, z: number, up = 0) {
  const s = 1 / z;
  return { x: cam.vpX + X * cam.K * s, y: cam.horizon + cam.D * s - up * cam.K * s, s };
}

const poly = (points: { x: number; y: number }[], fill: string, extra = '') =>
  `<polygon points="${points.map(pt).join(' ')}" fill="${fill}"${extra}/>`;
const polyD = (points: { x: number; y: number }[]) => `M${points.map(pt).join(' L')}Z`;

// Shapes of one colour gathered into one path: SVG rendering costs per element.
class Paths {
  private byFill = new Map<string, string[]>();
  add(fill: string, d: string) {
    const list = this.byFill.get(fill);
    if (list) list.push(d);
    else this.byFill.set(fill, [d]);
  }
  svg(extra = '') {
    return [...this.byFill].map(([fill, ds]) => `<path fill="${fill}"${extra} d="${ds.join('')}"/>`).join('');
  }
}
const circleD = (x: number, y: number, r: number) =>
  `M${f(x - r)} ${f(y)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0`;
const ellipseD = (x: number, y: number, rx: number, ry: number) =>
  `M${f(x - rx)} ${f(y)}a${f(rx)} ${f(ry)} 0 1 0 ${f(2 * rx)} 0a${f(rx)} ${f(ry)} 0 1 0 ${f(-2 * rx)} 0`;

function skySvg(r: Rng, sky: Sky, cam: Cam, spec: PhotoSpec, sunX: number, sunY: number): string {
  const stops = sky.stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('');
  let svg = `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="${f(cam.horizon)}" gradientUnits="userSpaceOnUse">${stops}</linearGradient>
<linearGradient id="ground" x1="0" y1="${f(cam.horizon)}" x2="0" y2="${H}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${mix(sky.grass, sky.haze, 0.55)}"/><stop offset="0.3" stop-color="${sky.grass}"/><stop offset="1" stop-color="${shade(sky.grass, -0.18)}"/></linearGradient></defs>`;
  svg += `<rect width="${W}" height="${f(cam.horizon + 40)}" fill="url(#sky)"/>`;
  if (sky.sun)
    svg += `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${spec.time === 'dusk' ? 30 : 22}" fill="${sky.sun}"/>`;
  const clouds = new Paths();
  const count = spec.time === 'overcast' ? 8 : r.int(1, 4);
  for (let i = 0; i < count; i++) {
    const cx = r.range(-50, W + 50);
    const cy = r.range(0.08, 0.6) * cam.horizon;
    const w = r.range(100, 240);
    for (let j = 0; j < 6; j++)
      clouds.add(
        'c',
        ellipseD(
          cx + r.range(-w / 2, w / 2),
          cy + r.range(-8, 6),
          r.range(w * 0.25, w * 0.45),
          r.range(12, 26),
        ),
      );
  }
  const cloudColor = spec.time === 'dusk' ? '#f6b79a' : spec.time === 'overcast' ? '#eef1f2' : '#ffffff';
  svg += clouds
    .svg()
    .replace('fill="c"', `fill="${cloudColor}" fill-opacity="${spec.time === 'overcast' ? 0.55 : 0.7}"`);
  return svg;
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

function backdropSvg(r: Rng, sky: Sky, cam: Cam, spec: PhotoSpec): string {
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
    const towers = new Paths();
    const windows = new Paths();
    let x = -10;
    while (x < W) {
      const w = r.range(28, 80);
      const bh = r.range(30, 170);
      towers.add(
        far(r.pick(['#6d7a8c', '#7d8798', '#5f6c80']), 0.5),
        `M${f(x)} ${f(h + 4)}V${f(h - bh)}h${f(w)}V${f(h + 4)}Z`,
      );
      if (spec.time === 'dusk' || spec.time === 'golden')
        for (let i = 0; i < bh / 18; i++)
          if (r.chance(0.35))
            windows.add('#ffe7a3', `M${f(x + r.range(4, w - 8))} ${f(h - bh + 8 + i * 16)}h4v6h-4Z`);
      x += w + r.range(-6, 10);
    }
    svg += towers.svg() + windows.svg(' fill-opacity="0.7"');
  }
  const treeColor = far(spec.time === 'dusk' ? '#2f4a32' : '#3d6538', spec.backdrop === 'city' ? 0.3 : 0.38);
  const height = spec.backdrop === 'trees' ? r.range(24, 40) : r.range(10, 20);
  const trees = new Paths();
  for (let x = -20; x < W + 20; x += r.range(10, 22)) {
    const rad = r.range(0.45, 1) * height;
    if (r.chance(0.15))
      trees.add(shade(treeColor, -0.08), ellipseD(x, h + 3 - rad * 1.4, rad * 0.45, rad * 1.6));
    trees.add(r.chance(0.5) ? treeColor : shade(treeColor, 0.06), circleD(x, h + 3 - rad * 0.55, rad));
  }
  svg += trees.svg();
  if (spec.backdrop === 'farm') {
    const bx = r.range(0.1, 0.8) * W;
    const s = r.range(0.8, 1.3);
    const red = far('#a8392e', 0.3);
    svg += `<g transform="translate(${f(bx)} ${f(h + 4)}) scale(${f(s)})">
<rect x="0" y="-44" width="70" height="44" fill="${red}"/><polygon points="-6,-44 35,-70 76,-44" fill="${far('#5b4a42', 0.3)}"/>
<rect x="70" y="-36" width="34" height="36" fill="${shade(red, -0.18)}"/><polygon points="70,-36 76,-44 110,-40 104,-36" fill="${far('#4f403a', 0.3)}"/>
<rect x="25" y="-26" width="20" height="26" fill="${far('#f1e6d4', 0.3)}"/>
<rect x="118" y="-78" width="22" height="78" fill="${far('#b9bec4', 0.3)}"/><ellipse cx="129" cy="-78" rx="11" ry="7" fill="${far('#9aa1a8', 0.3)}"/></g>`;
  }
  return svg;
}

function tufts(r: Rng, cam: Cam, color: string, n: number): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const z = r.range(0.8, 3);
    const p = project(cam, r.range(-4, 4) * z, z);
    if (p.x < -10 || p.x > W + 10 || p.y > H + 10) continue;
    const hgt = 26 * p.s;
    for (let j = 0; j < 3; j++)
      d += `M${f(p.x + j * 3 * p.s)} ${f(p.y)}l${f((j - 1) * 4 * p.s)} ${f(-hgt * r.range(0.6, 1))}`;
  }
  return `<path d="${d}" stroke="${color}" stroke-width="1.6" fill="none" stroke-linecap="round"/>`;
}

const plantPx = (crop: Crop, cam: Cam, s: number) => SPACING[crop].height * cam.K * s;

// Rows running away from the viewer towards the vanishing point.
function rowsScene(r: Rng, cam: Cam, spec: PhotoSpec, sky: Sky): Omit<Scene, 'back'> & { ground: string } {
  const crops = spec.crops;
  const across = Math.max(...crops.map((c) => SPACING[c].across));
  const soil = r.pick(['#6b4a30', '#5c3f28', '#74512f']);
  let ground = '';
  if (r.chance(0.5))
    ground += `<rect x="0" y="${f(cam.horizon)}" width="${W}" height="${f(H - cam.horizon)}" fill="${mix('#c9ac72', sky.haze, 0.15)}" fill-opacity="0.8"/>`;
  const offset = r.range(0, across);
  const block = r.int(2, 4);
  const rows: { X: number; crop: Crop }[] = [];
  for (let k = -14; k <= 14; k++)
    rows.push({ X: k * across + offset, crop: crops[Math.abs(Math.floor(k / block)) % crops.length] });
  const w = across * 0.32;
  const strips = new Paths();
  for (const row of rows)
    strips.add(
      soil,
      polyD([
        project(cam, row.X - w, 0.7),
        project(cam, row.X + w, 0.7),
        project(cam, row.X + w, 40),
        project(cam, row.X - w, 40),
      ]),
    );
  ground += strips.svg();
  const plants: Place[] = [];
  for (const row of rows) {
    const sp = SPACING[row.crop];
    for (let z = 24; z > 0.75; z -= sp.along * r.range(0.9, 1.1)) {
      const p = project(cam, row.X + r.range(-0.04, 0.04), z);
      if (p.x < -300 || p.x > W + 300) continue;
      plants.push({ z, kind: row.crop, x: p.x, y: p.y, px: plantPx(row.crop, cam, p.s) * r.range(0.9, 1.1) });
    }
  }
  return { ground, plants };
}

// Rows across the view, one behind the other.
function acrossScene(r: Rng, cam: Cam, spec: PhotoSpec): Omit<Scene, 'back'> & { ground: string } {
  const soil = r.pick(['#6b4a30', '#5c3f28', '#74512f']);
  const bands = new Paths();
  const plants: Place[] = [];
  let z = 0.95;
  let k = 0;
  while (z < 30) {
    const crop = spec.crops[Math.floor(k / 2) % spec.crops.length];
    const sp = SPACING[crop];
    const near = project(cam, 0, z - 0.18);
    const far = project(cam, 0, z + 0.18);
    bands.add(soil, `M0 ${f(far.y)}H${W}V${f(Math.min(H + 5, near.y))}H0Z`);
    const half = (W / (cam.K / z)) * 0.75 + 1;
    for (let X = -half; X < half; X += sp.along * r.range(0.85, 1.15)) {
      const pz = z + r.range(-0.04, 0.04);
      const p = project(cam, X, pz);
      plants.push({ z: pz, kind: crop, x: p.x, y: p.y, px: plantPx(crop, cam, p.s) * r.range(0.9, 1.1) });
    }
    z += sp.across * (z < 4 ? 1 : 1.3);
    k++;
  }
  return { ground: bands.svg(), plants };
}

function bedBox(cam: Cam, X0: number, X1: number, z0: number, z1: number, h: number, wood: string): string {
  const g = (X: number, z: number, up = 0) => project(cam, X, z, up);
  let svg = '';
  // The side facing the middle of the view.
  if (X1 < 0) svg += poly([g(X1, z0), g(X1, z1), g(X1, z1, h), g(X1, z0, h)], shade(wood, -0.25));
  if (X0 > 0) svg += poly([g(X0, z0), g(X0, z1), g(X0, z1, h), g(X0, z0, h)], shade(wood, -0.25));
  svg += poly([g(X0, z0, h), g(X1, z0, h), g(X1, z1, h), g(X0, z1, h)], shade(wood, 0.15));
  const i = 0.06;
  svg += poly(
    [g(X0 + i, z0 + i, h), g(X1 - i, z0 + i, h), g(X1 - i, z1 - i, h), g(X0 + i, z1 - i, h)],
    '#4e3523',
  );
  svg += poly([g(X0, z0), g(X1, z0), g(X1, z0, h), g(X0, z0, h)], wood);
  const a = g(X0, z0, h / 2);
  const b = g(X1, z0, h / 2);
  svg += `<path d="M${pt(a)} L${pt(b)}" stroke="${shade(wood, -0.3)}" stroke-width="${f(Math.max(0.6, 2.5 * a.s))}"/>`;
  return svg;
}

function bedPlants(
  r: Rng,
  cam: Cam,
  crop: Crop,
  X0: number,
  X1: number,
  z0: number,
  z1: number,
  h: number,
): Place[] {
  const sp = SPACING[crop];
  const width = X1 - X0;
  const lanes = Math.max(1, Math.round((width - 0.2) / (sp.across * 0.6)));
  const out: Place[] = [];
  for (let l = 0; l < lanes; l++) {
    const X = X0 + 0.1 + ((l + 0.5) * (width - 0.2)) / lanes;
    for (let z = z1 - 0.15; z > z0 + 0.1; z -= sp.along * 0.8) {
      const p = project(cam, X + r.range(-0.03, 0.03), z, h);
      out.push({ z, kind: crop, x: p.x, y: p.y, px: plantPx(crop, cam, p.s) * r.range(0.9, 1.1) });
    }
  }
  return out;
}

// Raised beds in a grid, with paths of wood chips between them.
function bedsScene(r: Rng, cam: Cam, spec: PhotoSpec, sky: Sky): Omit<Scene, 'back'> & { ground: string } {
  const wood = r.pick(['#a86f43', '#b57a48', '#8f6a4a', '#9b7b5a']);
  let ground = `<rect x="0" y="${f(cam.horizon)}" width="${W}" height="${f(H - cam.horizon)}" fill="${mix(r.pick(['#b89a6a', '#a98c63', '#c2ad86']), sky.haze, 0.12)}"/>`;
  const width = r.range(0.9, 1.3);
  const length = r.range(1.4, 2.4);
  const gapX = r.range(0.5, 0.8);
  const gapZ = r.range(0.5, 0.8);
  const h = r.range(0.14, 0.26);
  const cols = [-4, -3, -2, -1, 0, 1, 2, 3].map((c) => c * (width + gapX) + gapX / 2 + r.range(-0.2, 0.2));
  const beds: { X0: number; z0: number; crop: Crop }[] = [];
  let i = 0;
  for (let z0 = 1.2; z0 < 18; z0 += length + gapZ)
    for (const X0 of cols) beds.push({ X0, z0, crop: spec.crops[i++ % spec.crops.length] });
  beds.sort((a, b) => b.z0 - a.z0);
  const plants: Place[] = [];
  for (const b of beds) {
    const X1 = b.X0 + width;
    const z1 = b.z0 + length;
    if (project(cam, X1, b.z0).x < -50 || project(cam, b.X0, b.z0).x > W + 50) continue;
    ground += bedBox(cam, b.X0, X1, b.z0, z1, h, wood);
    plants.push(...bedPlants(r, cam, b.crop, b.X0, X1, b.z0, z1, h));
  }
  return { ground, plants };
}

// Fruit trees in rows on mown grass, wildflowers between.
function orchardScene(r: Rng, cam: Cam, spec: PhotoSpec, sky: Sky): Omit<Scene, 'back'> & { ground: string } {
  const kind = `tree-${spec.fruit ?? 'apple'}` as PlantKind;
  const gap = r.range(2.6, 3.4);
  const offset = r.range(-gap / 2, gap / 2);
  const lanes = [-3, -2, -1, 0, 1, 2, 3].map((k) => k * gap + offset);
  const mown = new Paths();
  for (let i = 0; i < lanes.length - 1; i++) {
    const mid = (lanes[i] + lanes[i + 1]) / 2;
    mown.add(
      mix(shade(sky.grass, 0.14), sky.haze, 0.1),
      polyD([
        project(cam, mid - 0.5, 0.7),
        project(cam, mid + 0.5, 0.7),
        project(cam, mid + 0.5, 60),
        project(cam, mid - 0.5, 60),
      ]),
    );
  }
  const flowers = new Paths();
  for (let i = 0; i < 220; i++) {
    const z = r.range(0.9, 10);
    const p = project(cam, r.range(-4, 4) * z * 0.6, z);
    flowers.add(r.pick(['#ffffff', '#f7d54a', '#e9a6d0']), circleD(p.x, p.y, Math.max(0.6, 5 * p.s)));
  }
  const plants: Place[] = [];
  const step = r.range(2.2, 3);
  for (const X of lanes)
    for (let z = 40; z > 1.3; z -= step) {
      const p = project(cam, X + r.range(-0.1, 0.1), z);
      if (p.x < -400 || p.x > W + 400) continue;
      plants.push({ z, kind, x: p.x, y: p.y, px: 2.3 * cam.K * p.s * r.range(0.9, 1.1) });
    }
  return { ground: mown.svg(' fill-opacity="0.7"') + flowers.svg(), plants };
}

function greenhouseScene(
  r: Rng,
  cam: Cam,
  spec: PhotoSpec,
  sky: Sky,
): Omit<Scene, 'back'> & { ground: string } {
  const g = (X: number, z: number, up = 0) => project(cam, X, z, up);
  const width = r.range(3, 3.8);
  // Off the centre line, so that one side of the house shows.
  const X0 = r.chance(0.5) ? r.range(0.15, 0.7) : -width - r.range(0.15, 0.7);
  const X1 = X0 + width;
  const z0 = r.range(2.9, 3.6);
  const z1 = z0 + r.range(4, 7);
  const wall = r.range(1, 1.25);
  const ridgeH = wall + width * 0.35;
  const Xm = (X0 + X1) / 2;
  const frame = r.pick(['#f4f5f0', '#e9ece6', '#3f5a3c']);
  const glass = mix('#dff1ee', sky.haze, 0.25);
  let ground = poly(
    [g(Xm - 0.4, 0.7), g(Xm + 0.4, 0.7), g(Xm + 0.35, z0), g(Xm - 0.35, z0)],
    mix('#c9bba0', sky.haze, 0.1),
  );
  // The back gable, seen through the glass.
  ground += poly(
    [g(X0, z1), g(X1, z1), g(X1, z1, wall), g(Xm, z1, ridgeH), g(X0, z1, wall)],
    shade(glass, -0.12),
  );
  ground += poly([g(X0, z0), g(X1, z0), g(X1, z1), g(X0, z1)], '#5e4430');
  const plants: Place[] = [];
  for (let z = z1 - 0.4; z > z0 + 0.2; z -= 0.45)
    for (const X of [X0 + 0.45, Xm, X1 - 0.45]) {
      const crop = spec.crops[Math.floor(z) % spec.crops.length];
      const p = g(X + r.range(-0.05, 0.05), z);
      plants.push({
        z,
        kind: crop,
        x: p.x,
        y: p.y,
        px: Math.min(plantPx(crop, cam, p.s), wall * cam.K * p.s * 0.9),
      });
    }
  const sideX = X1 < 0 ? X1 : X0 > 0 ? X0 : null;
  let overlay = '';
  if (sideX !== null) {
    overlay += poly(
      [g(sideX, z0), g(sideX, z1), g(sideX, z1, wall), g(sideX, z0, wall)],
      glass,
      ' fill-opacity="0.5"',
    );
    overlay += poly(
      [g(sideX, z0, wall), g(sideX, z1, wall), g(Xm, z1, ridgeH), g(Xm, z0, ridgeH)],
      shade(glass, 0.25),
      ' fill-opacity="0.75"',
    );
  }
  const front = [g(X0, z0), g(X1, z0), g(X1, z0, wall), g(Xm, z0, ridgeH), g(X0, z0, wall)];
  overlay += poly(front, glass, ' fill-opacity="0.55"');
  let lines = polyD(front);
  for (let i = 1; i < 4; i++) {
    const X = X0 + (i * width) / 4;
    const top = wall + (ridgeH - wall) * (1 - Math.abs(X - Xm) / (width / 2));
    lines += `M${pt(g(X, z0))}L${pt(g(X, z0, top))}`;
  }
  lines += `M${pt(g(X0, z0, wall))}L${pt(g(X1, z0, wall))}`;
  if (sideX !== null) {
    for (let i = 0; i <= 6; i++) {
      const z = z0 + ((z1 - z0) * i) / 6;
      lines += `M${pt(g(sideX, z))}L${pt(g(sideX, z, wall))}L${pt(g(Xm, z, ridgeH))}`;
    }
    lines += `M${pt(g(sideX, z0, wall))}L${pt(g(sideX, z1, wall))}M${pt(g(Xm, z0, ridgeH))}L${pt(g(Xm, z1, ridgeH))}`;
  }
  overlay += `<path d="${lines}" stroke="${frame}" stroke-width="${f(Math.max(1, 5 * g(0, z0).s))}" fill="none" stroke-linejoin="round"/>`;
  overlay += poly(
    [g(Xm - 0.28, z0), g(Xm + 0.28, z0), g(Xm + 0.28, z0, 0.8), g(Xm - 0.28, z0, 0.8)],
    shade(glass, -0.35),
    ' fill-opacity="0.8"',
  );
  // Raised beds in front, on both sides of the path to the door.
  const front2: Place[] = [];
  const beds: [number, number, Crop][] = [];
  for (const [i, [za, zb]] of [
    [1.15, 2.35],
    [2.75, Math.min(3.55, z0 - 0.3)],
  ].entries())
    if (zb - za > 0.4)
      for (const [j, off] of [-1.7, 0.45, 2.15, 3.85].entries()) {
        // The two beds beside the path, and more on the open side of the garden.
        const bx = Xm < 0 ? Xm + off : Xm - off - 1.25;
        if (j === 0 && za > 2) continue;
        beds.push([bx, za, spec.crops[(i + j) % spec.crops.length]]);
      }
  beds.sort((a, b) => b[1] - a[1]);
  for (const [bx, za, crop] of beds) {
    const zb = za < 2 ? 2.35 : Math.min(3.55, z0 - 0.3);
    overlay += bedBox(cam, bx, bx + 1.25, za, zb, 0.22, '#a86f43');
    front2.push(...bedPlants(r, cam, crop, bx, bx + 1.25, za, zb, 0.22));
  }
  return { ground, plants, overlay, front: front2 };
}

// A few plants up close; the garden behind them out of focus.
function closeupFront(r: Rng, spec: PhotoSpec): Place[] {
  const crop = spec.crops[0];
  const sp = SPACING[crop];
  const tall = sp.height >= 1;
  const n = tall ? r.int(3, 4) : r.int(3, 5);
  const xs = Array.from({ length: n }, (_, i) => ((i + r.range(0.15, 0.85)) / n) * W);
  return r.shuffle(xs).map((x, i) => ({
    z: n - i,
    kind: crop,
    x,
    y: H + (tall ? r.range(40, 160) : r.range(-70, -20)) + i * 10,
    px: tall ? r.range(1.0, 1.25) * H : r.range(0.42, 0.62) * H * (sp.height < 0.3 ? 0.75 : 1),
  }));
}

export function buildScene(spec: PhotoSpec): Scene & { grade: Grade } {
  const r = rng(spec.seed);
  const sky = SKIES[spec.time];
  const closeup = spec.layout === 'closeup';
  const horizon = closeup ? r.range(0.46, 0.56) * H : r.range(0.34, 0.48) * H;
  const vpX = spec.layout === 'rows' && r.chance(0.35) ? r.pick([-0.25, 1.25]) * W : r.range(0.3, 0.7) * W;
  const cam: Cam = { horizon, vpX, D: H - horizon, K: W * r.range(0.36, 0.5) };
  const sunX = r.range(0.12, 0.88) * W;
  const sunY = horizon - r.range(...sky.sunHeight) * horizon;
  const make = {
    rows: rowsScene,
    across: (rr: Rng, c: Cam, s: PhotoSpec) => acrossScene(rr, c, s),
    beds: bedsScene,
    orchard: orchardScene,
    greenhouse: greenhouseScene,
    closeup: rowsScene,
  }[spec.layout];
  const part = make(r, cam, spec, sky);
  let back = `${skySvg(r, sky, cam, spec, sunX, sunY)}${backdropSvg(r, sky, cam, spec)}`;
  back += `<rect x="0" y="${f(horizon)}" width="${W}" height="${f(H - horizon)}" fill="url(#ground)"/>${part.ground}`;
  if (spec.layout === 'rows' || spec.layout === 'orchard' || spec.layout === 'across')
    back += tufts(r, cam, shade(sky.grass, -0.2), 70);
  return {
    back,
    plants: part.plants,
    overlay: part.overlay,
    front: closeup ? closeupFront(r, spec) : part.front,
    blurBack: closeup,
    grade: {
      sky,
      sunX: sunX * S,
      sunY: sunY * S,
      horizon: horizon * S,
      flip: sunX > W / 2,
      seed: spec.seed,
      // A building near the horizon stays clear.
      haze: spec.layout === 'greenhouse' ? 0.35 : 1,
    },
  };
}

type Grade = {
  sky: Sky;
  sunX: number;
  sunY: number;
  horizon: number;
  flip: boolean;
  seed: number;
  haze: number;
};

async function renderSvg(body: string): Promise<Uint8Array> {
  const sharp = await sharpModule();
  const doc = `<svg xmlns="http://www.w3.org/2000/svg" width="${OW}" height="${OH}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  const data = await sharp(Buffer.from(doc)).ensureAlpha().raw().toBuffer();
  return data.byteOffset % 4 ? new Uint8Array(data) : data;
}

async function drawPlants(canvas: Canvas, sprites: SpriteCache, list: Place[], grade: Grade, seed: number) {
  const r = rng(seed);
  const sorted = [...list].sort((a, b) => b.z - a.z);
  for (const p of sorted) {
    if (p.px * S < 2.5 || p.y - p.px * 1.3 > H) continue;
    const variant = r.int(0, VARIANTS - 1);
    const { level, k } = await sprites.level(p.kind, variant, p.px * S);
    blit(canvas, level, p.x * S, p.y * S, k, grade.flip);
  }
}

const hex = (c: string) => [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16));

// Haze towards the horizon: the distance fades into the colour of the sky.
function hazeCanvas(canvas: Canvas, g: Grade) {
  const d = canvas.data;
  const [hr, hg, hb] = hex(g.sky.haze);
  const top = Math.max(0, Math.floor(g.horizon - 50));
  const bottom = Math.min(OH, Math.ceil(g.horizon + (OH - g.horizon) * 0.32));
  for (let y = top; y < bottom; y++) {
    const t = (y - top) / (bottom - top);
    const haze = 0.5 * g.haze * (t < 0.25 ? t / 0.25 : (1 - t) / 0.75) ** 1.5;
    for (let p = y * OW * 4, end = (y + 1) * OW * 4; p < end; p += 4) {
      d[p] += (hr - d[p]) * haze;
      d[p + 1] += (hg - d[p + 1]) * haze;
      d[p + 2] += (hb - d[p + 2]) * haze;
    }
  }
}

// How much light each pixel keeps under the vignette (the same for every photo).
let vignette: Float32Array | null = null;
function vignetteMap(): Float32Array {
  if (vignette) return vignette;
  vignette = new Float32Array(OW * OH);
  for (let y = 0; y < OH; y++)
    for (let x = 0; x < OW; x++) {
      const v = Math.max(
        0,
        Math.sqrt(((x - OW / 2) / (OW / 2)) ** 2 * 0.72 + ((y - OH / 2) / (OH / 2)) ** 2) - 0.55,
      );
      vignette[y * OW + x] = 1 - Math.min(0.45, v * v * 0.55);
    }
  return vignette;
}

// The light of the time of day over the whole picture, in one pass: a colour cast, the sun's glow
// (only where it reaches), the dusk darkening towards the bottom, and a vignette.
function gradeCanvas(canvas: Canvas, g: Grade) {
  const d = canvas.data;
  const vig = vignetteMap();
  const keep = 1 - g.sky.lightAmount;
  const [lr, lg, lb] = hex(g.sky.light).map((c) => c * g.sky.lightAmount);
  const [gr, gg, gb] = hex(g.sky.glow).map((c) => c / 255);
  const R = OW * 0.6;
  const dx2 = new Float32Array(OW);
  for (let x = 0; x < OW; x++) dx2[x] = ((x - g.sunX) / R) ** 2;
  const plain = (p: number, k: number) => {
    d[p] = (d[p] * keep + lr) * k;
    d[p + 1] = (d[p + 1] * keep + lg) * k;
    d[p + 2] = (d[p + 2] * keep + lb) * k;
  };
  for (let y = 0; y < OH; y++) {
    const dy2 = (((y - g.sunY) * 1.3) / R) ** 2;
    const dusk = 1 - g.sky.dark * (y / OH);
    const span = dy2 < 1 ? R * Math.sqrt(1 - dy2) : -1;
    const gx0 = span < 0 ? OW : Math.max(0, Math.ceil(g.sunX - span));
    const gx1 = span < 0 ? OW : Math.min(OW, Math.floor(g.sunX + span) + 1);
    const row = y * OW;
    for (let x = 0; x < gx0; x++) plain((row + x) * 4, vig[row + x] * dusk);
    for (let x = gx0; x < gx1; x++) {
      const p = (row + x) * 4;
      const q = dx2[x] + dy2;
      const near = q < 1 ? 1 - Math.sqrt(q) : 0;
      const n2 = near * near;
      const n8 = n2 * n2 * n2 * n2;
      const t = n2 * 0.22 + n8 * n2 * 0.55;
      const k = vig[row + x] * dusk;
      const r = d[p] * keep + lr;
      const gn = d[p + 1] * keep + lg;
      const b = d[p + 2] * keep + lb;
      d[p] = (r + (255 - r) * t * gr) * k;
      d[p + 1] = (gn + (255 - gn) * t * gg) * k;
      d[p + 2] = (b + (255 - b) * t * gb) * k;
    }
    for (let x = gx1; x < OW; x++) plain((row + x) * 4, vig[row + x] * dusk);
  }
}

async function finish(canvas: Canvas, g: Grade): Promise<Buffer> {
  const sharp = await sharpModule();
  gradeCanvas(canvas, g);
  return sharp(Buffer.from(canvas.data.buffer, canvas.data.byteOffset, canvas.data.length), {
    raw: { width: OW, height: OH, channels: 4 },
  })
    .removeAlpha()
    .webp({ quality: 80, effort: 0 })
    .toBuffer();
}

export async function renderPhoto(spec: PhotoSpec, sprites: SpriteCache): Promise<Buffer> {
  const sharp = await sharpModule();
  const scene = buildScene(spec);
  const back = await renderSvg(scene.back);
  const canvas: Canvas = { data: back, words: words(back), w: OW, h: OH };
  await drawPlants(canvas, sprites, scene.plants, scene.grade, spec.seed + 1);
  if (scene.overlay) over(canvas, await renderSvg(scene.overlay));
  hazeCanvas(canvas, scene.grade);
  if (scene.blurBack) {
    const blurred = await sharp(Buffer.from(canvas.data.buffer, canvas.data.byteOffset, canvas.data.length), {
      raw: { width: OW, height: OH, channels: 4 },
    })
      // Out of focus: a box-blur approximation of the Gaussian is enough, at a fraction of its cost.
      .blur({ sigma: 5, precision: 'approximate' })
      .raw()
      .toBuffer();
    canvas.data.set(blurred);
  }
  if (scene.front) await drawPlants(canvas, sprites, scene.front, scene.grade, spec.seed + 2);
  return finish(canvas, scene.grade);
}
