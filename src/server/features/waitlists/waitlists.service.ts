import { and, eq, inArray, sql } from 'drizzle-orm';
import { addMonths } from '#shared/bookings.ts';
import type {
  HostWaitlist,
  JoinWaitlistInput,
  MoveWaitlistEntryInput,
  MyWaitlist,
  MyWaitlists,
} from '#shared/waitlists.ts';
import { displayName, type Notifier } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { waitlistEntries, waitlistOffers, waitlists } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { writeAudit } from '../admin/queries.ts';
import { assertNotBlocked } from '../blocks/queries.ts';
import { type BookingsService, plotsInUse } from '../bookings/index.ts';
import { growerHoldsPlotDuring } from '../bookings/queries.ts';
import { listingById } from '../listings/queries.ts';
import { userNames } from '../users/queries.ts';
import { declineNotice } from './notices.ts';
import { type LockedListing, lockListing, makeOffers, type OfferSettings, offeredDates } from './offers.ts';
import { growerLists, hostList } from './read.ts';

type Host = { id: number; username: string; name: string };

export const PLOT_FREE = 'A plot is free for those dates: book it instead.';
export const ALREADY_HOLDING = 'You already hold a plot here for those dates.';
const OPEN = ['waiting', 'offered'] as const;

// Waiting lists (ADR 049): joining, leaving, the host's line, offers accepted or declined.
export class WaitlistsService {
  private db: Db;
  private notifier: Notifier;
  private bookings: BookingsService;
  private settings: OfferSettings;

  constructor(db: Db, notifier: Notifier, bookings: BookingsService, settings: OfferSettings) {
    this.db = db;
    this.notifier = notifier;
    this.bookings = bookings;
    this.settings = settings;
  }

  // A grower joins when no plot is free for the dates they want (409 otherwise: book it), unless they
  // already hold one of the listing's plots for those dates (409: one place in line).
  async join(
    growerId: number,
    listingId: number,
    input: JoinWaitlistInput,
    now = new Date(),
  ): Promise<MyWaitlist> {
    // The same checks of the dates as booking them (past start, months, season), same messages.
    await this.bookings.quote(listingId, { start: input.start, months: input.months ?? undefined }, now);
    const months = input.months ?? null;
    const id = await this.db.transaction(async (tx) => {
      const listing = await this.listing(tx, listingId);
      if (listing.userId === growerId)
        throw forbidden('You cannot join the waiting list of your own listing', 'OWN_LISTING');
      if (listing.type === 'exchange')
        throw badRequest('A work exchange has no waiting list: send the host a request', 'NO_WAITLIST');
      if (await this.isClosed(tx, listingId))
        throw conflict('The host closed this waiting list', 'WAITLIST_CLOSED');
      await assertNotBlocked(tx, growerId, listing.userId);
      const end = months ? addMonths(input.start, months) : null;
      const id = await this.enter(tx, { listingId, growerId, start: input.start, end, months }, input, now);
      // Checked after the place is taken: refused, the place is rolled back with the transaction.
      const used = await plotsInUse(tx, { listingId, start: input.start, end, now });
      if (used < listing.plots) throw conflict(PLOT_FREE, 'PLOT_FREE');
      return id;
    });
    const mine = await growerLists(this.db, growerId);
    return mine.find((m) => m.id === id)!;
  }

  // The place at the end of the line, in one statement that also checks the grower holds no plot of
  // the listing for those dates (one place in line: a plot held or a place, ADR 049). Under the
  // listing's lock, which every booking move that makes a booking hold a plot takes too, so a
  // booking and a join cannot pass each other.
  private async enter(
    tx: Tx,
    p: { listingId: number; growerId: number; start: string; end: string | null; months: number | null },
    input: JoinWaitlistInput,
    now: Date,
  ): Promise<number> {
    const holds = growerHoldsPlotDuring({ ...p, now });
    let rows: { id: number }[];
    try {
      const result = await tx.execute(sql`
        insert into ${waitlistEntries} (listing_id, grower_id, start, months, note, "position")
        select ${p.listingId}::int, ${p.growerId}::int, ${p.start}::date, ${p.months}::int, ${input.note || null}::text,
          coalesce((select max("position") from ${waitlistEntries}
            where listing_id = ${p.listingId} and status in ('waiting', 'offered')), 0) + 1
        where not ${holds}
        returning id`);
      rows = (result as unknown as { rows: { id: number }[] }).rows;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('You are already on this waiting list', 'ALREADY_WAITING');
      throw err;
    }
    if (!rows.length) throw conflict(ALREADY_HOLDING, 'ALREADY_HOLDING');
    return Number(rows[0].id);
  }

  // Leaving gives up the place, and any offer held (the plot goes to the next in line).
  async leave(growerId: number, listingId: number, now = new Date()): Promise<void> {
    await this.db.transaction(async (tx) => {
      const listing = await lockListing(tx, listingId);
      const [entry] = await tx
        .update(waitlistEntries)
        .set({ status: 'left', updatedAt: now })
        .where(
          and(
            eq(waitlistEntries.listingId, listingId),
            eq(waitlistEntries.growerId, growerId),
            inArray(waitlistEntries.status, OPEN),
          ),
        )
        .returning({ id: waitlistEntries.id, status: waitlistEntries.status });
      if (!entry) throw notFound('You are not on this waiting list', 'NOT_WAITING');
      const passed = await tx
        .update(waitlistOffers)
        .set({ status: 'declined', decidedAt: now })
        .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, 'open')))
        .returning({ id: waitlistOffers.id });
      if (passed.length && listing) await makeOffers(tx, listing, now, this.settings, this.notifier);
    });
  }

  async mine(growerId: number): Promise<MyWaitlists> {
    return { items: await growerLists(this.db, growerId) };
  }

  async forHost(hostId: number, listingId: number): Promise<HostWaitlist> {
    const listing = await this.db.transaction(async (tx) => this.owned(tx, hostId, listingId, false));
    return hostList(this.db, listing, await this.isClosed(this.db, listingId));
  }

  // The host moves one person to another place in line; the reason goes to the audit log.
  async move(host: Host, listingId: number, input: MoveWaitlistEntryInput): Promise<HostWaitlist> {
    await this.db.transaction(async (tx) => {
      await this.owned(tx, host.id, listingId);
      const line = await tx
        .select({ id: waitlistEntries.id, position: waitlistEntries.position })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.listingId, listingId), inArray(waitlistEntries.status, OPEN)))
        .orderBy(waitlistEntries.position, waitlistEntries.id)
        .for('update');
      const from = line.findIndex((e) => e.id === input.entryId);
      if (from < 0) throw notFound('This person is not waiting on this list', 'ENTRY_NOT_FOUND');
      const to = Math.min(input.position, line.length) - 1;
      const order = line.map((e) => e.id);
      order.splice(to, 0, ...order.splice(from, 1));
      for (const [i, id] of order.entries())
        if (line.find((e) => e.id === id)?.position !== i + 1)
          await tx
            .update(waitlistEntries)
            .set({ position: i + 1 })
            .where(eq(waitlistEntries.id, id));
      await writeAudit(tx, host, 'waitlist_reorder', 'listing', listingId, input.reason, {
        entryId: input.entryId,
        from: from + 1,
        to: to + 1,
        hostId: host.id,
      });
    });
    return this.forHost(host.id, listingId);
  }

  // Closing ends every waiting place (offers already made stand until answered); reopening lets
  // growers join again.
  async setClosed(host: Host, listingId: number, closed: boolean, reason: string, now = new Date()) {
    await this.db.transaction(async (tx) => {
      await this.owned(tx, host.id, listingId);
      await tx
        .insert(waitlists)
        .values({ listingId, closedAt: closed ? now : null })
        .onConflictDoUpdate({ target: waitlists.listingId, set: { closedAt: closed ? now : null } });
      let ended = 0;
      if (closed)
        ended = (
          await tx
            .update(waitlistEntries)
            .set({ status: 'closed', updatedAt: now })
            .where(and(eq(waitlistEntries.listingId, listingId), eq(waitlistEntries.status, 'waiting')))
            .returning({ id: waitlistEntries.id })
        ).length;
      await writeAudit(
        tx,
        host,
        closed ? 'waitlist_close' : 'waitlist_reopen',
        'listing',
        listingId,
        reason,
        {
          ended,
          hostId: host.id,
        },
      );
    });
    return this.forHost(host.id, listingId);
  }

  // Accepting books the plot through the bookings' own rules (price, fee, capacity, states). The
  // offer is taken inside the booking's transaction, under the listing's lock: of any number of
  // concurrent accepts one takes it, the others find it taken; a refused booking leaves it open.
  async accept(growerId: number, offerId: number, now = new Date()): Promise<{ bookingId: number }> {
    const offer = await this.offerOf(growerId, offerId, now);
    const [entry] = await this.db
      .select({ note: waitlistEntries.note })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, offer.entryId));
    const { start } = offeredDates(offer, now);
    const booking = await this.bookings.create(
      growerId,
      { listingId: offer.listingId, start, months: offer.months, note: entry?.note ?? undefined },
      now,
      {
        instant: true,
        claim: async (tx) => {
          const [won] = await tx
            .update(waitlistOffers)
            .set({ status: 'accepted', decidedAt: now })
            .where(this.stillOpen(offerId, now))
            .returning({ entryId: waitlistOffers.entryId });
          if (!won) throw conflict('This offer is no longer open', 'OFFER_CLOSED');
          await tx
            .update(waitlistEntries)
            .set({ status: 'booked', updatedAt: now })
            .where(eq(waitlistEntries.id, won.entryId));
        },
      },
    );
    await this.db.update(waitlistOffers).set({ bookingId: booking.id }).where(eq(waitlistOffers.id, offerId));
    return { bookingId: booking.id };
  }

  // Declining leaves the line and passes the plot to the next whose dates fit.
  // A reason, if given, is kept on the offer and told to the host (ADR 059).
  async decline(
    growerId: number,
    offerId: number,
    reason: string | null = null,
    now = new Date(),
  ): Promise<MyWaitlists> {
    const offer = await this.offerOf(growerId, offerId, now);
    await this.db.transaction(async (tx) => {
      const listing = await lockListing(tx, offer.listingId);
      const [done] = await tx
        .update(waitlistOffers)
        .set({ status: 'declined', decidedAt: now, declineReason: reason })
        .where(this.stillOpen(offerId, now))
        .returning({ entryId: waitlistOffers.entryId });
      if (!done) throw conflict('This offer is no longer open', 'OFFER_CLOSED');
      await tx
        .update(waitlistEntries)
        .set({ status: 'declined', updatedAt: now })
        .where(eq(waitlistEntries.id, done.entryId));
      if (listing && reason) {
        const [name] = (await userNames(tx, [growerId])).values();
        const grower = { id: growerId, name: displayName({ id: growerId, name: name ?? '' }) };
        await this.notifier.notify(tx, declineNotice({ hostId: listing.userId, grower, listing, reason }));
      }
      if (listing) await makeOffers(tx, listing, now, this.settings, this.notifier);
    });
    return this.mine(growerId);
  }

  private stillOpen(offerId: number, now: Date) {
    return and(
      eq(waitlistOffers.id, offerId),
      eq(waitlistOffers.status, 'open'),
      sql`${waitlistOffers.expiresAt} > ${now.toISOString()}::timestamptz`,
    );
  }

  // The grower's own offer (404 for anyone else's), still open and in time.
  private async offerOf(growerId: number, offerId: number, now: Date) {
    const [offer] = await this.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, offerId));
    if (!offer || offer.growerId !== growerId) throw notFound('Offer not found', 'OFFER_NOT_FOUND');
    if (offer.status === 'open' && offer.expiresAt <= now)
      throw conflict('This offer has expired', 'OFFER_EXPIRED');
    if (offer.status !== 'open') throw conflict('This offer is no longer open', 'OFFER_CLOSED');
    return offer;
  }

  private async listing(tx: Tx, listingId: number): Promise<LockedListing> {
    const listing = await lockListing(tx, listingId);
    if (!listing?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    return listing;
  }

  // The host's own listing (403 for anyone else), locked unless only read.
  private async owned(tx: Tx, hostId: number, listingId: number, lock = true): Promise<LockedListing> {
    const listing = lock ? await this.listing(tx, listingId) : await this.read(tx, listingId);
    if (listing.userId !== hostId)
      throw forbidden('Only the host can see and change the waiting list', 'NOT_OWNER');
    return listing;
  }

  private async read(tx: Tx, listingId: number): Promise<LockedListing> {
    const row = await listingById(tx, listingId);
    if (!row?.active) throw notFound('Listing not found', 'LISTING_NOT_FOUND');
    return row;
  }

  private async isClosed(db: Pick<Db, 'select'>, listingId: number): Promise<boolean> {
    const [row] = await db
      .select({ closedAt: waitlists.closedAt })
      .from(waitlists)
      .where(eq(waitlists.listingId, listingId));
    return !!row?.closedAt;
  }
}
