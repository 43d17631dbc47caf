import { and, eq, inArray } from 'drizzle-orm';
import { NOTIFICATION_KIND_INFO, type NotificationKind } from '#shared/notifications.ts';
import type { Db } from '../../db/client.ts';
import { notificationPrefs } from '../../db/schema.ts';
import { mailContacts } from '../users/queries.ts';

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
  const contact = mailContacts('recipient');
  const rows = await db
    .select({
      id: contact.id,
      name: contact.name,
      email: contact.email,
      language: contact.language,
      deletedAt: contact.deletedAt,
      pref: notificationPrefs.email,
    })
    .from(contact)
    .leftJoin(
      notificationPrefs,
      and(eq(notificationPrefs.userId, contact.id), eq(notificationPrefs.kind, kind)),
    )
    .where(inArray(contact.id, [...new Set(ids)]));
  return new Map(
    rows.map(({ pref, ...r }) => [r.id, { ...r, wantsEmail: pref ?? NOTIFICATION_KIND_INFO[kind].email }]),
  );
}
