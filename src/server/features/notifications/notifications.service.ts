import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '#shared/fields.ts';
import {
  type MarkNotificationsReadInput,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  type NotificationPrefs,
} from '#shared/notifications.ts';
import { en } from '#shared/texts/en/mail.ts';
import { appOrigin, type Config } from '../../config.ts';
import { publishNotice } from '../../core/live.ts';
import { displayName, type NotificationEmail, type NotifyInput } from '../../core/notifier.ts';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPrefs, notifications } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { composeUserMail } from '../../mail/compose.ts';
import { type Lang, localize, mailLang } from '../../mail/lang.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { people } from '../users/queries.ts';
import { recipients } from './recipients.ts';

// The input with its words written in the recipient's language.
type Rendered = Omit<NotifyInput, 'title' | 'body' | 'titleMany' | 'email'> & {
  title: string;
  body: string;
  titleMany?: string;
  email?: NotificationEmail;
};

type Row = typeof notifications.$inferSelect;

// The English footer of notification e-mails (each language's is notificationFooter in src/shared/texts/<lang>/mail.ts).
export const MAIL_FOOTER = en.notificationFooter;

const cursorSchema = z.object({ id: z.number().int().positive() });

// The person who caused a notification.
const actor = people('actor');

const toNotification = (
  n: Row,
  actor: { id: number | null; name: string | null; avatar: string | null },
): Notification => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body,
  link: n.link,
  count: n.count,
  actor:
    actor.id !== null && actor.name !== null
      ? { id: actor.id, displayName: displayName({ id: actor.id, name: actor.name }), avatar: actor.avatar }
      : null,
  read: n.readAt !== null,
  createdAt: n.createdAt.toISOString(),
});

// In-app notifications (ADR 021): what every feature calls in the transaction of its event, and
// what the bell, the /notifications page and Account Settings read.
export class NotificationsService {
  private db: Db;
  private config: Config;
  constructor(db: Db, config: Config) {
    this.db = db;
    this.config = config;
  }

  // Records the notification, announces it to the user's open streams on commit, and, unless it
  // is a message (mailed in batches by the message-mail job), e-mails it when the user's
  // preference for the kind says so. All in the caller's transaction: nothing happens if it rolls
  // back. Returns the notification's id, or null when there is nobody to notify.
  async notify(tx: Tx, words: NotifyInput): Promise<number | null> {
    if (words.actorId != null && words.actorId === words.userId) return null;
    const user = (await recipients(tx, [words.userId], words.kind)).get(words.userId);
    if (!user || user.deletedAt) return null;
    const lang = mailLang(user.language);
    const input: Rendered = {
      ...words,
      title: localize(words.title, lang),
      body: localize(words.body, lang),
      titleMany: words.titleMany === undefined ? undefined : localize(words.titleMany, lang),
      email: words.email === undefined ? undefined : localize(words.email, lang),
    };
    const values = {
      userId: input.userId,
      kind: input.kind,
      actorId: input.actorId ?? null,
      bookingId: input.bookingId ?? null,
      listingId: input.listingId ?? null,
      title: input.title,
      body: input.body,
      link: input.link,
    };
    const [row] =
      input.kind === 'message'
        ? // New messages from one sender grow the unread row (one statement, so concurrent sends
          // cannot make two); it takes a new id so that it lists first again.
          await tx
            .insert(notifications)
            .values(values)
            .onConflictDoUpdate({
              target: [notifications.userId, notifications.actorId],
              targetWhere: sql.raw(`kind = 'message' and read_at is null`),
              set: {
                id: sql`nextval(pg_get_serial_sequence('notifications', 'id'))`,
                count: sql`${notifications.count} + 1`,
                title: input.titleMany
                  ? sql`replace(${input.titleMany}, '{n}', (${notifications.count} + 1)::text)`
                  : input.title,
                body: input.body,
                bookingId: values.bookingId,
                createdAt: sql`now()`,
              },
            })
            .returning({ id: notifications.id })
        : await tx.insert(notifications).values(values).returning({ id: notifications.id });
    await publishNotice(tx, { t: 'notification', u: input.userId, id: row.id });
    if (input.kind !== 'message' && user.wantsEmail) await this.mail(tx, user, input, lang);
    return row.id;
  }

  private async mail(tx: Tx, user: { id: number; email: string }, input: Rendered, lang: Lang) {
    const origin = appOrigin(this.config);
    const absolute = (url: string) => (url.startsWith('/') ? lang.url(origin, url) : url);
    const e = input.email ?? {
      subject: input.title,
      paragraphs: [input.body],
      action: { label: lang.t.openInApp, url: input.link },
    };
    const mail = await composeUserMail(tx, this.config, {
      userId: user.id,
      to: user.email,
      kind: input.kind,
      subject: e.subject,
      content: {
        preheader: input.body,
        heading: input.title,
        paragraphs: e.paragraphs,
        action: e.action ? { label: e.action.label, url: absolute(e.action.url) } : undefined,
        footer: lang.t.notificationFooter,
      },
      unsubscribe: input.kind,
      lang,
    });
    await enqueueMail(tx, mail);
  }

  // Newest first; the cursor is opaque (the last id seen).
  async list(userId: number, query: { cursor?: string; limit?: number }): Promise<NotificationPage> {
    const limit = query.limit ?? NOTIFICATIONS_PAGE_SIZE;
    let before: number | null = null;
    if (query.cursor) {
      const c = decodeCursor(query.cursor, cursorSchema);
      if (!c) throw badRequest('The cursor is not valid', 'BAD_CURSOR');
      before = c.id;
    }
    const rows = await this.db
      .select({ n: notifications, actorId: actor.id, name: actor.name, avatar: actor.avatar })
      .from(notifications)
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .where(
        and(eq(notifications.userId, userId), before === null ? undefined : lt(notifications.id, before)),
      )
      .orderBy(desc(notifications.id))
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    return {
      items: page.map((r) => toNotification(r.n, { id: r.actorId, name: r.name, avatar: r.avatar })),
      nextCursor: rows.length > limit ? encodeCursor({ id: page[page.length - 1].n.id }) : null,
    };
  }

  async unreadCount(userId: number, db: Pick<Db, 'select'> = this.db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  }

  async unreadCounts(userIds: number[]): Promise<Map<number, number>> {
    const counts = new Map(userIds.map((u) => [u, 0]));
    if (!userIds.length) return counts;
    const rows = await this.db
      .select({ userId: notifications.userId, n: count() })
      .from(notifications)
      .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
      .groupBy(notifications.userId);
    for (const r of rows) counts.set(r.userId, Number(r.n));
    return counts;
  }

  // For the live stream: the notifications by id, with their owner.
  async byIds(ids: number[]): Promise<Map<number, { userId: number; notification: Notification }>> {
    const out = new Map<number, { userId: number; notification: Notification }>();
    if (!ids.length) return out;
    const rows = await this.db
      .select({ n: notifications, actorId: actor.id, name: actor.name, avatar: actor.avatar })
      .from(notifications)
      .leftJoin(actor, eq(actor.id, notifications.actorId))
      .where(inArray(notifications.id, [...new Set(ids)]));
    for (const r of rows)
      out.set(r.n.id, {
        userId: r.n.userId,
        notification: toNotification(r.n, { id: r.actorId, name: r.name, avatar: r.avatar }),
      });
    return out;
  }

  // Marks some or all of the user's own unread notifications read (others' ids change nothing),
  // and tells the user's other tabs the new count.
  async markRead(
    userId: number,
    input: MarkNotificationsReadInput,
  ): Promise<{ marked: number; unreadCount: number }> {
    return this.db.transaction(async (tx) => {
      const marked = await tx
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            isNull(notifications.readAt),
            'ids' in input ? inArray(notifications.id, input.ids) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      if (marked.length) await publishNotice(tx, { t: 'notificationsRead', u: userId });
      return { marked: marked.length, unreadCount: await this.unreadCount(userId, tx) };
    });
  }

  // The thread with the sender was read: so is the notification of their messages.
  async markMessagesRead(tx: Tx, userId: number, senderId: number): Promise<number> {
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, 'message'),
          eq(notifications.actorId, senderId),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    if (marked.length) await publishNotice(tx, { t: 'notificationsRead', u: userId });
    return marked.length;
  }

  // Per kind: also by e-mail? The kind's default where the user chose nothing.
  async preferences(userId: number): Promise<NotificationPrefs> {
    const rows = await this.db
      .select({ kind: notificationPrefs.kind, email: notificationPrefs.email })
      .from(notificationPrefs)
      .where(eq(notificationPrefs.userId, userId));
    const chosen = new Map(rows.map((r) => [r.kind, r.email]));
    return {
      email: Object.fromEntries(
        NOTIFICATION_KINDS.map((k) => [k, chosen.get(k) ?? NOTIFICATION_KIND_INFO[k].email]),
      ) as NotificationPrefs['email'],
    };
  }

  async setPreferences(
    userId: number,
    input: { email: Partial<Record<NotificationKind, boolean>> },
  ): Promise<NotificationPrefs> {
    await this.setEmail(
      this.db,
      userId,
      Object.entries(input.email).flatMap(([kind, email]) =>
        typeof email === 'boolean' ? [{ kind: kind as NotificationKind, email }] : [],
      ),
    );
    return this.preferences(userId);
  }

  // One upsert per call: concurrent changes of one kind cannot fail, the last one wins.
  async setEmail(
    db: Pick<Db, 'insert'>,
    userId: number,
    choices: { kind: NotificationKind; email: boolean }[],
  ): Promise<void> {
    if (!choices.length) return;
    await db
      .insert(notificationPrefs)
      .values(choices.map((c) => ({ userId, kind: c.kind, email: c.email })))
      .onConflictDoUpdate({
        target: [notificationPrefs.userId, notificationPrefs.kind],
        set: { email: sql`excluded.email` },
      });
  }
}
