// Notifications' data face: the queries of its tables other modules use (ADR 053).
import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notificationPrefs, notifications } from '../../db/schema.ts';

// ---- A person's notifications (the account's export and deletion, ADR 022) ---------------------
// The user's notifications in id order, and their e-mail preferences.
export async function notificationsOfPerson(db: Pick<Db, 'select'>, userId: number) {
  const rows = await db
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
  return { notifications: rows, prefs };
}

// A deleted account's notifications and preferences, and the notifications others got of what it
// did (they quote its name and words).
export async function forgetPersonNotifications(tx: Tx, userId: number): Promise<void> {
  await tx
    .delete(notifications)
    .where(or(eq(notifications.userId, userId), eq(notifications.actorId, userId)));
  await tx.delete(notificationPrefs).where(eq(notificationPrefs.userId, userId));
}

// A removed message's notification to its recipient quoted it (`body`): it says `replacement`
// instead.
export async function replaceMessageNotification(
  tx: Tx,
  message: { toUserId: number; fromUserId: number },
  body: string,
  replacement: string,
): Promise<void> {
  await tx
    .update(notifications)
    .set({ body: replacement })
    .where(
      and(
        eq(notifications.kind, 'message'),
        eq(notifications.userId, message.toUserId),
        eq(notifications.actorId, message.fromUserId),
        eq(notifications.body, body),
      ),
    );
}
