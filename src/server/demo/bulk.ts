import { sql } from 'drizzle-orm';
import {
  englishDescription,
  englishTitle,
  GENERATED_CROPS,
  GENERATED_SOILS,
  type GeneratedParts,
  TITLE_ADJECTIVES,
  TITLE_PLACES,
} from '#shared/generated-texts.ts';
import type { Db } from '../db/client.ts';
import { listings } from '../db/schema.ts';
import { geocode } from '../features/listings/geo.ts';
import { rng } from './random.ts';

// Many more listings for the benchmarks (npm run seed -- --listings 100000): the same spread of
// cities, types and words as before, by the demo's hosts, one in ten with one of the demo's photos.
const CITIES: [string, string][] = [
  ['Portland', 'OR'],
  ['Seattle', 'WA'],
  ['San Francisco', 'CA'],
  ['Oakland', 'CA'],
  ['Los Angeles', 'CA'],
  ['San Diego', 'CA'],
  ['Sacramento', 'CA'],
  ['Austin', 'TX'],
  ['Houston', 'TX'],
  ['Dallas', 'TX'],
  ['Denver', 'CO'],
  ['Boulder', 'CO'],
  ['Phoenix', 'AZ'],
  ['Tucson', 'AZ'],
  ['Salt Lake City', 'UT'],
  ['Albuquerque', 'NM'],
  ['Minneapolis', 'MN'],
  ['Chicago', 'IL'],
  ['Detroit', 'MI'],
  ['Madison', 'WI'],
  ['Columbus', 'OH'],
  ['Pittsburgh', 'PA'],
  ['Philadelphia', 'PA'],
  ['New York', 'NY'],
  ['Brooklyn', 'NY'],
  ['Boston', 'MA'],
  ['Burlington', 'VT'],
  ['Portland', 'ME'],
  ['Baltimore', 'MD'],
  ['Richmond', 'VA'],
  ['Asheville', 'NC'],
  ['Raleigh', 'NC'],
  ['Atlanta', 'GA'],
  ['Savannah', 'GA'],
  ['Nashville', 'TN'],
  ['New Orleans', 'LA'],
  ['Miami', 'FL'],
  ['Orlando', 'FL'],
  ['Tampa', 'FL'],
  ['Kansas City', 'MO'],
  ['St. Louis', 'MO'],
  ['Omaha', 'NE'],
  ['Boise', 'ID'],
  ['Missoula', 'MT'],
  ['Honolulu', 'HI'],
  ['Anchorage', 'AK'],
  ['Eugene', 'OR'],
  ['Santa Fe', 'NM'],
];
const STREETS = [
  'Maple Ave',
  'Orchard Rd',
  'Garden Ln',
  'Willow St',
  'Meadow Dr',
  'Cedar Ct',
  'Elm St',
  'Harvest Way',
  'Sunflower Blvd',
  'Brook Rd',
];
// The title's words are ours, so a visitor reads them in the page's language (ADR 038).
const ADJ = TITLE_ADJECTIVES;
const PLACE = TITLE_PLACES;
const AMENITIES = [
  'Water access',
  'Tool shed',
  'Compost bins',
  'Rain barrels',
  'Full sun',
  'Fenced',
  'Raised beds',
  'Greenhouse',
  'Parking',
  'Drip irrigation',
  'Seed library',
  'Picnic table',
];
const SOIL = GENERATED_SOILS;
const CROPS = GENERATED_CROPS;

// The spread the benchmark's SQL seeding uses too (bench/listings/seed.ts).
export const BULK_SPREAD = {
  cities: CITIES,
  streets: STREETS,
  adj: ADJ,
  place: PLACE,
  amenities: AMENITIES,
  soil: SOIL,
  crops: CROPS,
};

export async function addBulkListings(
  db: Db,
  hostIds: number[],
  photos: string[],
  total: number,
  log: (line: string) => void = () => {},
): Promise<number> {
  const r = rng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  const makeListing = (i: number) => {
    const type = (['rental', 'exchange', 'community'] as const)[i % 3];
    const [city, state] = CITIES[i % CITIES.length];
    const point = geocode(city, state);
    const place = pick(PLACE[type]);
    const crops = pick(CROPS);
    // Picked in the order they always were, so the same seed gives the same listings.
    const adj = pick(ADJ);
    const parts: Required<GeneratedParts> = { adj, place, city, soil: pick(SOIL), crops };
    return {
      userId: hostIds[i % hostIds.length],
      type,
      title: englishTitle(parts),
      description: englishDescription(parts, type),
      generatedParts: parts,
      price: type === 'rental' ? 25 + Math.floor(r() * 40) * 5 : null,
      workHours: type === 'exchange' ? 2 + Math.floor(r() * 12) : null,
      location: `${100 + Math.floor(r() * 9800)} ${pick(STREETS)}`,
      city,
      state,
      size: pick(['120 sq ft', '200 sq ft', '400 sq ft', '1/4 acre', '1/2 acre', '2 acres']),
      amenities: Array.from(new Set([pick(AMENITIES), pick(AMENITIES), pick(AMENITIES)])),
      images: i % 10 === 0 && photos.length ? [photos[(i / 10) % photos.length]] : [],
      lat: point ? point.lat + (r() - 0.5) * 0.08 : null,
      lng: point ? point.lng + (r() - 0.5) * 0.08 : null,
    };
  };
  const started = Date.now();
  for (let done = 0; done < total; ) {
    const n = Math.min(1000, total - done);
    await db.insert(listings).values(Array.from({ length: n }, (_, k) => makeListing(done + k)));
    done += n;
    if (done % 10_000 === 0) log(`  ${done} (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await db.execute(sql`analyze listings`);
  return Date.now() - started;
}
