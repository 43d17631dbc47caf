// The listings feature's data face: the queries of its tables other modules use (ADR 053).
import { type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema.ts';

type Reader = Pick<Db, 'select'>;
// A listing's id as the caller's query names it: a column (table-qualified: in a single-table select
// list Drizzle writes a column bare, which inside these subqueries would mean the listings' own),
// SQL, or a value.
export type ListingIdRef = AnyColumn | SQL | number;

// A listing's title and its owner (the host), by id: scalar subqueries for a select list or a
// condition of the caller's query.
export const listingTitle = (id: ListingIdRef) =>
  sql<string>`(select l.title from ${listings} l where l.id = ${id})`;
export const listingOwner = (id: ListingIdRef) =>
  sql<number>`(select l.user_id from ${listings} l where l.id = ${id})`;

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
