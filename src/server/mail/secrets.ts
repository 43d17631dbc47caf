import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';

// A random secret made once and shared by every instance through the database.
export async function appSecret(db: Db, name: string): Promise<Buffer> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return Buffer.from(row.value, 'base64url');
}

// Unsubscribe links (RFC 8058) carry the user and the kind ('all' for every kind), signed: no
// session is needed and nobody can forge another user's link.
export function signUnsubscribe(secret: Buffer, userId: number, kind: string): string {
  const body = `${userId}.${kind}`;
  const mac = createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url').slice(0, 32);
  return `${body}.${mac}`;
}

export function verifyUnsubscribe(secret: Buffer, token: string): { userId: number; kind: string } | null {
  const m = /^(\d{1,10})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const expected = signUnsubscribe(secret, Number(m[1]), m[2]).split('.')[2];
  const a = Buffer.from(m[3]);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return { userId: Number(m[1]), kind: m[2] };
}
