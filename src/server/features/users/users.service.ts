import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/messages.ts';
import {
  PROFILE_REVIEWS_MAX,
  RESPONSE_ANSWERED_HOURS,
  RESPONSE_WINDOW_DAYS,
  type Responsiveness,
  responseTimeLabel,
  type UserProfile,
} from '#shared/users.ts';
import type { Db } from '../../db/client.ts';
import { listings, messages, reviews, users } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { blockedBetween } from '../blocks/queries.ts';
import { stayOf } from '../bookings/index.ts';
import type { ListingsService } from '../listings/index.ts';

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
  const [owned, reviewStats, reviewItems, responsiveness] = await Promise.all([
    blocked ? Promise.resolve([]) : listingsOf.mine(id),
    db
      .select({
        average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
        count: sql<number>`count(*)::int`,
        fromStays: sql<number>`(count(*) filter (where ${stayOf(sql.raw('reviews.listing_id'), sql.raw('reviews.user_id'))}))::int`,
      })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .where(and(eq(listings.userId, id), eq(listings.active, true))),
    db
      .select({
        id: reviews.id,
        listingId: reviews.listingId,
        listingTitle: listings.title,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        name: users.name,
        avatar: users.avatar,
        fromStay: stayOf(sql.raw('reviews.listing_id'), sql.raw('reviews.user_id')),
      })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(listings.userId, id), eq(listings.active, true)))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(PROFILE_REVIEWS_MAX),
    responsivenessOf(db, id),
  ]);
  const stats = reviewStats[0];
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

// Over the last RESPONSE_WINDOW_DAYS days, per other person: the first message of the pair in the
// window (thread order); when the other person wrote it, the conversation counts, and the reply
// time is until the user's first message back to them. Answered = a reply within
// RESPONSE_ANSWERED_HOURS; the median runs over every conversation with a reply.
export async function responsivenessOf(db: Db, userId: number): Promise<Responsiveness> {
  const result = await db.execute(sql`
    with pair as (
      select case when m.from_user_id = ${userId} then m.to_user_id else m.from_user_id end as other,
             m.from_user_id, m.created_at, m.id
      from messages m
      where (m.from_user_id = ${userId} or m.to_user_id = ${userId})
        and m.created_at >= now() - make_interval(days => ${RESPONSE_WINDOW_DAYS})
    ),
    opened as (
      select distinct on (other) other, from_user_id, created_at, id from pair order by other, id
    ),
    replied as (
      select o.created_at as asked_at,
             (select min(r.created_at) from messages r
               where r.from_user_id = ${userId} and r.to_user_id = o.other and r.id > o.id) as replied_at
      from opened o
      where o.from_user_id <> ${userId}
    )
    select count(*)::int as conversations,
           (count(*) filter (
             where replied_at <= asked_at + make_interval(hours => ${RESPONSE_ANSWERED_HOURS})))::int as answered,
           (percentile_cont(0.5) within group (order by extract(epoch from replied_at - asked_at))
             filter (where replied_at is not null))::float8 as median_seconds
    from replied
  `);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const conversations = Number(row?.conversations ?? 0);
  const answered = Number(row?.answered ?? 0);
  const medianMinutes = row?.median_seconds == null ? null : Math.round(Number(row.median_seconds) / 60);
  return {
    conversations,
    answered,
    rate: conversations ? answered / conversations : null,
    medianMinutes,
    typical: medianMinutes === null ? null : responseTimeLabel(medianMinutes),
  };
}

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
