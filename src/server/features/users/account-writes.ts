// A person's account row as sign-up, sign-in, settings and deletion write it: through users' data
// face (queries.ts), for the auth and account features (ADR 053).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { UserRole } from '#shared/moderation.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

type UserRow = typeof users.$inferSelect;

export async function insertUser(
  tx: Pick<Db, 'insert'>,
  values: typeof users.$inferInsert,
): Promise<UserRow> {
  const [row] = await tx.insert(users).values(values).returning();
  return row;
}

export async function updateUserProfile(
  db: Pick<Db, 'update'>,
  id: number,
  values: Partial<Pick<UserRow, 'name' | 'bio' | 'language'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

// The address becomes the account's, confirmed now.
export async function confirmUserEmail(tx: Pick<Db, 'update'>, id: number, email: string): Promise<void> {
  await tx.update(users).set({ email, emailVerifiedAt: sql`now()` }).where(eq(users.id, id));
}

export async function setPasswordHash(
  tx: Pick<Db, 'update'>,
  id: number,
  passwordHash: string,
): Promise<void> {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, id));
}

// A new password from an e-mailed link sent to linkEmail: that address, when it is still the
// account's, counts as confirmed. Undefined when the account is gone or deleted.
export async function setPasswordFromLink(
  tx: Pick<Db, 'update'>,
  id: number,
  passwordHash: string,
  linkEmail: string,
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      passwordHash,
      emailVerifiedAt: sql`case when ${users.emailVerifiedAt} is null and lower(${users.email}) = lower(${linkEmail}) then now() else ${users.emailVerifiedAt} end`,
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

export async function setUserAvatar(
  db: Pick<Db, 'update'>,
  id: number,
  avatar: string | null,
): Promise<UserRow> {
  const [row] = await db.update(users).set({ avatar }).where(eq(users.id, id)).returning();
  return row;
}

// A deleted account's row (ADR 022): it stays, so bookings and payments keep their parties, with
// the given names and nothing personal. "!" is no scrypt hash: no password verifies against it.
export async function anonymiseUser(
  tx: Tx,
  id: number,
  names: { username: string; email: string; name: string },
): Promise<void> {
  await tx
    .update(users)
    .set({
      username: names.username,
      email: names.email,
      name: names.name,
      bio: null,
      avatar: null,
      passwordHash: '!deleted',
      emailVerifiedAt: null,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}

// Suspends the user from `at`, or (null) reinstates them.
export async function setUserSuspended(tx: Tx, id: number, at: Date | null): Promise<void> {
  await tx.update(users).set({ suspendedAt: at }).where(eq(users.id, id));
}

export async function setUserRole(tx: Tx, id: number, role: UserRole): Promise<void> {
  await tx.update(users).set({ role }).where(eq(users.id, id));
}
