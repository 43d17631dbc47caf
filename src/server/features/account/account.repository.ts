import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { forgetMailTo } from '../../mail/outbox.ts';
import { DELETED_NAME, deletedEmail, deletedUsername } from '../auth/index.ts';
import { endSessionsOf, forgetPersonTokens, forgetRateEvents } from '../auth/queries.ts';
import { forgetPersonBlocks } from '../blocks/queries.ts';
import {
  bookingPartyIs,
  forgetPersonBookingNotes,
  hasBookingInProgress,
  listingHasBookings,
} from '../bookings/queries.ts';
import { forgetPersonFeeds } from '../calendars/queries.ts';
import { forgetListings, lockListingsOf } from '../listings/queries.ts';
import { forgetPersonMessages } from '../messages/queries.ts';
import { forgetPersonNotifications } from '../notifications/queries.ts';
import { hasHeldPayment, listingHasPayments } from '../payments/queries.ts';
import { forgetPersonReviewWords } from '../reviews/queries.ts';
import { forgetPersonUploads } from '../uploads/queries.ts';
import { anonymiseUser, lockUserRow } from '../users/queries.ts';
import { type AccountExport, exportData } from './account.export.ts';

// What a user cannot leave behind: a booking still open, or money held and not yet paid out.
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
  // Removed: sessions, links, calendar feeds, notifications (the user's, and others' caused by the
  // user) and preferences, messages sent and received, the
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
      const user = await lockUserRow(tx, userId);
      if (!user || user.deletedAt) return [];
      const owned = await lockListingsOf(tx, userId);
      const busy = await hasBookingInProgress(tx, userId);
      const held = await hasHeldPayment(tx, userId);
      if (busy || held) throw conflict(ACCOUNT_BUSY, 'ACCOUNT_BUSY');

      // Listings: removed, or hidden and emptied when bookings or payments still point to them.
      const ids = owned.map((l) => l.id);
      if (ids.length)
        await forgetListings(tx, ids, (id) => sql`${listingHasBookings(id)} or ${listingHasPayments(id)}`);

      // What the user wrote to others, and what others wrote to them.
      await forgetPersonMessages(tx, userId);
      // The user's notifications and preferences, and those others got of what the user did (they
      // quote the user's name and words; the bookings and payments themselves stay).
      await forgetPersonNotifications(tx, userId);
      // Blocks either way go with the account; reports the user made stay for the operators.
      await forgetPersonBlocks(tx, userId);
      await endSessionsOf(tx, userId);
      await forgetPersonTokens(tx, userId);
      // The secret calendar feeds (ADR 048): the grower's and the listings' answer 404.
      await forgetPersonFeeds(tx, userId, ids);
      await forgetMailTo(tx, userId, user.email);
      await tx.delete(contactMessages).where(eq(contactMessages.userId, userId));
      await forgetRateEvents(tx, [`login:user:${user.username.toLowerCase()}`, `verify-mail:user:${userId}`]);

      // Reviews keep their ratings (the listings' averages stay true); the words go.
      await forgetPersonReviewWords(tx, userId, (bookingId, by) => bookingPartyIs(bookingId, by, userId));

      // Bookings stay (the other party's and the payments' records); the user's own words go.
      await forgetPersonBookingNotes(tx, userId);

      const files = await forgetPersonUploads(tx, userId);

      // The row stays, anonymised, so bookings and payments keep their parties.
      await anonymiseUser(tx, userId, {
        username: deletedUsername(userId),
        email: deletedEmail(userId),
        name: DELETED_NAME,
      });
      return files;
    });
  }

  // The account's data as JSON (account.export.ts).
  exportData(userId: number): Promise<AccountExport> {
    return exportData(this.db, userId);
  }
}
