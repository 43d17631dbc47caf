import type { BookingActor } from '#shared/bookings.ts';
import type { NotificationKind } from '#shared/notifications.ts';
import type { Tx } from '../db/client.ts';
import type { Localized } from '../mail/lang.ts';

// What the features call to tell people what happened (ADR 021). The notifications feature
// implements it (notifications/notices.ts, the words of each event); the composition root hands it
// to every service that notifies. Each call runs in the transaction of its event.

export type NotifyInput = {
  userId: number;
  kind: NotificationKind;
  // The person who caused it; never notified of their own act.
  actorId?: number | null;
  bookingId?: number | null;
  listingId?: number | null;
  // The words are the recipient's (ADR 031): a function of their language (see src/shared/texts), or a
  // plain string. They are stored as rendered, in that language.
  title: Localized<string>;
  body: Localized<string>;
  // A path in the app: /bookings/<id>, /listings/<id>, /messages/<userId>. Stored without a
  // language prefix (the client adds its own); an e-mail links to the recipient's language.
  link: string;
  // Kind 'message' only: the title once several messages from the actor collapse into the unread
  // row, with {n} for their number.
  titleMany?: Localized<string>;
  // The e-mail; by default the title, the body and a button to the link. A path as action url is
  // made absolute, in the recipient's language.
  email?: Localized<NotificationEmail>;
};

export type NotificationEmail = {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
};

export type BookingNotice = {
  bookingId: number;
  action: string;
  from: string | null;
  to: string;
  actor: BookingActor;
  note: string | null;
};

export interface Notifier {
  notify(tx: Tx, input: NotifyInput): Promise<number | null>;
  bookingEvent(tx: Tx, e: BookingNotice): Promise<void>;
  refundRecorded(tx: Tx, paymentId: number, cents: number, byUserId: number | null): Promise<void>;
  // The payer's receipt, when a payment is completed.
  paymentReceived(tx: Tx, paymentId: number): Promise<void>;
  listingReviewed(
    tx: Tx,
    r: { listingId: number; reviewerId: number; rating: number; comment: string | null },
  ): Promise<void>;
  growerReviewed(tx: Tx, r: { bookingId: number; rating: number; comment: string | null }): Promise<void>;
  hoursLogged(tx: Tx, bookingId: number, entry: { day: string; quarters: number }): Promise<void>;
  hoursDecided(
    tx: Tx,
    bookingId: number,
    entry: { day: string; quarters: number; status: 'confirmed' | 'disputed'; disputeReason?: string | null },
  ): Promise<void>;
  messageSent(
    tx: Tx,
    m: { fromUserId: number; toUserId: number; content: string; bookingId: number | null },
  ): Promise<void>;
  messagesRead(tx: Tx, userId: number, senderId: number): Promise<number>;
}

// A person as notifications name them: the first word of their name.
export const displayName = (u: { id: number; name: string }) =>
  u.name.trim().split(/\s+/)[0] || `Member #${u.id}`;

// The text cut to max characters, with an ellipsis when cut.
export const clip = (text: string, max: number) => {
  const t = text.trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
};

// A Notifier that tells nobody: for the demo's seeding and for tests that build a service alone.
// Every service takes a Notifier (ADR 053); none takes null.
export const silentNotifier: Notifier = {
  notify: async () => null,
  bookingEvent: async () => {},
  refundRecorded: async () => {},
  paymentReceived: async () => {},
  listingReviewed: async () => {},
  growerReviewed: async () => {},
  hoursLogged: async () => {},
  hoursDecided: async () => {},
  messageSent: async () => {},
  messagesRead: async () => 0,
};
