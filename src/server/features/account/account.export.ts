import { asc, eq, inArray, or } from 'drizzle-orm';
import type { User } from '#shared/auth.ts';
import type { Db } from '../../db/client.ts';
import {
  blocks,
  bookingEvents,
  bookingReviews,
  bookings,
  contactMessages,
  hoursEntries,
  listings,
  messages,
  notificationPrefs,
  notifications,
  payments,
  reports,
  reviews,
  users,
} from '../../db/schema.ts';
import { toPublicUser } from '../auth/index.ts';

// The download of Account Settings (ADR 022).

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

// Everything the user gave us or that was recorded about them, as JSON. Never a password hash,
// and of other people only their ids.
export async function exportData(db: Db, userId: number): Promise<AccountExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const myListings = await db.select().from(listings).where(eq(listings.userId, userId)).orderBy(listings.id);
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
