import { usStateCode } from '#shared/us-states.ts';
import { isKnownPlace, norm, usPlaces } from './geo.ts';

// Places that forgive typos (ADR 038): the US places of the offline city table, matched by name,
// by the start of the name ("san fran"), or by a close spelling ("portlnd", "new yourk").

export type Place = { name: string; state: string; lat: number; lng: number; population: number };
type Indexed = Place & { key: string };

let table: Indexed[] | null = null;
// Each place by its name, and a "... City" also without it, as people write and list it
// ("New York City" is "New York").
function places(): Indexed[] {
  table ??= usPlaces().flatMap((p) => {
    const short = / City$/.test(p.name) ? p.name.slice(0, -5) : null;
    const own = { ...p, key: norm(p.name) };
    return short ? [own, { ...p, name: short, key: norm(short) }] : [own];
  });
  return table;
}

// Edits (insert, delete, change, swap two neighbours) from a to b, or max + 1 once over max.
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

// How many edits a word of this length may carry: none under 4 letters, one up to 6, then two.
const allowed = (n: number) => (n < 4 ? 0 : n <= 6 ? 1 : 2);

// "portlnd, or" -> the name typed and the state, when a US state ends the text.
function split(text: string): { name: string; state: string | null } {
  const comma = text.lastIndexOf(',');
  if (comma > 0) {
    const state = usStateCode(text.slice(comma + 1));
    if (state) return { name: norm(text.slice(0, comma)), state };
  }
  const words = text.trim().split(/\s+/);
  if (words.length > 1) {
    const state = usStateCode(words.at(-1) ?? '');
    if (state) return { name: norm(words.slice(0, -1).join(' ')), state };
  }
  return { name: norm(text), state: null };
}

export type PlaceMatch = Place & { listings: number };
// Counts the listings of these places (one query for all of them).
export type ListingCounter = (places: Place[]) => Promise<(p: Place) => number>;
// Candidates whose listings are counted: the likeliest by spelling, then by size.
const COUNTED_MAX = 40;

// Up to `limit` places for what is typed: exact names first, then names that start with it, then
// close spellings; within each, the places with more listings, then the larger.
export async function matchPlaces(text: string, count: ListingCounter, limit = 6): Promise<PlaceMatch[]> {
  const { name, state } = split(text);
  if (name.length < 2) return [];
  const max = allowed(name.length);
  const found: { p: Indexed; tier: number }[] = [];
  for (const p of places()) {
    if (state && p.state !== state) continue;
    let tier = -1;
    if (p.key === name) tier = 0;
    else if (p.key.startsWith(name)) tier = 1;
    else if (max > 0) {
      // The whole name misspelt, or its start while it is still being typed.
      const d = Math.min(
        editDistance(name, p.key, max),
        p.key.length > name.length ? editDistance(name, p.key.slice(0, name.length), max) + 0.5 : max + 1,
      );
      if (d <= max) tier = 1 + d;
    }
    if (tier >= 0) found.push({ p, tier });
  }
  const likeliest = found
    .sort((a, b) => a.tier - b.tier || b.p.population - a.p.population)
    .slice(0, COUNTED_MAX);
  const listingsIn = await count(likeliest.map((x) => x.p));
  return likeliest
    .map(({ p, tier }) => ({ tier, m: { ...strip(p), listings: listingsIn(p) } }))
    .sort((a, b) => a.tier - b.tier || b.m.listings - a.m.listings || b.m.population - a.m.population)
    .slice(0, limit)
    .map((x) => x.m);
}

const strip = ({ key: _k, ...p }: Indexed): Place => p;

// A location the search does not know as typed ("portlnd"), read as the place it most likely
// means; null when the text is a known place, a state, a start of a place name, or nothing close.
export async function correctPlace(text: string, count: ListingCounter): Promise<Place | null> {
  // Only words are read as a place: other characters ("Port_and", "%") are searched as typed.
  if (!/^[\p{L}\s.,'-]+$/u.test(text)) return null;
  const { name, state } = split(text);
  // "Munich, Bavaria": a place abroad is searched as typed.
  if (text.includes(',') && !state) return null;
  if (!name || usStateCode(text) || isKnownPlace(name)) return null;
  if (places().some((p) => p.key.startsWith(name) && (!state || p.state === state))) return null;
  const [best] = await matchPlaces(text, count, 1);
  return best ?? null;
}
