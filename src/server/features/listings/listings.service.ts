import { PHOTO_MIN_SIDE } from '#shared/constants.ts';
import { encodeCursor } from '#shared/fields.ts';
import type {
  Listing,
  ListingDetail,
  ListingFields,
  ListingsQuery,
  OwnListing,
  UpdateListingInput,
} from '#shared/listings.ts';
import { checkTypeRules, listingFieldsSchema } from '#shared/listings.ts';
import { stateKey, usStateCode } from '#shared/us-states.ts';
import type { ReadFeed } from '../../cache/read-feed.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { hasBlocks } from '../blocks/queries.ts';
import { ownedUploads } from '../uploads/queries.ts';
import { CountCache } from './count-cache.ts';
import { geocode, type Point, warmGeocoder } from './geo.ts';
import { toListing, type Viewer } from './listing-view.ts';
import { type ListingRecord, ListingsRepository } from './listings.repository.ts';
import { PlacesService } from './places.service.ts';
import { SearchRepository } from './search.repository.ts';
import { cursorOf, readCursor } from './search-cursor.ts';
import type { SearchFilter } from './search-filters.ts';
import { fuzzyWords, parseLocation } from './search-terms.ts';

// place, nearPlace: what a misspelt location and a misspelt "near" were read as.
type SearchPage = { json: string; count: number; nextCursor: string | null; total?: number } & Places;
type Places = { place?: string; nearPlace?: string };

// "near": a city and state, or a city alone.
function placePoint(text: string): Point | null {
  const place = parseLocation(text);
  if (place.city && place.state) return geocode(place.city, place.state);
  return geocode(place.either ?? place.city ?? text);
}

export class ListingsService {
  private db: Db;
  readonly repo: ListingsRepository;
  private afterCreate: (listing: Listing) => Promise<void>;
  private readonly searches: SearchRepository;
  readonly places: PlacesService;

  // afterCreate: called once a listing is published (saved searches match it); its failure does
  // not undo it.
  // feed: what the database says changed, for the counts kept per search (ADR 041), within
  // countsBytes (ADR 047).
  constructor(
    db: Db,
    afterCreate: (listing: Listing) => Promise<void>,
    feed?: ReadFeed,
    countsBytes?: number,
  ) {
    this.db = db;
    this.repo = new ListingsRepository(db);
    this.afterCreate = afterCreate;
    this.searches = new SearchRepository(db, feed ? new CountCache(feed, countsBytes) : null);
    this.places = new PlacesService(db);
  }

  // How often a search's count came from the counts kept (tests, benchmarks).
  get countStats() {
    return this.searches.countStats;
  }

  // The city table is part of the server's working set (ADR 047): main.ts reads it once after
  // listening, so the first "near" search does not, and memory after start is what it stays.
  warmPlaces(): void {
    warmGeocoder();
  }

  // What the counts kept hold now, against their budget (metrics).
  get countsHeld() {
    return this.searches.countsHeld;
  }

  // The page of results as ListingSummary[] JSON text.
  // onlyId: the same search, restricted to one listing.
  // viewerId: the signed-in searcher; listings of users blocked either way are left out (ADR 029).
  async search(query: ListingsQuery, onlyId?: number, viewerId?: number): Promise<SearchPage> {
    const { filter, place, nearPlace } = await this.filterOf(query, onlyId, viewerId);
    if (query.cursor) filter.after = readCursor(query.cursor, filter.sort, Boolean(query.q));
    const [rows, total] = await Promise.all([
      this.searches.search(filter),
      // The first page says how many there are in all.
      query.cursor || onlyId !== undefined ? undefined : this.searches.count(filter),
    ]);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    const nextCursor = rows.length > query.limit && last ? encodeCursor(cursorOf(filter.sort, last)) : null;
    return {
      // The page as the JSON array of its summaries, written by PostgreSQL (ADR 041). Search
      // results are seen by anyone: the approximate area, never the home (ADR 038).
      json: `[${page.map((r) => r.json).join(',')}]`,
      count: page.length,
      nextCursor,
      ...(place ? { place } : {}),
      ...(nearPlace ? { nearPlace } : {}),
      ...(total === undefined ? {} : { total }),
    };
  }

  // Every listing the same search finds, as the JSON of map points at their approximate areas.
  async mapPointsJson(query: ListingsQuery, viewerId?: number): Promise<string> {
    const { filter } = await this.filterOf(query, undefined, viewerId);
    return this.searches.mapPointsJson(filter);
  }

  // The search's filter, and the place a misspelt location was read as ("portlnd": "Portland, OR").
  private async filterOf(
    query: ListingsQuery,
    onlyId?: number,
    viewerId?: number,
  ): Promise<{ filter: SearchFilter } & Places> {
    const filter: SearchFilter = {
      onlyId,
      ...(viewerId !== undefined && (await hasBlocks(this.db, viewerId)) ? { viewer: viewerId } : {}),
      type: query.type,
      city: query.city,
      state: query.state === undefined ? undefined : stateKey(query.state),
      q: query.q,
      fuzzyWords: query.q ? fuzzyWords(query.q) : undefined,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      minSize: query.minSize,
      amenities: query.amenities,
      sort: query.sort ?? 'newest',
      limit: query.limit + 1,
      ...(query.available ? { available: { day: query.available, now: new Date() } } : {}),
    };
    let corrected: string | undefined;
    if (query.location) {
      // The explicit city and state parameters win over the box's.
      const place = parseLocation(query.location);
      const fixed = query.city || query.state ? null : await this.places.correct(query.location);
      if (fixed) {
        filter.city = fixed.name;
        filter.state = fixed.state;
        corrected = `${fixed.name}, ${fixed.state}`;
      } else {
        filter.city ??= place.city;
        filter.state ??= place.state;
        filter.either = place.either;
      }
    }
    let nearPlace: string | undefined;
    if (query.near) {
      // A place as typed, else the one its suggestions offer first ("Seatle": Seattle, WA; ADR 051).
      let point = placePoint(query.near);
      if (!point) {
        const fixed = await this.places.firstSuggestion(query.near);
        if (fixed) nearPlace = `${fixed.name}, ${fixed.state}`;
        point = fixed;
      }
      if (!point)
        throw badRequest(`We could not find the place "${query.near}". Try "City, State".`, 'UNKNOWN_PLACE');
      filter.near = { lat: point.lat, lng: point.lng, radiusKm: query.radiusKm };
      filter.sort = query.sort ?? 'distance';
    } else if (query.sort === 'distance') {
      throw badRequest('Sorting by distance needs a place in "near"', 'NEAR_REQUIRED');
    }
    return { filter, ...(corrected ? { place: corrected } : {}), ...(nearPlace ? { nearPlace } : {}) };
  }

  // One round trip: the listing, and for a signed-in viewer whether a booking of theirs shows the
  // address and whether a block stands between them and the host (ADR 041).
  async detail(id: number, viewer?: Viewer | null): Promise<ListingDetail> {
    const viewerId = viewer?.id;
    const row = await this.repo.detailById(id, viewerId ?? null);
    if (!row || (!row.active && row.userId !== viewerId))
      throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    // Two users with a block between them do not see each other's listings (ADR 029).
    if (viewerId !== undefined && viewerId !== row.userId && row.blocked)
      throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    // The host, an operator, or a grower whose booking was accepted or paid (ADR 038).
    const seesHome = viewer ? viewer.id === row.userId || viewer.role === 'admin' || row.booked : false;
    return {
      ...toListing(row, seesHome),
      rating: row.rating,
      host: { id: row.userId, memberSince: (row.memberSince ?? row.createdAt).toISOString() },
    };
  }

  // The active listings among these ids, in the order given.
  async summaries(ids: number[]): Promise<Listing[]> {
    const byId = new Map((await this.repo.activeByIds(ids)).map((r) => [r.id, toListing(r)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  // The host's own list, with the listings Yardshare hid marked as such.
  async dashboard(userId: number): Promise<OwnListing[]> {
    return (await this.repo.ownedForDashboard(userId)).map((r) => ({
      ...toListing(r, true),
      hiddenBy: r.hiddenReason ?? null,
    }));
  }

  // A host's active listings as their public profile shows them (the approximate areas).
  async mine(userId: number): Promise<Listing[]> {
    return (await this.repo.byOwner(userId)).map((r) => toListing(r));
  }

  private async checkImages(userId: number, images: string[], alreadyOnListing: string[] = []) {
    const fresh = images.filter((p) => !alreadyOnListing.includes(p));
    const owned = await ownedUploads(this.db, userId, fresh);
    const foreign = fresh.find((p) => !owned.has(p));
    if (foreign) throw badRequest('Images must be photos you uploaded to Yardshare', 'INVALID_IMAGE');
    // A new photo is at least PHOTO_MIN_SIDE on its shorter side (uploads before ADR 038 are not measured).
    if (fresh.some((p) => (owned.get(p) ?? PHOTO_MIN_SIDE) < PHOTO_MIN_SIDE))
      throw badRequest(
        `Each photo of a listing must be at least ${PHOTO_MIN_SIDE} px on its shorter side`,
        'PHOTO_TOO_SMALL',
      );
    if (new Set(images).size !== images.length)
      throw badRequest('The same image is listed twice', 'DUPLICATE_IMAGE');
  }

  // Each type keeps only its own number: rentals a price, exchanges work hours, community neither.
  private normalize(v: ListingFields) {
    const point = geocode(v.city, v.state);
    return {
      type: v.type,
      title: v.title,
      description: v.description,
      price: v.type === 'rental' ? (v.price ?? null) : null,
      workHours: v.type === 'exchange' ? (v.workHours ?? null) : null,
      location: v.location,
      city: v.city,
      // A US state is kept as its postal code, however it was typed (ADR 038).
      state: usStateCode(v.state) ?? v.state,
      size: v.size ? v.size : null,
      amenities: v.amenities,
      images: v.images,
      lat: point?.lat ?? null,
      lng: point?.lng ?? null,
      plots: v.plots,
      seasonStart: v.seasonStart ?? null,
      seasonEnd: v.seasonEnd ?? null,
      bookingMode: v.bookingMode,
      cancellationPolicy: v.cancellationPolicy,
      agreement: v.agreement,
    };
  }

  // Publishing needs a confirmed e-mail address (ADR 022): browsing and messaging do not.
  async create(author: { id: number; emailVerifiedAt: Date | null }, input: ListingFields): Promise<Listing> {
    if (!author.emailVerifiedAt)
      throw forbidden('Please verify your e-mail address before publishing a listing.', 'EMAIL_UNVERIFIED');
    const userId = author.id;
    await this.checkImages(userId, input.images);
    const listing = toListing(await this.repo.insert({ ...this.normalize(input), userId }), true);
    await this.afterCreate(listing);
    return listing;
  }

  private async owned(id: number, userId: number): Promise<ListingRecord> {
    const row = await this.repo.byId(id);
    if (!row?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    if (row.userId !== userId) throw forbidden('You can only change your own listings', 'NOT_OWNER');
    return row;
  }

  async update(id: number, userId: number, patch: UpdateListingInput): Promise<Listing> {
    const current = await this.owned(id, userId);
    const merged = listingFieldsSchema
      .superRefine(checkTypeRules)
      .safeParse({ ...toListing(current, true), ...stripUndefined(patch) });
    if (!merged.success) throw badRequest(merged.error.issues[0]?.message ?? 'Invalid listing', 'VALIDATION');
    await this.checkImages(userId, merged.data.images, current.images);
    return toListing(await this.repo.update(id, this.normalize(merged.data)), true);
  }

  async remove(id: number, userId: number): Promise<'deleted' | 'hidden'> {
    await this.owned(id, userId);
    return this.repo.remove(id);
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
