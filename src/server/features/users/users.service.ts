import { and, eq, or } from 'drizzle-orm';
import type { PublicUser } from '#shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { messages, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';

// A person's public face. Anyone sees a display name (the first name), the avatar and the date
// they joined; the full name and username only the person themself and those who have written to
// or heard from them, so that sequential ids cannot be walked into a list of names.
export async function publicUser(db: Db, viewerId: number | null, id: number): Promise<PublicUser> {
  const [u] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      avatar: users.avatar,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
  // A deleted account (ADR 022) is only a name that says so.
  if (u.deletedAt)
    return { id: u.id, displayName: u.name, avatar: null, createdAt: u.createdAt.toISOString() };
  const profile: PublicUser = {
    id: u.id,
    displayName: u.name.trim().split(/\s+/)[0] || `Member #${u.id}`,
    avatar: u.avatar,
    createdAt: u.createdAt.toISOString(),
  };
  if (viewerId === null || (viewerId !== id && !(await shareConversation(db, viewerId, id)))) return profile;
  return { ...profile, username: u.username, name: u.name };
}

async function shareConversation(db: Db, a: number, b: number): Promise<boolean> {
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
