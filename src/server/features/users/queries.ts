// The users feature's data face: the queries of its tables other modules use (ADR 053).
import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

type Reader = Pick<Db, 'select'>;
// A person's id as the caller's query names it: a column (table-qualified: in a single-table select
// list Drizzle writes a column bare, which inside these subqueries would mean the users' own), SQL,
// or a value.
export type UserIdRef = AnyColumn | SQL | number;

// A person's name, username, avatar and first day, by id: scalar subqueries for a select list or a
// condition of the caller's query.
export const userName = (id: UserIdRef) => sql<string>`(select u.name from ${users} u where u.id = ${id})`;
export const userUsername = (id: UserIdRef) =>
  sql<string>`(select u.username from ${users} u where u.id = ${id})`;
export const userAvatar = (id: UserIdRef) =>
  sql<string | null>`(select u.avatar from ${users} u where u.id = ${id})`;
export const userCreatedAt = (id: UserIdRef) =>
  sql<Date>`(select u.created_at from ${users} u where u.id = ${id})`.mapWith(users.createdAt);

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
