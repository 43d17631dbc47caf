import { sql } from 'drizzle-orm';
import type { PlaceSuggestion } from '#shared/places.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import { geocode, norm } from './geo.ts';
import { correctPlace, matchPlaces, type Place } from './places.ts';
import type { SearchRepository } from './search.repository.ts';
import { parseLocation } from './search-terms.ts';

// How long the count of listings per place is kept: suggestions rank by it, to the nearest minute.
const COUNTS_TTL_MS = 60_000;
const NEARBY_MAX = 5;
const NEARBY_KM = 200;

// Places that forgive typos, ranked by their listings (ADR 038).
export class PlacesService {
  private readonly db: Db;
  private readonly searches: SearchRepository;
  private counts: { at: number; byPlace: Promise<Map<string, number>> } | null = null;

  constructor(db: Db, searches: SearchRepository) {
    this.db = db;
    this.searches = searches;
  }

  private async listingsIn(): Promise<(p: Place) => number> {
    if (!this.counts || Date.now() - this.counts.at > COUNTS_TTL_MS) {
      const byPlace = this.db
        .select({ city: listings.city, state: listings.stateCode, n: sql<number>`count(*)::int` })
        .from(listings)
        .where(sql`${listings.active}`)
        .groupBy(listings.city, listings.stateCode)
        .then((rows) => {
          const m = new Map<string, number>();
          for (const r of rows)
            m.set(`${norm(r.city)}|${r.state}`, (m.get(`${norm(r.city)}|${r.state}`) ?? 0) + Number(r.n));
          return m;
        });
      this.counts = { at: Date.now(), byPlace };
      byPlace.catch(() => {
        this.counts = null;
      });
    }
    const m = await this.counts.byPlace;
    return (p) => m.get(`${norm(p.name)}|${p.state}`) ?? 0;
  }

  async suggest(text: string): Promise<PlaceSuggestion[]> {
    const count = await this.listingsIn();
    return matchPlaces(text, count).map((p) => ({ city: p.name, state: p.state, listings: p.listings }));
  }

  // The place a location box's text most likely means when the search does not know it as typed.
  async correct(text: string): Promise<Place | null> {
    return correctPlace(text, await this.listingsIn());
  }

  // Places with listings nearest the place the text means (as typed, or as corrected).
  async nearby(text: string): Promise<PlaceSuggestion[]> {
    const parsed = parseLocation(text);
    const point =
      (parsed.city ? geocode(parsed.city, parsed.state) : geocode(parsed.either ?? text)) ??
      (await this.correct(text));
    if (!point) return [];
    const count = await this.listingsIn();
    const seen = new Map<string, PlaceSuggestion>();
    for (const r of await this.searches.nearestPlaces(point)) {
      const key = `${norm(r.city)}|${r.state}`;
      if (seen.has(key) || seen.size >= NEARBY_MAX) continue;
      // Nearby: the nearest place, and others not much farther (never one across the country).
      const nearest = seen.values().next().value?.distanceKm;
      if (nearest !== undefined && r.km > Math.max(NEARBY_KM, 2 * nearest)) break;
      const listings = count({ name: r.city, state: r.state, lat: 0, lng: 0, population: 0 });
      seen.set(key, { city: r.city, state: r.state, listings, distanceKm: Math.round(r.km) });
    }
    return [...seen.values()];
  }
}
