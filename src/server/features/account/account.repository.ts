import { and, eq, inArray, or, sql } from 'drizzle-orm';
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
  reviews,
  sessions,
  uploads,
  users,
} from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { DELETED_NAME, deletedEmail, deletedUsername } from '../auth/index.ts';
import { type AccountExport, exportData } from './account.export.ts';

// What a user cannot leave behind: a booking still open, or money held and not yet paid out.
const OPEN_BOOKING = ['requested', 'accepted', 'paid', 'active'] as const;
export const ACCOUNT_BUSY =
  'You have bookings or payments in progress. Finish or cancel them before deleting your account.';

export type { AccountExport };

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

  // The account's data as JSON (account.export.ts).
  exportData(userId: number): Promise<AccountExport> {
    return exportData(this.db, userId);
  }
}
