import { and, desc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Listing, ListingSummary } from '#shared/listings.ts';
import {
  type CreateSavedSearchInput,
  describeSearch,
  normalizeSearchQuery,
  parseSavedQuery,
  SAVED_LISTINGS_SHOWN,
  SAVED_SEARCHES_MAX,
  type SavedSearch,
  type SavedState,
} from '#shared/saved.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import { savedListings, savedSearches } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { Lang } from '../../mail/lang.ts';
import { notBlockedWith } from '../blocks/queries.ts';
import type { ListingsService } from '../listings/index.ts';
import { isActiveListing, type ListingIdRef } from '../listings/queries.ts';
import { lockUser } from '../users/queries.ts';

// How many saved searches a new listing is checked against, newest first.
const MATCH_CANDIDATES_MAX = 2000;
const TITLE_CHARS = 60;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function toSavedSearch(r: typeof savedSearches.$inferSelect): SavedSearch {
  return { id: r.id, name: r.name, query: r.query, createdAt: r.createdAt.toISOString() };
}

export class SavedService {
  private db: Db;
  private log: FastifyBaseLogger;
  private notifier: Notifier;
  private listings: ListingsService;

  constructor(db: Db, listings: ListingsService, notifier: Notifier, log: FastifyBaseLogger) {
    this.db = db;
    this.listings = listings;
    this.notifier = notifier;
    this.log = log;
  }

  // Idempotent; only an active listing can be saved.
  async save(userId: number, listingId: number): Promise<SavedState> {
    const visible = (id: ListingIdRef) => isActiveListing(id, (owner) => notBlockedWith(userId, owner));
    await this.db.execute(sql`insert into ${savedListings} (user_id, listing_id)
      select ${userId}, ${listingId} where ${visible(listingId)}
      on conflict do nothing`);
    const [row] = await this.db
      .select({ id: savedListings.listingId })
      .from(savedListings)
      .where(
        and(
          eq(savedListings.userId, userId),
          eq(savedListings.listingId, listingId),
          visible(savedListings.listingId),
        ),
      );
    if (!row) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    return { listingId, saved: true };
  }

  // Idempotent: unsaving what is not saved is fine.
  async unsave(userId: number, listingId: number): Promise<SavedState> {
    await this.db
      .delete(savedListings)
      .where(and(eq(savedListings.userId, userId), eq(savedListings.listingId, listingId)));
    return { listingId, saved: false };
  }

  async ids(userId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: savedListings.listingId })
      .from(savedListings)
      .where(eq(savedListings.userId, userId))
      .orderBy(desc(savedListings.createdAt));
    return rows.map((r) => r.id);
  }

  // The saved listings still active, newest saved first.
  async list(userId: number): Promise<ListingSummary[]> {
    const rows = await this.db
      .select({ id: savedListings.listingId })
      .from(savedListings)
      .where(
        and(
          eq(savedListings.userId, userId),
          isActiveListing(savedListings.listingId, (owner) => notBlockedWith(userId, owner)),
        ),
      )
      .orderBy(desc(savedListings.createdAt), desc(savedListings.listingId))
      .limit(SAVED_LISTINGS_SHOWN);
    return this.listings.summaries(rows.map((r) => r.id));
  }

  // At most SAVED_SEARCHES_MAX per user: the user's row is locked while counting. Saving the same
  // search again returns the one saved before.
  async createSearch(
    userId: number,
    input: CreateSavedSearchInput,
  ): Promise<{ search: SavedSearch; created: boolean }> {
    const query = normalizeSearchQuery(input.query);
    const parsed = parseSavedQuery(query);
    if (!parsed.ok) throw badRequest(parsed.message, 'INVALID_SEARCH');
    const name = input.name || describeSearch(query);
    return this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [existing] = await tx
        .select()
        .from(savedSearches)
        .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, query)));
      if (existing) return { search: toSavedSearch(existing), created: false };
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId));
      if (Number(n) >= SAVED_SEARCHES_MAX)
        throw conflict(
          `You can save up to ${SAVED_SEARCHES_MAX} searches. Delete one to save another.`,
          'SAVED_SEARCH_LIMIT',
        );
      const [row] = await tx
        .insert(savedSearches)
        .values({ userId, name, query, type: parsed.value.type ?? null })
        .returning();
      return { search: toSavedSearch(row), created: true };
    });
  }

  async searches(userId: number): Promise<SavedSearch[]> {
    const rows = await this.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
    return rows.map(toSavedSearch);
  }

  // Another user's search is not found.
  async removeSearch(userId: number, id: number): Promise<void> {
    const gone = await this.db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning({ id: savedSearches.id });
    if (!gone.length) throw notFound('Saved search not found', 'SAVED_SEARCH_NOT_FOUND');
  }

  // Other users' saved searches this new listing matches, by the /api/listings search itself
  // restricted to the listing; each owner is notified once. Never throws: the listing stays published.
  async listingCreated(listing: Listing): Promise<void> {
    try {
      const candidates = await this.db
        .select()
        .from(savedSearches)
        .where(
          and(
            ne(savedSearches.userId, listing.userId),
            or(isNull(savedSearches.type), eq(savedSearches.type, listing.type)),
          ),
        )
        .orderBy(desc(savedSearches.id))
        .limit(MATCH_CANDIDATES_MAX);
      const matched = new Map<number, typeof savedSearches.$inferSelect>();
      for (const s of candidates) {
        if (matched.has(s.userId)) continue;
        const parsed = parseSavedQuery(s.query);
        if (!parsed.ok) continue;
        const found = await this.listings
          .search({ ...parsed.value, limit: 1, cursor: undefined }, listing.id)
          .catch(() => null);
        if (found?.count) matched.set(s.userId, s);
      }
      for (const s of matched.values()) await this.notifyMatch(s, listing);
    } catch (err) {
      this.log.error({ err, listingId: listing.id }, 'saved search matching failed');
    }
  }

  private async notifyMatch(s: typeof savedSearches.$inferSelect, listing: Listing): Promise<void> {
    const link = `/listings/${listing.id}`;
    const title = ({ t }: Lang) => t.savedSearchMatch(clip(s.name, TITLE_CHARS));
    const body = ({ t }: Lang) =>
      t.savedSearchBody(clip(listing.title, TITLE_CHARS), listing.city, listing.state);
    await this.db.transaction(async (tx) => {
      await tx.update(savedSearches).set({ lastNotifiedAt: new Date() }).where(eq(savedSearches.id, s.id));
      await this.notifier.notify(tx, {
        userId: s.userId,
        kind: 'saved_search_match',
        actorId: listing.userId,
        listingId: listing.id,
        title,
        body,
        link,
        email: (l) => ({
          subject: title(l),
          paragraphs: [body(l)],
          action: { label: l.t.viewListing, url: link },
        }),
      });
    });
  }
}
