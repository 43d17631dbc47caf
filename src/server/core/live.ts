import { sql } from 'drizzle-orm';
import type { Message } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';

// The live channel (ADR 007): one Postgres channel every instance LISTENs on; the message hub
// (features/messages) fans each notice out to the open streams of its users. Any feature may
// publish on it.
export const MESSAGES_CHANNEL = 'ys_messages';

// What travels on the channel. Notifications are announced by id from inside the transaction that
// makes them (NOTIFY is delivered on commit); the hub reads the row when a stream of the user is open.
export type Notice =
  | { t: 'message'; id: number; from: number; to: number; m?: Message }
  | { t: 'read'; u: number }
  | { t: 'notification'; u: number; id: number }
  | { t: 'notificationsRead'; u: number }
  | { t: 'ping'; i: string; n: number }
  // The user's sessions were ended (a suspension, ADR 029): every instance closes their streams.
  | { t: 'ended'; u: number };

// Inside a transaction, NOTIFY is delivered when it commits, never when it rolls back.
export async function publishNotice(tx: Pick<Db, 'execute'>, notice: Notice): Promise<void> {
  await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, ${JSON.stringify(notice)})`);
}
