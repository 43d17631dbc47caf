import { sql } from 'drizzle-orm';
import type { HostWaitlist, MyWaitlist, WaitlistEntryStatus } from '#shared/waitlists.ts';
import type { Db } from '../../db/client.ts';
import { listingCity, listingTitle, listingType } from '../listings/queries.ts';
import { userName, userUsername } from '../users/queries.ts';

type Reader = Pick<Db, 'execute'>;

type Row = {
  id: number;
  listingId: number;
  growerId: number;
  start: string;
  months: number | null;
  note: string | null;
  position: number;
  status: WaitlistEntryStatus;
  createdAt: Date | string;
  offerId: number | null;
  offerExpiresAt: Date | string | null;
  offerStart: string | null;
  offerEnd: string | null;
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : String(d).slice(0, 10));

// The open entries (waiting or offered), each with its place in line (1 is first) and its open
// offer; `where` picks the lists or the grower.
async function openEntries(db: Reader, where: ReturnType<typeof sql>, extra = sql``) {
  const result = await db.execute(sql`
    select e.id, e.listing_id as "listingId", e.grower_id as "growerId", e.start, e.months, e.note,
      e.status, e.created_at as "createdAt",
      row_number() over (partition by e.listing_id order by e.position, e.id)::int as position,
      o.id as "offerId", o.expires_at as "offerExpiresAt", o.start as "offerStart", o."end" as "offerEnd"
      ${extra}
    from waitlist_entries e
    left join waitlist_offers o on o.entry_id = e.id and o.status = 'open'
    where e.status in ('waiting', 'offered') and e.listing_id in (${where})
    order by e.listing_id, e.position, e.id`);
  return (result as unknown as { rows: (Row & Record<string, unknown>)[] }).rows;
}

// The entry's grower and listing, as openEntries names them.
const GROWER = sql.raw('e.grower_id');
const LISTING = sql.raw('e.listing_id');

const entryOf = (r: Row) => ({
  id: Number(r.id),
  listingId: Number(r.listingId),
  start: day(r.start),
  months: r.months === null ? null : Number(r.months),
  note: r.note,
  position: Number(r.position),
  status: r.status,
  offer:
    r.offerId === null || r.offerExpiresAt === null
      ? null
      : {
          id: Number(r.offerId),
          expiresAt: iso(r.offerExpiresAt),
          start: day(r.offerStart),
          end: r.offerEnd === null ? null : day(r.offerEnd),
        },
  createdAt: iso(r.createdAt),
});

// The host's list, in order, with who waits.
export async function hostList(
  db: Reader,
  listing: { id: number; plots: number },
  closed: boolean,
): Promise<HostWaitlist> {
  const rows = await openEntries(
    db,
    sql`${listing.id}`,
    sql`, ${userName(GROWER)} as "growerName", ${userUsername(GROWER)} as "growerUsername"`,
  );
  return {
    listingId: listing.id,
    closed,
    plots: listing.plots,
    entries: rows.map((r) => ({
      ...entryOf(r),
      grower: { id: Number(r.growerId), name: String(r.growerName), username: String(r.growerUsername) },
    })),
  };
}

// A grower's places: the position counts everyone ahead on the same list.
export async function growerLists(db: Reader, growerId: number): Promise<MyWaitlist[]> {
  const rows = await openEntries(
    db,
    sql`select listing_id from waitlist_entries where grower_id = ${growerId} and status in ('waiting', 'offered')`,
    sql`, ${listingTitle(LISTING)} as "title", ${listingCity(LISTING)} as "city",
      ${listingType(LISTING)} as "type"`,
  );
  return rows
    .filter((r) => Number(r.growerId) === growerId)
    .map((r) => ({
      ...entryOf(r),
      listing: {
        id: Number(r.listingId),
        title: String(r.title),
        city: String(r.city),
        type: String(r.type),
      },
    }));
}
