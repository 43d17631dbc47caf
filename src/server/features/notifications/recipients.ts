import { and, eq, inArray } from 'drizzle-orm';
import { NOTIFICATION_KIND_INFO, type NotificationKind } from '#shared/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notificationPrefs, users } from '../../db/schema.ts';

export type Recipient = {
  id: number;
  name: string;
  email: string;
  language: string | null;
  deletedAt: Date | null;
  // Their choice for the kind, else the kind's default (ADR 021).
  wantsEmail: boolean;
};

// The people a notification of this kind, or its e-mail, may go to, by id: one query for the
// notifications and for the message-mail job alike.
export async function recipients(
  db: Pick<Db, 'select'>,
  ids: number[],
  kind: NotificationKind,
): Promise<Map<number, Recipient>> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      deletedAt: users.deletedAt,
      pref: notificationPrefs.email,
    })
    .from(users)
    .leftJoin(
      notificationPrefs,
      and(eq(notificationPrefs.userId, users.id), eq(notificationPrefs.kind, kind)),
    )
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ pref, ...r }) => [r.id, { ...r, wantsEmail: pref ?? NOTIFICATION_KIND_INFO[kind].email }]),
  );
}
