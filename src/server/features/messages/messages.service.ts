import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Conversation, Message } from '#shared/messages.ts';
import { offPlatformPaymentSignal } from '#shared/moderation.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { assertNotBlocked } from '../blocks/queries.ts';
import { bookingBetween, bookingListingTitles } from '../bookings/queries.ts';
import { listingOwnedByAny, listingTitle, listingTitles } from '../listings/queries.ts';
import { activeUserExists, people, userExists } from '../users/queries.ts';

type MessageRow = typeof messages.$inferSelect;

// paymentWarning is the stored off-platform payment signal (ADR 029); forReader() keeps it for
// the recipient only.
export const toMessage = (
  m: MessageRow,
  booking: Message['booking'] = null,
  listing: Message['listing'] = null,
): Message => ({
  id: m.id,
  fromUserId: m.fromUserId,
  toUserId: m.toUserId,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  read: m.read,
  booking,
  listing,
  paymentWarning: m.paymentFlag && m.removedAt === null,
  removed: m.removedAt !== null,
});

// The message as `userId` sees it: the payment warning is for its recipient.
export const forReader = (m: Message, userId: number): Message => ({
  ...m,
  paymentWarning: Boolean(m.paymentWarning) && m.toUserId === userId,
});

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

// Messages either way between two users.
const pairOf = (a: number, b: number) =>
  or(
    and(eq(messages.fromUserId, a), eq(messages.toUserId, b)),
    and(eq(messages.fromUserId, b), eq(messages.toUserId, a)),
  );

// The most recent messages a thread answer carries (oldest first among them).
export const THREAD_LIMIT = 1000;

export class MessagesService {
  private db: Db;
  private notifier: Notifier;
  constructor(db: Db, notifier: Notifier) {
    this.db = db;
    this.notifier = notifier;
  }

  // Public profile for everyone; username and full name for oneself and one's conversation partners.
  private async requireOther(me: number, other: number): Promise<void> {
    if (me === other) throw badRequest('There is no conversation with yourself', 'SELF_MESSAGE');
    if (!(await userExists(this.db, other))) throw notFound('User not found', 'USER_NOT_FOUND');
  }

  // bookingId, when given, must name a booking whose grower and host are these two users (a
  // booking of anyone else's answers the same 403 as one that does not exist); listingId, a
  // listing of one of them (ADR 052).
  async send(
    fromUserId: number,
    toUserId: number,
    content: string,
    bookingId: number | null = null,
    listingId: number | null = null,
  ): Promise<Message> {
    if (toUserId === fromUserId) throw badRequest('You cannot message yourself', 'SELF_MESSAGE');
    if (!(await activeUserExists(this.db, toUserId))) throw notFound('Recipient not found', 'USER_NOT_FOUND');
    await assertNotBlocked(this.db, fromUserId, toUserId);
    let booking: Message['booking'] = null;
    if (bookingId !== null) {
      const b = await bookingBetween(this.db, bookingId, fromUserId, toUserId, listingTitle);
      if (!b) throw forbidden('This booking is not between you two', 'BOOKING_NOT_SHARED');
      booking = b;
    }
    let listing: Message['listing'] = null;
    if (listingId !== null) {
      const l = await listingOwnedByAny(this.db, listingId, [fromUserId, toUserId]);
      if (!l) throw forbidden('This listing is not yours or theirs', 'LISTING_NOT_SHARED');
      listing = l;
    }
    // The message and the recipient's notification of it exist together.
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(messages)
        .values({
          fromUserId,
          toUserId,
          content,
          bookingId: booking?.id ?? null,
          listingId: listing?.id ?? null,
          // Flagged, never dropped: the recipient sees a gentle warning (ADR 029).
          paymentFlag: offPlatformPaymentSignal(content),
        })
        .returning();
      await this.notifier.messageSent(tx, inserted);
      return inserted;
    });
    return toMessage(row, booking, listing);
  }

  // The messages with the booking and the listing each is about (the listings' titles read now).
  private async withBookings(rows: MessageRow[]): Promise<Message[]> {
    const listingIds = [...new Set(rows.flatMap((r) => (r.listingId === null ? [] : [r.listingId])))];
    const ofListings = await listingTitles(this.db, listingIds);
    const ids = [...new Set(rows.flatMap((r) => (r.bookingId === null ? [] : [r.bookingId])))];
    const titles = await bookingListingTitles(this.db, ids, listingTitle);
    return rows.map((r) => {
      const title = r.bookingId === null ? undefined : titles.get(r.bookingId);
      const ofListing = r.listingId === null ? undefined : ofListings.get(r.listingId);
      return toMessage(
        r,
        title === undefined ? null : { id: r.bookingId!, listingTitle: title },
        ofListing === undefined ? null : { id: r.listingId!, title: ofListing },
      );
    });
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.toUserId, userId), eq(messages.read, false)));
    return Number(row?.n ?? 0);
  }

  async unreadCounts(userIds: number[]): Promise<Map<number, number>> {
    const counts = new Map(userIds.map((u) => [u, 0]));
    if (!userIds.length) return counts;
    const rows = await this.db
      .select({ userId: messages.toUserId, n: count() })
      .from(messages)
      .where(and(inArray(messages.toUserId, userIds), eq(messages.read, false)))
      .groupBy(messages.toUserId);
    for (const r of rows) counts.set(r.userId, Number(r.n));
    return counts;
  }

  // The thread between the two users only, in server sequence. Reading changes nothing.
  async thread(me: number, other: number): Promise<Message[]> {
    await this.requireOther(me, other);
    const latest = this.db
      .select()
      .from(messages)
      .where(pairOf(me, other))
      .orderBy(sql`${messages.id} desc`)
      .limit(THREAD_LIMIT)
      .as('latest');
    const rows = await this.db.select().from(latest).orderBy(asc(latest.id));
    return (await this.withBookings(rows as MessageRow[])).map((m) => forReader(m, me));
  }

  // Marks the other party's messages to me read, and my notification of them. Returns how many
  // messages were newly marked.
  async markRead(me: number, other: number): Promise<number> {
    await this.requireOther(me, other);
    return this.db.transaction(async (tx) => {
      const marked = await tx
        .update(messages)
        .set({ read: true })
        .where(and(eq(messages.fromUserId, other), eq(messages.toUserId, me), eq(messages.read, false)))
        .returning({ id: messages.id });
      await this.notifier.messagesRead(tx, me, other);
      return marked.length;
    });
  }

  // One summary per other party, most recent conversation first.
  async conversations(me: number): Promise<Conversation[]> {
    const result = await this.db.execute(sql`
      with mine as (
        select id, content, from_user_id, created_at,
               case when from_user_id = ${me} then to_user_id else from_user_id end as other
        from ${messages}
        where from_user_id = ${me} or to_user_id = ${me}
      ),
      last as (
        select distinct on (other) other, id, content, from_user_id, created_at
        from mine order by other, id desc
      ),
      unread as (
        select from_user_id as other, count(*)::int as n
        from ${messages} where to_user_id = ${me} and read = false
        group by from_user_id
      )
      select last.other as user_id, u.name, u.username, u.avatar, coalesce(unread.n, 0)::int as unread_count,
             last.id as last_id, last.content as last_content, last.from_user_id as last_from, last.created_at as last_at
      from last
      join ${people('u')} on u.id = last.other
      left join unread on unread.other = last.other
      order by last.id desc
      limit 500
    `);
    const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Array<
      Record<string, unknown>
    >;
    return rows.map((r) => ({
      userId: Number(r.user_id),
      user: {
        name: String(r.name),
        username: String(r.username),
        avatar: (r.avatar as string | null) ?? null,
      },
      unreadCount: Number(r.unread_count),
      lastMessage: {
        id: Number(r.last_id),
        content: String(r.last_content),
        fromUserId: Number(r.last_from),
        createdAt: iso(r.last_at as Date | string),
      },
      lastMessageAt: iso(r.last_at as Date | string),
    }));
  }

  // Messages to or from me after the one with id afterId, oldest first, at most limit: what a
  // stream that reconnects with Last-Event-ID missed (ADR 036).
  async since(me: number, afterId: number, limit: number): Promise<Message[]> {
    const rows = await this.db
      .select()
      .from(messages)
      .where(
        and(sql`${messages.id} > ${afterId}`, or(eq(messages.fromUserId, me), eq(messages.toUserId, me))),
      )
      .orderBy(asc(messages.id))
      .limit(limit);
    return (await this.withBookings(rows as MessageRow[])).map((m) => forReader(m, me));
  }

  async byId(id: number): Promise<Message | null> {
    const [row] = await this.db.select().from(messages).where(eq(messages.id, id)).limit(1);
    return row ? ((await this.withBookings([row]))[0] ?? null) : null;
  }
}
