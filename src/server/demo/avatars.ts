import { sharpModule } from '../core/image-work.ts';
import { mix, rng, shade } from './random.ts';

// Portrait illustrations for the demo's people: head and shoulders on a soft background, with a
// skin tone, a hair style and colour, and now and then glasses, a beard or a garden hat.
export const SKINS = ['#f6d5bc', '#efc4a2', '#e0ab84', '#c98e63', '#a8704a', '#85563a', '#5f3b27'] as const;
export const HAIR = ['short', 'long', 'bun', 'curly', 'bob', 'ponytail', 'bald', 'buzz', 'braids'] as const;
export type Look = {
  skin: number;
  hair: (typeof HAIR)[number];
  hairColor: string;
  beard?: boolean;
  glasses?: boolean;
  hat?: 'straw' | 'cap' | 'beanie';
};

const SIZE = 256;
const BACKGROUNDS = ['#d9e8d0', '#f1e3c8', '#dfe7ef', '#f3d9cf', '#e6dff0', '#d6ebe6', '#f2ead0'];
const SHIRTS = ['#4f7a4a', '#c0683f', '#3f6a8a', '#8a5a8a', '#d1a33a', '#6b7f3a', '#b04a4a', '#3f7f78'];

export function avatarSvg(look: Look, seed: number): string {
  const r = rng(seed);
  const skin = SKINS[look.skin] ?? SKINS[1];
  const skinShade = shade(skin, -0.12);
  const hair = look.hairColor;
  const bg = r.pick(BACKGROUNDS);
  const shirt = r.pick(SHIRTS);
  const cx = 128;
  const headY = 112;
  let back = '';
  let front = '';
  // Hair behind the head.
  if (look.hair === 'long')
    back += `<path d="M74 112 Q70 40 128 38 Q186 40 182 112 L190 210 Q128 226 66 210 Z" fill="${hair}"/>`;
  if (look.hair === 'braids')
    back += `<path d="M76 110 Q72 40 128 38 Q184 40 180 110 L176 200 L160 200 L160 130 L96 130 L96 200 L80 200 Z" fill="${hair}"/>`;
  if (look.hair === 'curly' || (look.hair === 'bob' && r.chance(0.2)))
    for (let i = 0; i < 14; i++) {
      const a = Math.PI + (i / 13) * Math.PI;
      back += `<circle cx="${(cx + Math.cos(a) * 58).toFixed(1)}" cy="${(headY - 6 + Math.sin(a) * 60).toFixed(1)}" r="${r.range(17, 23).toFixed(1)}" fill="${hair}"/>`;
    }
  if (look.hair === 'bob')
    back += `<path d="M70 118 Q66 42 128 40 Q190 42 186 118 L184 150 Q176 156 170 150 L168 110 L88 110 L86 150 Q80 156 72 150 Z" fill="${hair}"/>`;
  if (look.hair === 'ponytail')
    back += `<path d="M170 90 Q204 110 192 170 Q186 182 178 168 Q186 130 164 104 Z" fill="${hair}"/>`;
  if (look.hair === 'bun') back += `<circle cx="${cx}" cy="44" r="24" fill="${hair}"/>`;
  // Shoulders, neck, ears, head.
  let body = `<path d="M30 256 Q34 196 96 186 L160 186 Q222 196 226 256 Z" fill="${shirt}"/>`;
  body += `<path d="M108 186 L128 214 L148 186 Z" fill="${skinShade}"/>`;
  body += `<rect x="110" y="150" width="36" height="44" rx="14" fill="${skinShade}"/>`;
  body += `<ellipse cx="78" cy="118" rx="11" ry="15" fill="${skinShade}"/><ellipse cx="178" cy="118" rx="11" ry="15" fill="${skinShade}"/>`;
  body += `<ellipse cx="${cx}" cy="${headY}" rx="50" ry="60" fill="${skin}"/>`;
  // Hair on top.
  const top: Record<Look['hair'], string> = {
    short: `<path d="M78 104 Q74 46 128 44 Q182 46 178 104 Q168 78 140 72 Q110 80 84 84 Z" fill="${hair}"/>`,
    long: `<path d="M78 110 Q76 46 128 44 Q180 46 178 110 Q170 72 128 68 Q96 70 78 110 Z" fill="${hair}"/>`,
    bun: `<path d="M80 100 Q78 50 128 48 Q178 50 176 100 Q160 70 128 68 Q96 70 80 100 Z" fill="${hair}"/>`,
    curly: Array.from({ length: 9 }, (_, i) => {
      const a = Math.PI * (1.1 + (i / 8) * 0.8);
      return `<circle cx="${(cx + Math.cos(a) * 44).toFixed(1)}" cy="${(headY - 8 + Math.sin(a) * 50).toFixed(1)}" r="15" fill="${hair}"/>`;
    }).join(''),
    bob: `<path d="M78 108 Q78 48 128 46 Q178 48 178 108 Q164 74 128 72 Q92 74 78 108 Z" fill="${hair}"/>`,
    ponytail: `<path d="M80 100 Q78 48 128 46 Q178 48 176 100 Q160 70 128 68 Q96 70 80 100 Z" fill="${hair}"/>`,
    bald: `<path d="M80 96 Q86 80 96 74 L92 100 Z M176 96 Q170 80 160 74 L164 100 Z" fill="${hair}" fill-opacity="0.8"/>`,
    buzz: `<path d="M80 100 Q78 50 128 48 Q178 50 176 100 Q160 76 128 74 Q96 76 80 100 Z" fill="${hair}" fill-opacity="0.75"/>`,
    braids: `<path d="M78 108 Q76 46 128 44 Q180 46 178 108 Q166 74 128 70 Q90 74 78 108 Z" fill="${hair}"/>`,
  };
  front += top[look.hair];
  // The face: brows, eyes, nose, cheeks, a smile.
  const eyeY = headY + 4;
  const brow = shade(hair, -0.1);
  front += `<path d="M96 ${eyeY - 16} Q106 ${eyeY - 22} 116 ${eyeY - 16} M140 ${eyeY - 16} Q150 ${eyeY - 22} 160 ${eyeY - 16}" stroke="${brow}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  front += `<ellipse cx="106" cy="${eyeY}" rx="5" ry="6" fill="#2b211c"/><ellipse cx="150" cy="${eyeY}" rx="5" ry="6" fill="#2b211c"/>`;
  front += `<circle cx="108" cy="${eyeY - 2}" r="1.6" fill="#fff"/><circle cx="152" cy="${eyeY - 2}" r="1.6" fill="#fff"/>`;
  front += `<path d="M128 ${eyeY + 6} Q122 ${eyeY + 24} 130 ${eyeY + 26}" stroke="${shade(skin, -0.22)}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  front += `<circle cx="96" cy="${eyeY + 22}" r="9" fill="#e8877a" fill-opacity="0.25"/><circle cx="160" cy="${eyeY + 22}" r="9" fill="#e8877a" fill-opacity="0.25"/>`;
  if (look.beard)
    front += `<path d="M80 120 Q84 176 128 180 Q172 176 176 120 Q168 150 150 152 Q128 140 106 152 Q88 150 80 120 Z" fill="${hair}"/>`;
  const smile = r.range(6, 12);
  front += `<path d="M110 ${eyeY + 38} Q128 ${eyeY + 38 + smile} 146 ${eyeY + 38}" stroke="${look.beard ? shade(skin, 0.1) : '#8a3b32'}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
  if (look.glasses)
    front += `<g fill="none" stroke="#3a2f2a" stroke-width="3.5"><circle cx="106" cy="${eyeY}" r="15"/><circle cx="150" cy="${eyeY}" r="15"/><path d="M121 ${eyeY} L135 ${eyeY} M91 ${eyeY - 2} L80 ${eyeY - 6} M165 ${eyeY - 2} L176 ${eyeY - 6}"/></g>`;
  if (look.hat === 'straw') {
    const straw = r.pick(['#e3c27a', '#d9b466', '#ead096']);
    front += `<ellipse cx="${cx}" cy="62" rx="96" ry="20" fill="${straw}"/><path d="M84 64 Q86 18 128 16 Q170 18 172 64 Z" fill="${shade(straw, 0.06)}"/>`;
    front += `<path d="M85 56 Q128 64 171 56 L172 66 Q128 74 84 66 Z" fill="${r.pick(['#b5523b', '#3f6a8a', '#4f7a4a'])}"/>`;
  } else if (look.hat === 'cap') {
    const cap = r.pick(['#3f6a8a', '#4f7a4a', '#b5523b', '#d1a33a']);
    front += `<path d="M76 84 Q76 36 128 34 Q180 36 180 84 Z" fill="${cap}"/><path d="M76 84 Q128 76 200 92 Q170 100 76 92 Z" fill="${shade(cap, -0.2)}"/>`;
  } else if (look.hat === 'beanie') {
    const wool = r.pick(['#b5523b', '#3f6a8a', '#d1a33a', '#6b7f3a']);
    front += `<path d="M74 90 Q72 30 128 28 Q184 30 182 90 Z" fill="${wool}"/><rect x="72" y="78" width="112" height="18" rx="8" fill="${shade(wool, -0.15)}"/><circle cx="128" cy="26" r="10" fill="${shade(wool, 0.2)}"/>`;
  }
  const leaf = mix(bg, '#4f7a4a', 0.25);
  const deco = `<path d="M18 238 Q30 200 70 196 Q58 232 18 238 Z" fill="${leaf}"/><path d="M238 30 Q226 68 186 72 Q198 36 238 30 Z" fill="${leaf}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 256 256"><rect width="256" height="256" fill="${bg}"/>${deco}${back}${body}${front}</svg>`;
}

export async function renderAvatar(look: Look, seed: number): Promise<Buffer> {
  const sharp = await sharpModule();
  return sharp(Buffer.from(avatarSvg(look, seed)))
    .webp({ quality: 85, effort: 3 })
    .toBuffer();
}
