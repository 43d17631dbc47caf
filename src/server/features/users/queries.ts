// The users feature's data face: the queries of its tables other modules use (ADR 053).
import { type AnyColumn, and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { UserRole } from '#shared/moderation.ts';
import { onePage, type Page, textOrId } from '../../core/console-lists.ts';
import { qualified } from '../../core/qualified.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export {
  anonymiseUser,
  confirmUserEmail,
  insertUser,
  setPasswordFromLink,
  setPasswordHash,
  setUserAvatar,
  setUserRole,
  setUserSuspended,
  updateUserProfile,
} from './account-writes.ts';

type Reader = Pick<Db, 'select'>;
// A person's id as the caller's query names it: a column, SQL, or a value.
export type UserIdRef = AnyColumn | SQL | number;

// A person's name, username, avatar and first day, by id: scalar subqueries for a select list or a
// condition of the caller's query.
export const userName = (id: UserIdRef) =>
  sql<string>`(select u.name from ${users} u where u.id = ${qualified(id)})`;
export const userUsername = (id: UserIdRef) =>
  sql<string>`(select u.username from ${users} u where u.id = ${qualified(id)})`;
export const userAvatar = (id: UserIdRef) =>
  sql<string | null>`(select u.avatar from ${users} u where u.id = ${qualified(id)})`;
export const userCreatedAt = (id: UserIdRef) =>
  sql<Date>`(select u.created_at from ${users} u where u.id = ${qualified(id)})`.mapWith(users.createdAt);

// The people's public columns as a subquery to join (`.innerJoin(p, eq(p.id, ...))`): the database
// flattens it, so the join plans as one of the table. Give each join of it its own name.
export const people = (name = 'people') =>
  new QueryBuilder()
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      avatar: users.avatar,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .as(name);

// Whether the user exists (a deleted account still does, ADR 022).
export async function userExists(db: Reader, id: number): Promise<boolean> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).limit(1);
  return Boolean(u);
}

// Whether the user exists and has not deleted their account.
export async function activeUserExists(db: Reader, id: number): Promise<boolean> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return Boolean(u);
}

// The user's row locked for the transaction (FOR UPDATE): what serialises a user's own writes, such
// as counting against a per-user limit. False when there is no such user.
export async function lockUser(tx: Reader, id: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
  return rows.length > 0;
}

// The user's chosen language (null: none chosen, or no such user).
export async function userLanguage(db: Reader, id: number): Promise<string | null> {
  const [u] = await db.select({ language: users.language }).from(users).where(eq(users.id, id));
  return u?.language ?? null;
}

// A user's row by id (undefined: none).
export async function userById(db: Pick<Db, 'select'>, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

// When the user confirmed their e-mail address and deleted their account (each null: not yet).
export async function emailAndDeletion(
  db: Pick<Db, 'select'>,
  id: number,
): Promise<{ verifiedAt: Date | null; deletedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

// The user's row held for the transaction (FOR SHARE) when they have not deleted their account:
// an account being deleted holds its row locked, so this waits, then finds it gone (ADR 022).
export async function shareActiveUser(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('share');
  return rows.length > 0;
}

// The names of these people, by id (an unknown id is missing).
export async function userNames(db: Pick<Db, 'select'>, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// True when the person neither deleted their account nor is suspended: a condition of the caller's
// query.
export const userIsLive = (id: UserIdRef) =>
  sql<boolean>`exists (select 1 from ${users} u where u.id = ${id} and u.deleted_at is null and u.suspended_at is null)`;

// A user's row as stored (the session's user, the account's owner).
export type UserRow = typeof users.$inferSelect;

// ---- Accounts (registration, sign-in, the account's settings) -----------------------------------
// The user's whole row locked for the transaction (FOR UPDATE).
export async function lockUserRow(tx: Reader, id: number) {
  return (await tx.select().from(users).where(eq(users.id, id)).for('update'))[0];
}

// The account (not deleted) with this id, e.g. a scalar subquery's.
export async function liveUserById(db: Reader, id: UserIdRef): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

// The account (not deleted) signing in with this username, any case.
export async function liveUserByUsername(db: Reader, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .limit(1);
  return row;
}

// The account (not deleted) with this e-mail address, any case, locked for the transaction.
export async function lockLiveUserByEmail(tx: Reader, email: string): Promise<UserRow | undefined> {
  const [row] = await tx
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

// Whether any account, deleted or not, has this e-mail address (any case).
export async function emailInUse(db: Reader, email: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return Boolean(taken);
}

// The accounts (at most two) having this username or this e-mail address, any case.
export function usersNamedOrAddressed(
  db: Reader,
  username: string,
  email: string,
): Promise<{ username: string; email: string }[]> {
  return db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username}) or lower(${users.email}) = lower(${email})`)
    .limit(2);
}

// The accounts that are not suspended, whole rows, as a subquery to join (the session's user).
export const unsuspendedUsers = (name = 'account') =>
  new QueryBuilder().select().from(users).where(isNull(users.suspendedAt)).as(name);

// The avatars' upload paths: a SELECT of one column (path) for the caller's statement.
export const avatarPaths = () => sql`select ${users.avatar} from ${users} where ${users.avatar} is not null`;

// What mail to a person needs (id, name, e-mail, language, deletion) as a subquery to join: the
// database flattens it, so the join plans as one of the table.
export const mailContacts = (name = 'contacts') =>
  new QueryBuilder()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      language: users.language,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .as(name);

// ---- The operator console (ADR 029) -------------------------------------------------------------
export function usersByIds(db: Pick<Db, 'select'>, ids: number[]): Promise<UserRow[]> {
  return db.select().from(users).where(inArray(users.id, ids));
}

// One page of the accounts matching the search box (username, name, e-mail or id), newest first.
export function usersPage(db: Pick<Db, 'select'>, q: string | undefined, page: Page) {
  const where = textOrId(q, users.id, [users.username, users.name, users.email]);
  return onePage(db, users, where, [desc(users.createdAt), desc(users.id)], page);
}

export async function suspendedUserCount(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isNotNull(users.suspendedAt));
  return Number(row?.n ?? 0);
}

// The account (not deleted) with this username, any case, locked for the transaction: the command
// line's role change.
export async function lockLiveUserByUsername(
  tx: Tx,
  username: string,
): Promise<{ id: number; username: string; role: UserRole } | undefined> {
  const [row] = await tx
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isNull(users.deletedAt)))
    .for('update');
  return row;
}
