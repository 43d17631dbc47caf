import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  CALENDAR_ERROR_TEXT,
  CALENDAR_IMPORTS_MAX,
  type CalendarImport,
  type CalendarImportError,
  type ListingCalendar,
} from '#shared/calendars.ts';
import type { CalendarConfig } from '../../config-calendars.ts';
import type { Db } from '../../db/client.ts';
import { calendarFeeds, calendarImports, listingBlocks } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { listingOwnership, listingTitles, lockListing } from '../listings/queries.ts';
import { activeUserExists } from '../users/queries.ts';
import { writeCalendar } from './export.ts';
import { bookingEvent, growerEvents, listingEvents } from './feed-events.ts';
import { checkFeedUrl, FeedError } from './fetch-feed.ts';
import { isOwnFeed } from './own-feed.ts';
import { changeGrowerFeedAddress, newFeedToken } from './queries.ts';

type Owner = { listingId: number } | { userId: number };

// The host's calendar of a listing (its secret export address and its imported feeds), the
// grower's feed, and the files the feeds answer with (ADR 048).
export class CalendarsService {
  private db: Db;
  private config: CalendarConfig;
  // Where the feeds' addresses point: PUBLIC_URL, or the local server.
  private origin: string;

  constructor(db: Db, config: CalendarConfig, origin: string) {
    this.db = db;
    this.config = config;
    this.origin = origin;
  }

  private async ownedListing(hostId: number, listingId: number) {
    const l = await listingOwnership(this.db, listingId);
    if (!l?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    if (l.userId !== hostId) throw forbidden('You can only change your own listings', 'NOT_OWNER');
    return l;
  }

  // The feed's token, made on first use (two first uses at once make one: the unique owner index).
  private async token(owner: Owner): Promise<string> {
    const where =
      'listingId' in owner
        ? eq(calendarFeeds.listingId, owner.listingId)
        : eq(calendarFeeds.userId, owner.userId);
    await this.db
      .insert(calendarFeeds)
      .values({ ...owner, token: newFeedToken() })
      .onConflictDoNothing();
    const [row] = await this.db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(where);
    return row.token;
  }

  private feedUrl = (token: string) => `${this.origin}/api/calendars/${token}.ics`;

  async listingCalendar(hostId: number, listingId: number): Promise<ListingCalendar> {
    await this.ownedListing(hostId, listingId);
    const token = await this.token({ listingId });
    const rows = await this.db
      .select({
        id: calendarImports.id,
        url: calendarImports.url,
        lastReadAt: calendarImports.lastReadAt,
        error: calendarImports.error,
        // Spelt out: inside the subquery a bare "id" would be the block's.
        blockedRanges: sql<number>`(select count(*) from ${listingBlocks} k where k.import_id = "calendar_imports"."id")::int`,
      })
      .from(calendarImports)
      .where(eq(calendarImports.listingId, listingId))
      .orderBy(asc(calendarImports.id));
    return { exportUrl: this.feedUrl(token), imports: rows.map(toImport) };
  }

  // A new secret address; the old one answers 404 from now on.
  async resetExport(hostId: number, listingId: number): Promise<ListingCalendar> {
    await this.ownedListing(hostId, listingId);
    await this.token({ listingId });
    await this.db
      .update(calendarFeeds)
      .set({ token: newFeedToken(), createdAt: new Date() })
      .where(eq(calendarFeeds.listingId, listingId));
    return this.listingCalendar(hostId, listingId);
  }

  // The feed is read by the next run of the import job; the host's screen shows when.
  async addImport(hostId: number, listingId: number, url: string): Promise<CalendarImport> {
    await this.ownedListing(hostId, listingId);
    let checked: URL;
    try {
      checked = checkFeedUrl(url, this.config);
    } catch (err) {
      const code = err instanceof FeedError ? err.code : 'BAD_URL';
      throw badRequest(CALENDAR_ERROR_TEXT[code], code);
    }
    if (isOwnFeed(checked, this.origin))
      throw badRequest('A listing cannot import a Yardshare feed of its own.', 'OWN_FEED');
    return this.db.transaction(async (tx) => {
      // The listing's row is the lock that keeps parallel additions under the limit.
      await lockListing(tx, listingId);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(calendarImports)
        .where(eq(calendarImports.listingId, listingId));
      if (n >= CALENDAR_IMPORTS_MAX)
        throw conflict(`A listing can import at most ${CALENDAR_IMPORTS_MAX} calendars.`, 'TOO_MANY_IMPORTS');
      const [row] = await tx
        .insert(calendarImports)
        .values({ listingId, url })
        .onConflictDoNothing()
        .returning();
      if (!row) throw conflict('This calendar is already imported.', 'ALREADY_IMPORTED');
      return toImport({ ...row, blockedRanges: 0 });
    });
  }

  async removeImport(hostId: number, listingId: number, importId: number): Promise<void> {
    await this.ownedListing(hostId, listingId);
    // Its blocked days go with it (on delete cascade).
    const gone = await this.db
      .delete(calendarImports)
      .where(and(eq(calendarImports.id, importId), eq(calendarImports.listingId, listingId)))
      .returning({ id: calendarImports.id });
    if (gone.length === 0) throw notFound('Imported calendar not found', 'IMPORT_NOT_FOUND');
  }

  async userCalendar(userId: number): Promise<{ url: string }> {
    return { url: this.feedUrl(await this.token({ userId })) };
  }

  // A new address for the grower's feed; the old one answers 404 from now on.
  async resetUserCalendar(userId: number): Promise<{ url: string }> {
    await this.token({ userId });
    await changeGrowerFeedAddress(this.db, userId);
    return this.userCalendar(userId);
  }

  // The file behind a secret address, or null when no feed has that token (never made, or reset).
  async feed(token: string, now = new Date()): Promise<string | null> {
    const [f] = await this.db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token));
    if (!f) return null;
    // A deleted account's feeds answer 404: removed with it, and refused here for an account
    // deleted before they were.
    const ownerId = f.userId ?? (await listingOwnership(this.db, f.listingId!))?.userId;
    if (ownerId === undefined || !(await activeUserExists(this.db, ownerId))) return null;
    if (f.listingId !== null) {
      const title = (await listingTitles(this.db, [f.listingId])).get(f.listingId);
      const events = await listingEvents(this.db, f.listingId, this.origin, now);
      return writeCalendar(`${title} | Yardshare`, events, now);
    }
    const events = await growerEvents(this.db, f.userId!, this.origin, now);
    return writeCalendar('Yardshare', events, now);
  }

  // The "add to calendar" file of one booking, for its grower or host.
  async bookingFile(userId: number, bookingId: number, now = new Date()): Promise<string> {
    const event = await bookingEvent(this.db, userId, bookingId, this.origin, now);
    if (!event) throw notFound('Booking not found', 'BOOKING_NOT_FOUND');
    return writeCalendar('Yardshare', [event], now);
  }
}

function toImport(row: {
  id: number;
  url: string;
  lastReadAt: Date | null;
  error: string | null;
  blockedRanges: number;
}): CalendarImport {
  const code = row.error as CalendarImportError | null;
  return {
    id: row.id,
    url: row.url,
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
    error: code ? (CALENDAR_ERROR_TEXT[code] ?? null) : null,
    errorCode: code,
    blockedRanges: Number(row.blockedRanges),
  };
}
