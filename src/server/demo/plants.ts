import { type Rng, shade } from './random.ts';

// Plant drawings for the demo photos, as SVG fragments in their own units: the base of the plant at
// (0, 0), growing up (negative y). `size` is the plant's height in those units.
export const CROPS = [
  'tomato',
  'lettuce',
  'squash',
  'sunflower',
  'lavender',
  'herbs',
  'corn',
  'chard',
  'kale',
  'berries',
  'flowers',
  'peppers',
] as const;
export type Crop = (typeof CROPS)[number];
export const FRUITS = ['apple', 'peach', 'lemon', 'plum', 'cherry'] as const;
export type Fruit = (typeof FRUITS)[number];

type Plant = { svg: string; size: number; width: number };

const f = (n: number) => Math.round(n * 10) / 10;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${extra}/>`;
const rotated = (deg: number, cx: number, cy: number) => ` transform="rotate(${f(deg)} ${f(cx)} ${f(cy)})"`;

// A shiny round fruit: the colour, a darker rim below and a highlight up left.
function berry(cx: number, cy: number, r: number, color: string): string {
  return (
    circle(cx, cy, r, shade(color, -0.25)) +
    circle(cx - r * 0.12, cy - r * 0.12, r * 0.86, color) +
    circle(cx - r * 0.38, cy - r * 0.38, r * 0.28, '#ffffff', ' fill-opacity="0.55"')
  );
}

// Leafy mass: ellipses from dark (inside, below) to light (outside, above).
function foliage(
  r: Rng,
  n: number,
  box: { x0: number; x1: number; y0: number; y1: number },
  leaf: [number, number],
  greens: string[],
): string {
  let out = '';
  for (let i = 0; i < n; i++) {
    const t = i / n;
    const x = r.range(box.x0, box.x1) * (0.55 + 0.45 * t);
    const y = r.range(box.y0, box.y1);
    const g = greens[Math.min(greens.length - 1, Math.floor(t * greens.length + r.range(-0.4, 0.4)))];
    const rx = r.range(leaf[0], leaf[1]);
    out += ellipse(x, y, rx, rx * r.range(0.6, 0.85), g ?? greens[0], rotated(r.range(-40, 40), x, y));
  }
  return out;
}

const GREENS = ['#2c5f27', '#36712f', '#438538', '#539843', '#67ab4f'];

function tomato(r: Rng): Plant {
  let svg = `<rect x="-2.5" y="-112" width="5" height="112" rx="2" fill="#8b6b47"/>`;
  svg += foliage(r, 18, { x0: -34, x1: 34, y0: -104, y1: -10 }, [11, 19], GREENS);
  const reds = ['#d7352a', '#e0452d', '#c92e25', '#d7352a', '#ef7d2d', '#f2a33a', '#93c04a'];
  for (let i = r.int(5, 9); i > 0; i--) {
    const x = r.range(-26, 26);
    const y = r.range(-86, -22);
    const rad = r.range(6.5, 9.5);
    svg += berry(x, y, rad, r.pick(reds)) + circle(x, y - rad * 0.95, 1.8, '#2c5f27');
  }
  svg += foliage(r, 4, { x0: -30, x1: 30, y0: -100, y1: -40 }, [7, 11], ['#5fa347', '#73b756']);
  return {
    svg,
    size: 112,
    width: 80,
  };
}

function peppers(r: Rng): Plant {
  let svg = `<path d="M0 0 L0 -40 M0 -18 L-12 -34 M0 -22 L12 -38" stroke="#4f7f33" stroke-width="3.5" fill="none"/>`;
  svg += foliage(r, 18, { x0: -28, x1: 28, y0: -62, y1: -4 }, [9, 15], GREENS);
  const colors = r.pick([
    ['#d9302a', '#e8452f', '#3f8a31'],
    ['#f2b632', '#f39c2c', '#d9302a'],
    ['#3f8a31', '#2f7a2a', '#d9302a'],
  ]);
  for (let i = r.int(4, 7); i > 0; i--) {
    const x = r.range(-22, 22);
    const y = r.range(-52, -16);
    svg += ellipse(x, y, 5.5, 10, r.pick(colors), rotated(r.range(-20, 20), x, y));
    svg += ellipse(x - 2, y - 3, 1.6, 4, '#ffffff', ' fill-opacity="0.45"');
  }
  svg += foliage(r, 3, { x0: -24, x1: 24, y0: -60, y1: -30 }, [7, 10], ['#67ab4f']);
  return { svg, size: 70, width: 64 };
}

function lettuce(r: Rng): Plant {
  const red = r.chance(0.3);
  const [outer, midC, inner] = red ? ['#7c2f45', '#9c4259', '#a6cf62'] : ['#5ea83a', '#7fc04a', '#bfe47f'];
  let svg = ellipse(0, -2, 34, 7, '#000000', ' fill-opacity="0.16"');
  const n = 12;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2 + r.range(-0.2, 0.2);
    const x = Math.cos(a) * 15;
    const y = -14 + Math.sin(a) * 6;
    svg += ellipse(x, y, 21, 11, shade(outer, r.range(-0.12, 0.08)), rotated((a * 180) / Math.PI, x, y));
  }
  for (let i = 0; i < 7; i++) {
    const a = (i / 7) * Math.PI * 2 + r.range(-0.3, 0.3);
    const x = Math.cos(a) * 8;
    const y = -20 + Math.sin(a) * 4;
    svg += ellipse(x, y, 13, 9, midC, rotated((a * 180) / Math.PI, x, y));
  }
  svg += ellipse(0, -24, 9, 7, inner) + ellipse(-2, -27, 4, 3, shade(inner, 0.35));
  return { svg, size: 36, width: 72 };
}

function kale(r: Rng): Plant {
  const cols = r.pick([
    ['#2f5a4a', '#3b6c57', '#4a7e66', '#5a8f74'],
    ['#34513f', '#44664f', '#557a5e', '#688d6f'],
  ]);
  let svg = `<rect x="-3" y="-14" width="6" height="14" fill="#7d9a6a"/>`;
  for (let i = 0; i < 13; i++) {
    const t = i / 13;
    const a = -Math.PI / 2 + r.range(-1.25, 1.25) * (1 - t * 0.5);
    const len = r.range(24, 36) * (1 - t * 0.3);
    const x = Math.cos(a) * len * 0.8;
    const y = -12 + Math.sin(a) * len * 0.85;
    const deg = (a * 180) / Math.PI + 90;
    const c = cols[Math.min(3, Math.floor(t * 4))];
    // A curly leaf: a long ellipse with small lobes along its edge, a pale midrib.
    svg += ellipse(x, y, 9, 19, c, rotated(deg, x, y));
    for (let j = -2; j <= 2; j++)
      for (const side of [-1, 1]) {
        const ox = side * 8.5;
        const oy = j * 6.5;
        const rad = (deg * Math.PI) / 180;
        svg += circle(
          x + ox * Math.cos(rad) - oy * Math.sin(rad),
          y + ox * Math.sin(rad) + oy * Math.cos(rad),
          3.6,
          c,
        );
      }
    svg += `<path d="M${f(x - Math.cos(a) * 16)} ${f(y - Math.sin(a) * 16)} L${f(x + Math.cos(a) * 14)} ${f(y + Math.sin(a) * 14)}" stroke="${shade(c, 0.35)}" stroke-width="1.4"/>`;
  }
  return { svg, size: 52, width: 70 };
}

function chard(r: Rng): Plant {
  let svg = '';
  for (let i = 0; i < 9; i++) {
    const stem = r.pick(['#d23a4b', '#f0b02a', '#e86a9a', '#f3efdc', '#e4572e']);
    const a = -Math.PI / 2 + r.range(-0.9, 0.9);
    const len = r.range(30, 46);
    const x = Math.cos(a) * len;
    const y = Math.sin(a) * len;
    svg += `<path d="M0 0 L${f(x * 0.5)} ${f(y * 0.5)}" stroke="${stem}" stroke-width="3.5" stroke-linecap="round"/>`;
    svg += ellipse(
      x * 0.75,
      y * 0.75,
      11,
      21,
      r.pick(['#2e6430', '#356f35', '#2a5a2c']),
      rotated((a * 180) / Math.PI + 90, x * 0.75, y * 0.75),
    );
    svg += `<path d="M${f(x * 0.45)} ${f(y * 0.45)} L${f(x * 1.05)} ${f(y * 1.05)}" stroke="${stem}" stroke-width="1.6" stroke-opacity="0.9"/>`;
  }
  return { svg, size: 50, width: 70 };
}

function squash(r: Rng): Plant {
  let svg = ellipse(0, -2, 50, 9, '#000000', ' fill-opacity="0.15"');
  const pumpkin = r.chance(0.55);
  const fruit = () => {
    const x = r.range(-34, 34);
    if (pumpkin) {
      const rx = r.range(15, 21);
      const c = r.pick(['#e57f24', '#ee8f2c', '#d9731d', '#f2a93b']);
      return (
        ellipse(x, -11, rx, rx * 0.72, shade(c, -0.12)) +
        ellipse(x - rx * 0.45, -11, rx * 0.5, rx * 0.68, c) +
        ellipse(x + rx * 0.45, -11, rx * 0.5, rx * 0.68, c) +
        ellipse(x, -11, rx * 0.48, rx * 0.7, shade(c, 0.08)) +
        `<rect x="${f(x - 2)}" y="${f(-11 - rx * 0.85)}" width="4" height="7" rx="1.5" fill="#6b5a2b"/>`
      );
    }
    const c = r.pick(['#f0c232', '#3f6f2a', '#e9b82a']);
    const y = r.range(-12, -7);
    return ellipse(x, y, 20, 6.5, c, rotated(r.range(-25, 25), x, y));
  };
  svg += fruit();
  for (let i = 0; i < 9; i++) {
    const x = r.range(-44, 44);
    const y = r.range(-46, -14);
    const rad = r.range(14, 22);
    const g = r.pick(['#3f7f33', '#4f9440', '#35702c', '#5aa048']);
    svg += circle(x, y, rad, g);
    svg += `<path d="M${f(x)} ${f(y + rad * 0.6)} L${f(x)} ${f(y - rad * 0.7)} M${f(x)} ${f(y)} L${f(x - rad * 0.6)} ${f(y - rad * 0.4)} M${f(x)} ${f(y)} L${f(x + rad * 0.6)} ${f(y - rad * 0.4)}" stroke="${shade(g, 0.35)}" stroke-width="1.4" fill="none"/>`;
    if (r.chance(0.25)) svg += circle(x + r.range(-6, 6), y - rad * 0.8, 4.5, '#f6c431');
  }
  for (let i = r.int(1, 2); i > 0; i--) svg += fruit();
  return { svg, size: 58, width: 110 };
}

function sunflower(r: Rng): Plant {
  const h = r.range(170, 200);
  const hx = r.range(-10, 10);
  let svg = `<path d="M0 0 Q${f(hx * 0.2 - 6)} ${f(-h * 0.5)} ${f(hx)} ${f(-h)}" stroke="#4d7c2c" stroke-width="5" fill="none"/>`;
  for (let i = 0; i < 4; i++) {
    const y = -h * (0.25 + i * 0.17);
    const side = i % 2 ? 1 : -1;
    const x = side * 15 + hx * (0.2 + i * 0.17);
    svg += ellipse(x, y, 18, 8.5, i % 2 ? '#4f8f35' : '#3f7d2c', rotated(side * -25, x, y));
  }
  const petals = (n: number, rad: number, len: number, color: string, off: number) => {
    let out = '';
    for (let i = 0; i < n; i++) {
      const a = (i / n) * 360 + off;
      out += `<ellipse cx="0" cy="${f(-rad)}" rx="5.2" ry="${f(len)}" fill="${color}" transform="rotate(${f(a)})"/>`;
    }
    return out;
  };
  const tilt = r.range(-18, 18);
  svg += `<g transform="translate(${f(hx)} ${f(-h)}) rotate(${f(tilt)}) scale(0.88 1)">`;
  svg += petals(16, 21, 13, '#eea51a', 11) + petals(16, 19, 12, '#f9c93a', 0);
  svg += circle(0, 0, 14, '#5a3a1c') + circle(0, 0, 9, '#432a12');
  for (let i = 0; i < 10; i++) svg += circle(r.range(-8, 8), r.range(-8, 8), 1.3, '#7a5028');
  svg += '</g>';
  return {
    svg,
    size: h + 30,
    width: 60,
  };
}

function lavender(r: Rng): Plant {
  const purples = r.pick([
    ['#8a6bbf', '#9d7fd0', '#7b5cae', '#a68ad6'],
    ['#7a5fb8', '#8f74c9', '#6c52a3', '#9b86d6'],
  ]);
  let svg = '';
  const spikes: string[] = [];
  for (let i = 0; i < 34; i++) {
    const a = -Math.PI / 2 + r.range(-0.95, 0.95);
    const len = r.range(30, 46);
    const bx = Math.cos(a) * 8;
    const by = -16 + Math.sin(a) * 4;
    const tx = bx + Math.cos(a) * len;
    const ty = by + Math.sin(a) * len;
    svg += `<path d="M${f(bx)} ${f(by)} L${f(tx)} ${f(ty)}" stroke="#8ea47f" stroke-width="1.3"/>`;
    spikes.push(ellipse(tx, ty, 2.8, 7.5, r.pick(purples), rotated((a * 180) / Math.PI + 90, tx, ty)));
  }
  svg += foliage(
    r,
    14,
    { x0: -30, x1: 30, y0: -26, y1: -6 },
    [7, 11],
    ['#6c8a64', '#7f9a74', '#93ad88', '#a5bd9a'],
  );
  svg += spikes.join('');
  return { svg, size: 62, width: 86 };
}

function herbs(r: Rng): Plant {
  const palette = r.pick([
    ['#3f8a31', '#4f9e3a', '#67b64a', '#83c95c'],
    ['#5d7f4a', '#6f9159', '#83a36c', '#98b77f'],
    ['#2f7a3a', '#3d8c46', '#52a35a', '#69b86f'],
  ]);
  let svg = ellipse(0, -3, 32, 7, '#000000', ' fill-opacity="0.15"');
  svg += foliage(r, 26, { x0: -28, x1: 28, y0: -42, y1: -6 }, [6, 10], palette);
  if (r.chance(0.4))
    for (let i = 0; i < 6; i++)
      svg += circle(r.range(-20, 20), r.range(-46, -30), 2.2, r.pick(['#ffffff', '#e7d7f5']));
  return { svg, size: 48, width: 66 };
}

function corn(r: Rng): Plant {
  const h = r.range(180, 215);
  let svg = `<path d="M0 0 L${f(r.range(-4, 4))} ${f(-h)}" stroke="#7aa33f" stroke-width="5.5"/>`;
  for (let i = 0; i < 9; i++) {
    const y = -h * (0.12 + i * 0.09);
    const side = i % 2 ? 1 : -1;
    const len = r.range(38, 56) * (1 - i * 0.05);
    svg += `<path d="M0 ${f(y)} Q${f(side * len * 0.6)} ${f(y - 22)} ${f(side * len)} ${f(y + r.range(4, 20))}" stroke="${r.pick(['#5c9630', '#6aa63a', '#4f8a2a'])}" stroke-width="${f(r.range(5, 7))}" fill="none" stroke-linecap="round"/>`;
  }
  svg +=
    ellipse(6, -h * 0.48, 5.5, 15, '#a9c460') +
    `<path d="M6 ${f(-h * 0.48 - 14)} l3 -9 M6 ${f(-h * 0.48 - 14)} l-2 -10" stroke="#c8964a" stroke-width="1.6"/>`;
  for (let i = 0; i < 5; i++)
    svg += `<path d="M0 ${f(-h)} l${f(r.range(-10, 10))} ${f(-r.range(10, 18))}" stroke="#d7c27a" stroke-width="1.8"/>`;
  return {
    svg,
    size: h + 20,
    width: 90,
  };
}

function berries(r: Rng): Plant {
  const blue = r.chance(0.5);
  let svg = ellipse(0, -3, 40, 8, '#000000', ' fill-opacity="0.15"');
  svg += foliage(
    r,
    20,
    { x0: -38, x1: 38, y0: -56, y1: -8 },
    [8, 13],
    ['#2f6a30', '#3e7a3a', '#4d8c43', '#5f9e50'],
  );
  for (let i = r.int(12, 18); i > 0; i--)
    svg += berry(
      r.range(-32, 32),
      r.range(-48, -12),
      blue ? 3.4 : 3.8,
      r.pick(blue ? ['#34438f', '#4a5cb0', '#5b6fbf'] : ['#c8283c', '#d93a4c', '#b81f33']),
    );
  return { svg, size: 60, width: 86 };
}

function flowers(r: Rng): Plant {
  const palette = r.pick([
    ['#e8487a', '#f28ab0', '#ffffff', '#f7b733'],
    ['#f46d2b', '#fbb13c', '#e23d4b', '#fde07a'],
    ['#b44bc8', '#e070c8', '#f5f0ff', '#f28ab0'],
  ]);
  let svg = foliage(r, 14, { x0: -30, x1: 30, y0: -40, y1: -6 }, [6, 10], ['#3f7f33', '#4f9440', '#5fa347']);
  for (let i = r.int(9, 14); i > 0; i--) {
    const x = r.range(-30, 30);
    const y = r.range(-62, -30);
    svg += `<path d="M${f(x)} ${f(y)} L${f(x * 0.7)} -10" stroke="#4f8a38" stroke-width="1.5"/>`;
    const c = r.pick(palette);
    svg += circle(x, y, r.range(5, 7.5), c) + circle(x, y, 2.2, shade(c, -0.45));
  }
  return {
    svg,
    size: 66,
    width: 72,
  };
}

const FRUIT_COLORS: Record<Fruit, string[]> = {
  apple: ['#d23b2e', '#c62f2a', '#e0542f', '#b9d04a'],
  peach: ['#f39a4a', '#f7b05a', '#eb7f3f'],
  lemon: ['#f5d437', '#f1c92b', '#f8e05a'],
  plum: ['#6b3a78', '#7d4588', '#5a2f66'],
  cherry: ['#b3152b', '#c4243a', '#9e1124'],
};

export function fruitTree(r: Rng, fruit: Fruit): Plant {
  let svg = ellipse(0, -2, 70, 13, '#000000', ' fill-opacity="0.18"');
  svg += `<path d="M-8 0 L-5 -80 L-20 -118 M-5 -80 L5 -80 L24 -122 M5 -80 L8 0 Z" fill="#6b4a32" stroke="#5a3d29" stroke-width="7" stroke-linejoin="round"/>`;
  svg += `<path d="M-8 0 L-5 -82 L5 -82 L8 0 Z" fill="#6b4a32"/>`;
  const greens = fruit === 'lemon' ? ['#24502a', '#2e6233', '#3a743d', '#4a8749'] : GREENS;
  for (let i = 0; i < 22; i++) {
    const t = i / 22;
    const a = r.range(0, Math.PI * 2);
    const d = r.range(0, 52) * (1 - t * 0.3);
    const x = Math.cos(a) * d * 1.25;
    const y = -135 + Math.sin(a) * d * 0.8 - t * 14;
    svg += circle(x, y, r.range(22, 32), greens[Math.min(greens.length - 1, Math.floor(t * greens.length))]);
  }
  for (let i = r.int(16, 26); i > 0; i--) {
    const a = r.range(0, Math.PI * 2);
    const d = r.range(8, 54);
    svg += berry(
      Math.cos(a) * d * 1.15,
      -132 + Math.sin(a) * d * 0.72,
      fruit === 'cherry' ? 3.6 : 5.2,
      r.pick(FRUIT_COLORS[fruit]),
    );
  }
  return {
    svg,
    size: 200,
    width: 170,
  };
}

const DRAW: Record<Crop, (r: Rng) => Plant> = {
  tomato,
  peppers,
  lettuce,
  kale,
  chard,
  squash,
  sunflower,
  lavender,
  herbs,
  corn,
  berries,
  flowers,
};

export const drawPlant = (crop: Crop, r: Rng): Plant => DRAW[crop](r);

// Spacing along a row and between rows, in ground units.
export const SPACING: Record<Crop, { along: number; across: number; height: number }> = {
  tomato: { along: 0.55, across: 1.0, height: 0.62 },
  peppers: { along: 0.45, across: 0.8, height: 0.42 },
  lettuce: { along: 0.32, across: 0.62, height: 0.2 },
  kale: { along: 0.4, across: 0.75, height: 0.38 },
  chard: { along: 0.36, across: 0.7, height: 0.32 },
  squash: { along: 0.85, across: 1.3, height: 0.34 },
  sunflower: { along: 0.4, across: 0.95, height: 1.2 },
  lavender: { along: 0.5, across: 0.9, height: 0.42 },
  herbs: { along: 0.4, across: 0.7, height: 0.28 },
  corn: { along: 0.35, across: 0.85, height: 1.25 },
  berries: { along: 0.6, across: 1.1, height: 0.42 },
  flowers: { along: 0.38, across: 0.75, height: 0.36 },
};
