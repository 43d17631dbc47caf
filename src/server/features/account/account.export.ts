import { eq } from 'drizzle-orm';
import type { User } from '#shared/auth.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { toPublicUser } from '../auth/index.ts';
import { blocksByPerson } from '../blocks/queries.ts';
import { bookingsOfPerson } from '../bookings/queries.ts';
import { listingIdsOf, listingsOfPerson } from '../listings/queries.ts';
import { messagesOfPerson } from '../messages/queries.ts';
import { notificationsOfPerson } from '../notifications/queries.ts';
import { paymentsOfPerson } from '../payments/queries.ts';
import { reportsByPerson } from '../reports/queries.ts';
import { bookingReviewsOf, listingReviewsOfPerson } from '../reviews/queries.ts';
import { userById } from '../users/queries.ts';

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
  const user = await userById(db, userId);
  const myListings = await listingsOfPerson(db, userId);
  const { sent, received } = await messagesOfPerson(db, userId);
  const listingReviews = await listingReviewsOfPerson(db, userId, listingIdsOf(userId));
  const { bookings: myBookings, events, hours } = await bookingsOfPerson(db, userId);
  const bookingReviewRows = await bookingReviewsOf(
    db,
    myBookings.map((b) => b.id),
  );
  const roleIn = new Map(myBookings.map((b) => [b.id, b.growerId === userId ? 'grower' : 'host']));
  const withDetails = (b: (typeof myBookings)[number]) => ({
    ...plain(b),
    events: events.filter((e) => e.bookingId === b.id).map(plain),
    hours: hours.filter((h) => h.bookingId === b.id).map((h) => ({ ...plain(h), hours: h.quarters / 4 })),
  });
  const myPayments = await paymentsOfPerson(db, userId);
  const { notifications: myNotifications, prefs } = await notificationsOfPerson(db, userId);
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

  const myBlocks = await blocksByPerson(db, userId);
  const myReports = await reportsByPerson(db, userId);

  return {
    exportedAt: new Date().toISOString(),
    profile: toPublicUser(user),
    listings: myListings.map(({ search: _search, ...l }) => plain(l)),
    messages: { sent: sent.map(plain), received: received.map(plain) },
    reviews: {
      written: [
        ...listingReviews.written.map((r) => ({ ...plain(r), about: 'listing' })),
        ...bookingReviewRows
          .filter((r) => r.by === roleIn.get(r.bookingId))
          .map((r) => ({ ...plain(r), about: 'booking' })),
      ],
      received: [
        ...listingReviews.received.map((r) => ({ ...plain(r), about: 'listing' })),
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
