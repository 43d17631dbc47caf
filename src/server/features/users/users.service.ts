import { eq, type SQL, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/messages.ts';
import { PROFILE_REVIEWS_MAX, type UserProfile } from '#shared/users.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { blockedBetween } from '../blocks/queries.ts';
import { stayOf } from '../bookings/index.ts';
import type { ListingsService } from '../listings/index.ts';
import { isActiveListing, listingTitle } from '../listings/queries.ts';
import { haveExchangedMessages, responsivenessOf } from '../messages/queries.ts';
import { reviewStats, reviewsWith } from '../reviews/queries.ts';
import { userAvatar, userName } from './queries.ts';

// The columns a public view of a person starts from; 404 when there is no such user.
async function userRow(db: Db, id: number) {
  const [u] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      bio: users.bio,
      avatar: users.avatar,
      createdAt: users.createdAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (!u) throw notFound('User not found', 'USER_NOT_FOUND');
  return u;
}

// A person's public face. Anyone sees a display name (the first name), the avatar and the date
// they joined; the full name and username only the person themself and those who have written to
// or heard from them, so that sequential ids cannot be walked into a list of names.
export async function publicUser(db: Db, viewerId: number | null, id: number): Promise<PublicUser> {
  const u = await userRow(db, id);
  // A deleted account (ADR 022) is only a name that says so.
  if (u.deletedAt)
    return { id: u.id, displayName: u.name, avatar: null, createdAt: u.createdAt.toISOString() };
  const profile: PublicUser = {
    id: u.id,
    displayName: u.name.trim().split(/\s+/)[0] || `Member #${u.id}`,
    avatar: u.avatar,
    createdAt: u.createdAt.toISOString(),
  };
  if (viewerId === null || (viewerId !== id && !(await haveExchangedMessages(db, viewerId, id))))
    return profile;
  return { ...profile, username: u.username, name: u.name };
}

const DELETED_PROFILE = (id: number): UserProfile => ({
  id,
  deleted: true,
  displayName: 'Deleted user',
  avatar: null,
  bio: null,
  memberSince: null,
  listings: [],
  reviews: { average: null, count: 0, fromStays: 0, items: [] },
  responsiveness: null,
});

// The public profile page: the person, their active listings, the reviews of those listings and
// how they answer messages. Only the first name: never the username, e-mail or full name.
export async function userProfile(
  db: Db,
  listingsOf: Pick<ListingsService, 'mine'>,
  id: number,
  viewerId: number | null = null,
): Promise<UserProfile> {
  const u = await userRow(db, id);
  if (u.deletedAt) return DELETED_PROFILE(u.id);
  // A block either way: the profile shows none of the user's listings to the other (ADR 029).
  const blocked = viewerId !== null && (await blockedBetween(db, viewerId, id));
  // The reviews of the user's public listings.
  const ofHost = (listingId: SQL) => isActiveListing(listingId, (owner) => sql`${owner} = ${id}`);
  const [owned, stats, reviewItems, responsiveness] = await Promise.all([
    blocked ? Promise.resolve([]) : listingsOf.mine(id),
    reviewStats(db, ofHost, (r) => stayOf(r.listingId, r.userId)),
    reviewsWith(
      db,
      ofHost,
      (r) => ({
        listingTitle: listingTitle(r.listingId),
        name: userName(r.userId),
        avatar: userAvatar(r.userId),
        fromStay: stayOf(r.listingId, r.userId),
      }),
      PROFILE_REVIEWS_MAX,
    ),
    responsivenessOf(db, id),
  ]);
  return {
    id: u.id,
    deleted: false,
    displayName: firstName(u.name, u.id),
    avatar: u.avatar,
    bio: u.bio,
    memberSince: u.createdAt.toISOString(),
    listings: owned,
    reviews: {
      average: stats?.average == null ? null : Number(stats.average),
      count: Number(stats?.count ?? 0),
      fromStays: Number(stats?.fromStays ?? 0),
      items: reviewItems.map((r) => ({
        id: r.id,
        listingId: r.listingId,
        listingTitle: r.listingTitle,
        rating: r.rating,
        comment: r.comment,
        createdAt: r.createdAt.toISOString(),
        user: { name: firstName(r.name, 0) || 'Member', avatar: r.avatar },
        fromStay: Boolean(r.fromStay),
      })),
    },
    responsiveness,
  };
}

const firstName = (name: string, id: number) => name.trim().split(/\s+/)[0] || `Member #${id}`;

// Public profiles; the listings feature lists a person's active listings.
export class UsersService {
  private db: Db;
  private owned: Pick<ListingsService, 'mine'>;
  constructor(db: Db, owned: Pick<ListingsService, 'mine'>) {
    this.db = db;
    this.owned = owned;
  }

  publicUser(viewerId: number | null, id: number): Promise<PublicUser> {
    return publicUser(this.db, viewerId, id);
  }

  profile(id: number, viewerId: number | null): Promise<UserProfile> {
    return userProfile(this.db, this.owned, id, viewerId);
  }
}
