// The listings feature's data face: the queries of its tables other modules use (ADR 053).
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { ListingForHead } from '#shared/seo.ts';
import { onePage, type Page, textOrId } from '../../core/console-lists.ts';
import { qualified } from '../../core/qualified.ts';
import type { Db, Tx } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';

type Reader = Pick<Db, 'select'>;
// A listing's id as the caller's query names it: a column, SQL, or a value.
export type ListingIdRef = AnyColumn | SQL | number;

// A listing's title and its owner (the host), by id: scalar subqueries for a select list or a
// condition of the caller's query.
export const listingTitle = (id: ListingIdRef) =>
  sql<string>`(select l.title from ${listings} l where l.id = ${qualified(id)})`;
export const listingOwner = (id: ListingIdRef) =>
  sql<number>`(select l.user_id from ${listings} l where l.id = ${qualified(id)})`;

// Who owns the listing and whether it is public (active); null when there is no such listing.
export async function listingOwnership(
  db: Reader,
  id: number,
): Promise<{ userId: number; active: boolean } | null> {
  const [l] = await db
    .select({ userId: listings.userId, active: listings.active })
    .from(listings)
    .where(eq(listings.id, id))
    .limit(1);
  return l ?? null;
}

// The titles of these listings, by id (a removed listing is missing).
export async function listingTitles(db: Reader, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(inArray(listings.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

// What a page's head says of an active listing (crawlers see active listings only); null when it
// is not public.
export async function activeListingForHead(
  db: Pick<Db, 'select'>,
  id: number,
): Promise<(ListingForHead & { generatedParts: unknown }) | null> {
  const [row] = await db
    .select({
      id: listings.id,
      title: listings.title,
      generatedParts: listings.generatedParts,
      description: listings.description,
      type: listings.type,
      price: listings.price,
      workHours: listings.workHours,
      city: listings.city,
      state: listings.state,
      images: listings.images,
    })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.active, true)))
    .limit(1);
  return row ?? null;
}

export async function countActiveListings(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(eq(listings.active, true));
  return Number(row?.n ?? 0);
}

// A page of the active listings in id order (the sitemap's: a listing keeps its file).
export async function activeListingsById(
  db: Pick<Db, 'select'>,
  page: { limit: number; offset: number },
): Promise<{ id: number; updatedAt: Date }[]> {
  return db
    .select({ id: listings.id, updatedAt: listings.updatedAt })
    .from(listings)
    .where(eq(listings.active, true))
    .orderBy(asc(listings.id))
    .limit(page.limit)
    .offset(page.offset);
}

// A listing's row by id (undefined: none).
export async function listingById(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(listings).where(eq(listings.id, id)).limit(1);
  return row;
}

// The listing's row locked for the transaction (FOR UPDATE): the first lock of every booking move.
export async function lockListing(tx: Tx, id: number): Promise<void> {
  await tx.select({ id: listings.id }).from(listings).where(eq(listings.id, id)).for('update');
}

// True when the listing is public (active) and, given `owner`, its owner passes that condition (SQL
// of the owner's id, such as a block check).
export const isActiveListing = (id: ListingIdRef, owner?: (ownerId: SQL) => SQL) =>
  sql<boolean>`exists (select 1 from ${listings} l where l.id = ${qualified(id)} and l.active${
    owner ? sql` and ${owner(sql.raw('l.user_id'))}` : sql``
  })`;

export type { ListingRow } from './listing-columns.ts';

// The listing's row, locked for the transaction (FOR UPDATE) in the same statement that reads it:
// a booking decision counts plots under this lock (ADR 016). Undefined: no such listing.
export async function lockListingRow(tx: Tx, id: number) {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for('update');
  return row;
}

// The ids of a host's active listings.
export async function activeListingIdsOf(db: Pick<Db, 'select'>, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.active, true)));
  return rows.map((r) => r.id);
}

// A listing's city, state and type, by id: scalar subqueries for a select list of the caller's query.
export const listingCity = (id: ListingIdRef) =>
  sql<string>`(select l.city from ${listings} l where l.id = ${qualified(id)})`;
export const listingState = (id: ListingIdRef) =>
  sql<string>`(select l.state from ${listings} l where l.id = ${qualified(id)})`;
export const listingType = (id: ListingIdRef) =>
  sql<string>`(select l.type from ${listings} l where l.id = ${qualified(id)})`;

// The ids of the user's own listings: a SELECT of one column (id) for the caller's statement.
export const listingIdsOf = (userId: AnyColumn | SQL | number) =>
  sql<number>`select l.id from ${listings} l where l.user_id = ${userId}`;

// The user's listings, whole rows, in id order (the account's export, ADR 022).
export function listingsOfPerson(db: Reader, userId: number) {
  return db.select().from(listings).where(eq(listings.userId, userId)).orderBy(listings.id);
}

// The ids of the user's listings, locked for the transaction (FOR UPDATE): a booking being made on
// one finishes first.
export function lockListingsOf(tx: Tx, userId: number): Promise<{ id: number }[]> {
  return tx.select({ id: listings.id }).from(listings).where(eq(listings.userId, userId)).for('update');
}

// A deleted account's listings (ADR 022): those `stillNeeded` (a condition on the listing's id,
// e.g. bookings or payments point to it) are hidden and emptied, the others deleted.
export async function forgetListings(
  tx: Tx,
  ids: number[],
  stillNeeded: (listingId: AnyColumn) => SQL,
): Promise<void> {
  const kept = sql`(${stillNeeded(listings.id)})`;
  await tx
    .update(listings)
    .set({
      active: false,
      description: 'This listing was removed.',
      location: '',
      size: null,
      amenities: [],
      images: [],
      lat: null,
      lng: null,
      updatedAt: new Date(),
    })
    .where(and(inArray(listings.id, ids), kept));
  await tx.delete(listings).where(and(inArray(listings.id, ids), sql`not ${kept}`));
}

// Every listing's photos' upload paths: a SELECT of one column (path) for the caller's statement.
export const listingImagePaths = () => sql`select unnest(${listings.images}) as path from ${listings}`;

// A listing's host and title with the caller's fragments (such as a person's name by id) in the
// same statement; undefined when there is no such listing.
export async function listingHostAndTitle<T extends Record<string, SQL>>(
  db: Pick<Db, 'select'>,
  id: number,
  more: T,
) {
  const [row] = await db
    .select({ hostId: listings.userId, title: listings.title, ...more })
    .from(listings)
    .where(eq(listings.id, id));
  return row;
}

// ---- The operator console (ADR 029) -------------------------------------------------------------
export function listingsByIds(db: Pick<Db, 'select'>, ids: number[]) {
  return ids.length ? db.select().from(listings).where(inArray(listings.id, ids)) : Promise.resolve([]);
}

// One page of the listings matching the search box (title, city, description or id), newest first.
export function listingsPage(db: Pick<Db, 'select'>, q: string | undefined, page: Page) {
  const where = textOrId(q, listings.id, [listings.title, listings.city, listings.description]);
  return onePage(db, listings, where, [desc(listings.createdAt), desc(listings.id)], page);
}

// The newest listings of the host, `limit` at the most.
export function latestListingsOf(db: Pick<Db, 'select'>, userId: number, limit: number) {
  return db
    .select()
    .from(listings)
    .where(eq(listings.userId, userId))
    .orderBy(desc(listings.createdAt))
    .limit(limit);
}

// How many listings each of these hosts has (a host with none is missing).
export async function listingCountsOf(
  db: Pick<Db, 'select'>,
  userIds: number[],
): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: listings.userId, n: count() })
    .from(listings)
    .where(inArray(listings.userId, userIds))
    .groupBy(listings.userId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function hiddenListingCount(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(listings).where(isNotNull(listings.hiddenReason));
  return Number(row?.n ?? 0);
}

// An admin takes the listing off the site from `at`; restoring makes it public again.
export async function hideListingByAdmin(tx: Tx, id: number, at: Date): Promise<void> {
  await tx
    .update(listings)
    .set({ active: false, hiddenReason: 'admin', hiddenAt: at })
    .where(eq(listings.id, id));
}
export async function restoreHiddenListing(tx: Tx, id: number): Promise<void> {
  await tx
    .update(listings)
    .set({ active: true, hiddenReason: null, hiddenAt: null })
    .where(eq(listings.id, id));
}

// A suspended host's public listings go off the site from `at`, marked 'suspension' so that
// reinstating restores exactly those. Each returns the ids it changed.
export function hideListingsOfSuspended(tx: Tx, userId: number, at: Date) {
  return tx
    .update(listings)
    .set({ active: false, hiddenReason: 'suspension', hiddenAt: at })
    .where(and(eq(listings.userId, userId), eq(listings.active, true), isNull(listings.hiddenReason)))
    .returning({ id: listings.id });
}
export function restoreListingsOfReinstated(tx: Tx, userId: number) {
  return tx
    .update(listings)
    .set({ active: true, hiddenReason: null, hiddenAt: null })
    .where(and(eq(listings.userId, userId), eq(listings.hiddenReason, 'suspension')))
    .returning({ id: listings.id });
}

// The listing's id and title when one of these people owns it; undefined otherwise.
export async function listingOwnedByAny(
  db: Pick<Db, 'select'>,
  id: number,
  ownerIds: number[],
): Promise<{ id: number; title: string } | undefined> {
  const [row] = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(and(eq(listings.id, id), inArray(listings.userId, ownerIds)))
    .limit(1);
  return row;
}
