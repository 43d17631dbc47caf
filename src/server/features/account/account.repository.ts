import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { User } from '#shared/auth.ts';
import type { Db } from '../../db/client.ts';
import {
  accountTokens,
  blocks,
  bookingEvents,
  bookingReviews,
  bookings,
  contactMessages,
  hoursEntries,
  listings,
  mailOutbox,
  messages,
  notificationPrefs,
  notifications,
  payments,
  rateEvents,
  reports,
  reviews,
  sessions,
  uploads,
  users,
} from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { DELETED_NAME, deletedEmail, deletedUsername, toPublicUser } from '../auth/index.ts';

// What a user cannot leave behind: a booking still open, or money held and not yet paid out.
const OPEN_BOOKING = ['requested', 'accepted', 'paid', 'active'] as const;
export const ACCOUNT_BUSY =
  'You have bookings or payments in progress. Finish or cancel them before deleting your account.';

type Row = Record<string, unknown>;
export type AccountExport = {
  exportedAt: string;
  profile: User;
  listings: Row[];
  messages: { sent: Row[]; received: Row[] };
  reviews: { written: Row[]; received: Row[] };
  bookings: { asGrower: Row[]; asHost: Row[] };
  payments: { asRenter: Row[]; asHost: Row[] };
  notifications: Row[];
  notificationPreferences: Row[];
  contactMessages: Row[];
  // Trust and safety (ADR 029): the users this user blocked, and the reports they made.
  blocks: Row[];
  reports: Row[];
};

// Dates as ISO strings, so the download is plain JSON.
const plain = (r: object): Row =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

export class AccountRepository {
  private db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  // Deletes the account in one transaction (ADR 022) and returns the paths of its uploads, whose
  // files the caller removes after the commit.
  // Removed: sessions, links, notifications (the user's, and others' caused by the user) and
  // preferences, messages sent and received, the
  // outbox rows to the user, contact-form messages, uploads, listings with no booking or payment.
  // Anonymised: the user row (name, username, e-mail, bio, avatar, password), listings kept for their
  // bookings or payments (hidden; description, address, size, amenities, photos and position
  // cleared), the comments of the user's reviews (the ratings stay), the notes they wrote on
  // bookings and hours. Kept: bookings, their events and hours, payments and payment events (ids,
  // dates and amounts only).
  async deleteAccount(userId: number): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      // The row lock serialises deletions of one account; locking the listings makes a booking
      // being made on one of them finish first, so the check below sees it, and later ones find the
      // listing hidden.
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.deletedAt) return [];
      const owned = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.userId, userId))
        .for('update');
      const [busy] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            or(eq(bookings.growerId, userId), eq(bookings.hostId, userId)),
            inArray(bookings.status, OPEN_BOOKING),
          ),
        )
        .limit(1);
      const [held] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            or(eq(payments.renterId, userId), eq(payments.hostId, userId)),
            eq(payments.status, 'completed'),
            sql`${payments.releasedAt} is null`,
          ),
        )
        .limit(1);
      if (busy || held) throw conflict(ACCOUNT_BUSY, 'ACCOUNT_BUSY');

      // Listings: removed, or hidden and emptied when bookings or payments still point to them.
      const ids = owned.map((l) => l.id);
      if (ids.length) {
        const kept = sql`(exists (select 1 from ${bookings} b where b.listing_id = ${listings.id})
          or exists (select 1 from ${payments} p where p.listing_id = ${listings.id}))`;
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

      // What the user wrote to others, and what others wrote to them.
      await tx.delete(messages).where(or(eq(messages.fromUserId, userId), eq(messages.toUserId, userId)));
      // The user's notifications, and those others got of what the user did (they quote the
      // user's name and words; the bookings and payments themselves stay).
      await tx
        .delete(notifications)
        .where(or(eq(notifications.userId, userId), eq(notifications.actorId, userId)));
      await tx.delete(notificationPrefs).where(eq(notificationPrefs.userId, userId));
      // Blocks either way go with the account; reports the user made stay for the operators.
      await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
      await tx
        .delete(mailOutbox)
        .where(or(eq(mailOutbox.userId, userId), sql`lower(${mailOutbox.toAddress}) = lower(${user.email})`));
      await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
      await tx
        .delete(rateEvents)
        .where(
          inArray(rateEvents.key, [
            `login:user:${user.username.toLowerCase()}`,
            `verify-mail:user:${userId}`,
          ]),
        );

      // Reviews keep their ratings (the listings' averages stay true); the words go.
      await tx.update(reviews).set({ comment: null }).where(eq(reviews.userId, userId));
      await tx.execute(sql`
        update ${bookingReviews} r set comment = null
        from ${bookings} b
        where b.id = r.booking_id
          and ((r.by = 'grower' and b.grower_id = ${userId}) or (r.by = 'host' and b.host_id = ${userId}))`);

      // Bookings stay (the other party's and the payments' records); the user's own words go.
      await tx.update(bookings).set({ note: null }).where(eq(bookings.growerId, userId));
      await tx.execute(sql`
        update ${bookingEvents} e set note = null
        from ${bookings} b
        where b.id = e.booking_id
          and ((e.actor = 'grower' and b.grower_id = ${userId}) or (e.actor = 'host' and b.host_id = ${userId}))`);
      await tx.execute(sql`
        update ${hoursEntries} h set note = ''
        from ${bookings} b
        where b.id = h.booking_id and b.grower_id = ${userId}`);

      const files = await tx
        .delete(uploads)
        .where(eq(uploads.userId, userId))
        .returning({ path: uploads.path });

      // The row stays, anonymised, so bookings and payments keep their parties. "!" is no scrypt
      // hash: no password verifies against it.
      await tx
        .update(users)
        .set({
          username: deletedUsername(userId),
          email: deletedEmail(userId),
          name: DELETED_NAME,
          bio: null,
          avatar: null,
          passwordHash: '!deleted',
          emailVerifiedAt: null,
          deletedAt: sql`now()`,
        })
        .where(eq(users.id, userId));
      return files.map((f) => f.path);
    });
  }

  // Everything the user gave us or that was recorded about them, as JSON. Never a password hash,
  // and of other people only their ids.
  async exportData(userId: number): Promise<AccountExport> {
    const db = this.db;
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const myListings = await db
      .select()
      .from(listings)
      .where(eq(listings.userId, userId))
      .orderBy(listings.id);
    const message = {
      id: messages.id,
      fromUserId: messages.fromUserId,
      toUserId: messages.toUserId,
      content: messages.content,
      bookingId: messages.bookingId,
      read: messages.read,
      createdAt: messages.createdAt,
    };
    const sent = await db
      .select(message)
      .from(messages)
      .where(eq(messages.fromUserId, userId))
      .orderBy(messages.id);
    const received = await db
      .select(message)
      .from(messages)
      .where(eq(messages.toUserId, userId))
      .orderBy(messages.id);
    const review = {
      id: reviews.id,
      listingId: reviews.listingId,
      userId: reviews.userId,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    };
    const listingReviewsWritten = await db.select(review).from(reviews).where(eq(reviews.userId, userId));
    const listingReviewsReceived = await db
      .select(review)
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(eq(listings.userId, userId));
    const myBookings = await db
      .select()
      .from(bookings)
      .where(or(eq(bookings.growerId, userId), eq(bookings.hostId, userId)))
      .orderBy(bookings.id);
    const bookingIds = myBookings.map((b) => b.id);
    const events = bookingIds.length
      ? await db
          .select()
          .from(bookingEvents)
          .where(inArray(bookingEvents.bookingId, bookingIds))
          .orderBy(asc(bookingEvents.id))
      : [];
    const hours = bookingIds.length
      ? await db
          .select()
          .from(hoursEntries)
          .where(inArray(hoursEntries.bookingId, bookingIds))
          .orderBy(asc(hoursEntries.day), asc(hoursEntries.id))
      : [];
    const bookingReviewRows = bookingIds.length
      ? await db.select().from(bookingReviews).where(inArray(bookingReviews.bookingId, bookingIds))
      : [];
    const roleIn = new Map(myBookings.map((b) => [b.id, b.growerId === userId ? 'grower' : 'host']));
    const withDetails = (b: (typeof myBookings)[number]) => ({
      ...plain(b),
      events: events.filter((e) => e.bookingId === b.id).map(plain),
      hours: hours.filter((h) => h.bookingId === b.id).map((h) => ({ ...plain(h), hours: h.quarters / 4 })),
    });
    const payment = {
      id: payments.id,
      bookingId: payments.bookingId,
      listingId: payments.listingId,
      renterId: payments.renterId,
      hostId: payments.hostId,
      provider: payments.provider,
      chargeId: payments.chargeId,
      amount: payments.amount,
      platformFee: payments.platformFee,
      currency: payments.currency,
      status: payments.status,
      refundedAmount: payments.refundedAmount,
      rentalStart: payments.rentalStart,
      confirmedAt: payments.confirmedAt,
      releaseAt: payments.releaseAt,
      releasedAt: payments.releasedAt,
      refundedAt: payments.refundedAt,
      createdAt: payments.createdAt,
    };
    const myPayments = await db
      .select(payment)
      .from(payments)
      .where(or(eq(payments.renterId, userId), eq(payments.hostId, userId)))
      .orderBy(payments.id);
    const myNotifications = await db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        count: notifications.count,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id);
    const prefs = await db
      .select({ kind: notificationPrefs.kind, email: notificationPrefs.email })
      .from(notificationPrefs)
      .where(eq(notificationPrefs.userId, userId));
    const contact = await db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        subject: contactMessages.subject,
        message: contactMessages.message,
        createdAt: contactMessages.createdAt,
      })
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId));

    const myBlocks = await db
      .select({ userId: blocks.blockedId, createdAt: blocks.createdAt })
      .from(blocks)
      .where(eq(blocks.blockerId, userId));
    const myReports = await db
      .select({
        id: reports.id,
        subjectType: reports.subjectType,
        subjectId: reports.subjectId,
        reason: reports.reason,
        text: reports.text,
        status: reports.status,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, userId))
      .orderBy(reports.id);

    return {
      exportedAt: new Date().toISOString(),
      profile: toPublicUser(user),
      listings: myListings.map(({ search: _search, ...l }) => plain(l)),
      messages: { sent: sent.map(plain), received: received.map(plain) },
      reviews: {
        written: [
          ...listingReviewsWritten.map((r) => ({ ...plain(r), about: 'listing' })),
          ...bookingReviewRows
            .filter((r) => r.by === roleIn.get(r.bookingId))
            .map((r) => ({ ...plain(r), about: 'booking' })),
        ],
        received: [
          ...listingReviewsReceived.map((r) => ({ ...plain(r), about: 'listing' })),
          // A blind review of a booking is the user's to see once it is revealed.
          ...bookingReviewRows
            .filter((r) => r.by !== roleIn.get(r.bookingId) && r.revealedAt)
            .map((r) => ({ ...plain(r), about: 'booking' })),
        ],
      },
      bookings: {
        asGrower: myBookings.filter((b) => b.growerId === userId).map(withDetails),
        asHost: myBookings.filter((b) => b.hostId === userId).map(withDetails),
      },
      payments: {
        asRenter: myPayments.filter((p) => p.renterId === userId).map(plain),
        asHost: myPayments.filter((p) => p.hostId === userId).map(plain),
      },
      notifications: myNotifications.map(plain),
      notificationPreferences: prefs.map(plain),
      contactMessages: contact.map(plain),
      blocks: myBlocks.map(plain),
      reports: myReports.map(plain),
    };
  }
}
