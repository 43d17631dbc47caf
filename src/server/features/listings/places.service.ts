import { and, inArray, sql } from 'drizzle-orm';
import type { PlaceSuggestion } from '#shared/places.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';
import { geocode, norm } from './geo.ts';
import { correctPlace, type ListingCounter, matchPlaces, type Place } from './places.ts';
import { parseLocation } from './search-terms.ts';

const NEARBY_MAX = 5;
const NEARBY_KM = 200;

// Places that forgive typos, ranked by their listings (ADR 038).
export class PlacesService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  // The active listings of each of these places, counted now (the city index answers it).
  private counter: ListingCounter = async (list) => {
    if (!list.length) return () => 0;
    const rows = await this.db
      .select({
        city: sql<string>`lower(${listings.city})`,
        state: listings.stateCode,
        n: sql<number>`count(*)::int`,
      })
      .from(listings)
      .where(
        and(
          sql`${listings.active}`,
          inArray(
            sql`lower(${listings.city})`,
            list.map((p) => p.name.toLowerCase()),
          ),
          inArray(listings.stateCode, [...new Set(list.map((p) => p.state))]),
        ),
      )
      .groupBy(sql`lower(${listings.city})`, listings.stateCode);
    const byPlace = new Map(rows.map((r) => [`${r.city}|${r.state}`, Number(r.n)]));
    return (p) => byPlace.get(`${p.name.toLowerCase()}|${p.state}`) ?? 0;
  };

  async suggest(text: string): Promise<PlaceSuggestion[]> {
    return (await matchPlaces(text, this.counter)).map((p) => ({
      city: p.name,
      state: p.state,
      listings: p.listings,
    }));
  }

  // The place a location box's text most likely means when the search does not know it as typed.
  async correct(text: string): Promise<Place | null> {
    return correctPlace(text, this.counter);
  }

  // The place a "near" box's text means when it is not one as typed ("Seatle"): the first place the
  // suggestions offer for it (ADR 051); null when they offer none.
  async firstSuggestion(text: string): Promise<Place | null> {
    const [best] = await matchPlaces(text, this.counter, 1);
    return best ?? null;
  }

  // Places with listings nearest the place the text means (as typed, or as corrected).
  async nearby(text: string): Promise<PlaceSuggestion[]> {
    const parsed = parseLocation(text);
    const point =
      (parsed.city ? geocode(parsed.city, parsed.state) : geocode(parsed.either ?? text)) ??
      (await this.correct(text));
    if (!point) return [];
    const seen = new Map<string, Place & { km: number }>();
    for (const r of await this.nearestPlaces(point)) {
      const key = `${norm(r.city)}|${r.state}`;
      if (seen.has(key) || seen.size >= NEARBY_MAX) continue;
      // Nearby: the nearest place, and others not much farther (never one across the country).
      const nearest = seen.values().next().value?.km;
      if (nearest !== undefined && r.km > Math.max(NEARBY_KM, 2 * nearest)) break;
      seen.set(key, { name: r.city, state: r.state, lat: 0, lng: 0, population: 0, km: r.km });
    }
    const found = [...seen.values()];
    const listingsIn = await this.counter(found);
    return found.map((p) => ({
      city: p.name,
      state: p.state,
      listings: listingsIn(p),
      distanceKm: Math.round(p.km),
    }));
  }

  // The active listings nearest a point (by their areas), a few per place: their city and state.
  async nearestPlaces(point: {
    lat: number;
    lng: number;
  }): Promise<{ city: string; state: string; km: number }[]> {
    const center = sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
    const earth = sql`${listings.areaPoint}`;
    const result = await this.db
      .select({
        city: listings.city,
        state: listings.stateCode,
        km: sql<number>`(12742 * asin(least(1, (${earth} <-> ${center}) / (2 * earth()))))`,
      })
      .from(listings)
      .where(and(sql`${listings.active}`, sql`${listings.areaLat} is not null`))
      .orderBy(sql`${earth} <-> ${center}`)
      .limit(200);
    return result.map((r) => ({ ...r, km: Number(r.km) }));
  }
}
