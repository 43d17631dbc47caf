// Messages' data face: the queries of its tables other modules use (ADR 053).
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  RESPONSE_ANSWERED_HOURS,
  RESPONSE_WINDOW_DAYS,
  type Responsiveness,
  responseTimeLabel,
} from '#shared/users.ts';
import type { Db, Tx } from '../../db/client.ts';
import { messages } from '../../db/schema.ts';

// ---- A person's messages (the account's export and deletion, ADR 022) --------------------------
// The messages the user sent and those they received, each in id order.
export async function messagesOfPerson(db: Pick<Db, 'select'>, userId: number) {
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
  return { sent, received };
}

// What a deleted account wrote to others, and what others wrote to it.
export async function forgetPersonMessages(tx: Tx, userId: number): Promise<void> {
  await tx.delete(messages).where(or(eq(messages.fromUserId, userId), eq(messages.toUserId, userId)));
}

// Claims every message still unread, sent at or before `cutoff` and not mailed yet, as mailed at
// `now`, in one guarded UPDATE: concurrent runs and reruns claim each message once.
export function claimUnmailedMessages(tx: Tx, cutoff: Date, now: Date) {
  return tx
    .update(messages)
    .set({ emailedAt: now })
    .where(and(eq(messages.read, false), isNull(messages.emailedAt), lte(messages.createdAt, cutoff)))
    .returning({
      id: messages.id,
      from: messages.fromUserId,
      to: messages.toUserId,
      content: messages.content,
    });
}

// ---- Moderation (reports and the operator console, ADR 029) -----------------------------------
export type MessageRow = typeof messages.$inferSelect;

export function messagesByIds(db: Pick<Db, 'select'>, ids: number[]): Promise<MessageRow[]> {
  return ids.length ? db.select().from(messages).where(inArray(messages.id, ids)) : Promise.resolve([]);
}

// Who sent the message and to whom; undefined: no such message.
export async function messageParties(
  db: Pick<Db, 'select'>,
  id: number,
): Promise<{ fromUserId: number; toUserId: number } | undefined> {
  const [m] = await db
    .select({ fromUserId: messages.fromUserId, toUserId: messages.toUserId })
    .from(messages)
    .where(eq(messages.id, id))
    .limit(1);
  return m;
}

// The messages of the same two people just before and after this one, `around` of each at the most.
export async function threadAround(
  db: Pick<Db, 'select'>,
  m: MessageRow,
  around: number,
): Promise<MessageRow[]> {
  const pair = or(
    and(eq(messages.fromUserId, m.fromUserId), eq(messages.toUserId, m.toUserId)),
    and(eq(messages.fromUserId, m.toUserId), eq(messages.toUserId, m.fromUserId)),
  );
  const [before, after] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(and(pair, sql`${messages.id} < ${m.id}`))
      .orderBy(desc(messages.id))
      .limit(around),
    db
      .select()
      .from(messages)
      .where(and(pair, sql`${messages.id} > ${m.id}`))
      .orderBy(asc(messages.id))
      .limit(around),
  ]);
  return [...before.reverse(), m, ...after];
}

// Messages flagged as asking for payment off the platform: all of them, or those since `since`.
export async function flaggedMessageCount(db: Pick<Db, 'select'>, since?: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.paymentFlag, true), since ? gt(messages.createdAt, since) : undefined));
  return Number(row?.n ?? 0);
}

// The flagged messages the user sent.
export async function flaggedMessageCountFrom(db: Pick<Db, 'select'>, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.fromUserId, userId), eq(messages.paymentFlag, true)));
  return Number(row?.n ?? 0);
}

// The message's row locked for the transaction (FOR UPDATE); undefined: none.
export async function lockMessage(tx: Tx, id: number): Promise<MessageRow | undefined> {
  const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
  return row;
}

// A removed message keeps its row (the thread's order, reports, the audit) and its words for the
// console; its participants see `placeholder`.
export async function removeMessageText(tx: Tx, m: MessageRow, placeholder: string): Promise<void> {
  await tx
    .update(messages)
    .set({ removedContent: m.content, content: placeholder, removedAt: new Date() })
    .where(eq(messages.id, m.id));
}

// Whether the two people have written to each other, either way.
export async function haveExchangedMessages(db: Pick<Db, 'select'>, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      or(
        and(eq(messages.fromUserId, a), eq(messages.toUserId, b)),
        and(eq(messages.fromUserId, b), eq(messages.toUserId, a)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

// Over the last RESPONSE_WINDOW_DAYS days, per other person: the first message of the pair in the
// window (thread order); when the other person wrote it, the conversation counts, and the reply
// time is until the user's first message back to them. Answered = a reply within
// RESPONSE_ANSWERED_HOURS; the median runs over every conversation with a reply.
export async function responsivenessOf(db: Db, userId: number): Promise<Responsiveness> {
  const result = await db.execute(sql`
    with pair as (
      select case when m.from_user_id = ${userId} then m.to_user_id else m.from_user_id end as other,
             m.from_user_id, m.created_at, m.id
      from messages m
      where (m.from_user_id = ${userId} or m.to_user_id = ${userId})
        and m.created_at >= now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})
    ),
    opened as (
      select distinct on (other) other, from_user_id, created_at, id from pair order by other, id
    ),
    replied as (
      select o.created_at as asked_at,
             (select min(r.created_at) from messages r
               where r.from_user_id = ${userId} and r.to_user_id = o.other and r.id > o.id) as replied_at
      from opened o
      where o.from_user_id <> ${userId}
    )
    select count(*)::int as conversations,
           (count(*) filter (
             where replied_at <= asked_at + make_interval(hours => ${RESPONSE_ANSWERED_HOURS})))::int as answered,
           (percentile_cont(0.5) within group (order by extract(epoch from replied_at - asked_at))
             filter (where replied_at is not null))::float8 as median_seconds
    from replied
  `);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const conversations = Number(row?.conversations ?? 0);
  const answered = Number(row?.answered ?? 0);
  const medianMinutes = row?.median_seconds == null ? null : Math.round(Number(row.median_seconds) / 60);
  return {
    conversations,
    answered,
    rate: conversations ? answered / conversations : null,
    medianMinutes,
    typical: medianMinutes === null ? null : responseTimeLabel(medianMinutes),
  };
}
