import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { addMonths, type BookingStatus, todayUtc } from '#shared/bookings.ts';
import { CANCELLATION_POLICIES } from '#shared/cancellation.ts';
import { createListingSchema } from '#shared/listings.ts';
import { partCents, RELEASE_DELAY_MS, releasePlanOf, releaseTimes } from '#shared/payments.ts';
import { en } from '#shared/texts/en/mail.ts';
import type { Config } from '../config.ts';
import { clip, displayName, silentNotifier } from '../core/notifier.ts';
import type { Db, DbHandle, Tx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import {
  bookingEvents,
  bookings,
  hoursEntries,
  listings,
  mailOutbox,
  messages,
  notifications,
  payments,
  payouts,
  reviews,
  uploads,
  users,
} from '../db/schema.ts';
import { hashPassword } from '../features/auth/password.ts';
import { BookingsService, noPayments } from '../features/bookings/bookings.service.ts';
import { inSeason, monthsTouched } from '../features/bookings/capacity.ts';
import { distanceKm, geocode, type Point } from '../features/listings/geo.ts';
import { recordPaymentIn } from '../features/payments/payouts/ledger.ts';
import { BookingReviewsService } from '../features/reviews/booking-reviews.service.ts';
import { createUploadStore, type UploadFile, type UploadStore } from '../features/uploads/upload-store.ts';
import { renderAvatar } from './avatars.ts';
import {
  BOOKING_LINES,
  CLOSINGS,
  CONVERSATIONS,
  type DemoHost,
  type DemoListing,
  type DemoPerson,
  GROWERS,
  HOSTS,
  TERMS,
  THEMES,
} from './data.ts';
import { type Layout, type PhotoSpec, renderPhoto, TIMES, type TimeOfDay } from './photos.ts';
import { type Rng, rng } from './random.ts';
import { ReviewTexts } from './review-texts.ts';
import { SpriteCache } from './sprites.ts';

// The demo marketplace (npm start on an empty embedded database, or npm run seed): hosts and
// growers with portraits, listings in many states with generated photos, reviews, conversations
// and bookings in every state. Everything is drawn from one seed, so every run makes the same demo.
export const DEMO_PASSWORD = 'yardshare-demo';
export const DEMO_USERNAMES = [...HOSTS, ...GROWERS].map((p) => p.username);
const SEED = 20_260_515;
const DAY = 86_400_000;
const PHOTO_CONCURRENCY = 3;

export type DemoSummary = {
  ms: number;
  users: number;
  hosts: number;
  growers: number;
  listings: number;
  states: number;
  photos: number;
  reviews: number;
  conversations: number;
  messages: number;
  bookings: Partial<Record<BookingStatus, number>>;
};

// On the embedded database, when it has no users yet, unless SEED_DEMO=false. Never on PostgreSQL:
// there the demo is asked for with npm run seed.
export async function shouldSeed(config: Config, handle: DbHandle): Promise<boolean> {
  if (!config.seedDemo || config.databaseUrl || handle.kind !== 'pglite') return false;
  const [row] = await handle.db.select({ id: users.id }).from(users).limit(1);
  return !row;
}

// How many users the database has, and how many of them are the demo's.
export async function demoState(db: Pick<Db, 'select'>): Promise<{ users: number; demoUsers: number }> {
  const [all] = await db.select({ n: count() }).from(users);
  const [demo] = await db
    .select({ n: count() })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, DEMO_USERNAMES));
  return { users: Number(all.n), demoUsers: Number(demo.n) };
}

export function summaryLine(s: DemoSummary): string {
  const statuses = Object.entries(s.bookings)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  return (
    `Demo marketplace ready in ${(s.ms / 1000).toFixed(1)} s: ${s.listings} listings in ${s.states} states ` +
    `with ${s.photos} photos, ${s.hosts} hosts and ${s.growers} growers, ${s.reviews} reviews, ` +
    `${s.conversations} conversations, bookings (${statuses}). ` +
    `Sign in as any demo user, e.g. ${HOSTS[0].username} (host) or ${GROWERS[0].username} (grower), ` +
    `with the password "${DEMO_PASSWORD}".`
  );
}

// ---- The plan: everything decided before anything is written -------------------------------

type PlannedPerson = DemoPerson & { role: 'host' | 'grower'; createdAt: Date; point: Point };
type PlannedListing = DemoListing & {
  host: DemoHost;
  createdAt: Date;
  point: Point;
  photos: PhotoSpec[];
  description: string;
};

const first = (name: string) => name.split(' ')[0];
const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);

function locate(city: string, state: string): Point {
  const p = geocode(city, state);
  if (!p) throw new Error(`Demo city not found: ${city}, ${state}`);
  return p;
}

function describeListing(r: Rng, l: DemoListing): string {
  const theme = THEMES[l.theme];
  const [a, b] = r.shuffle(theme.lines);
  const terms = fill(r.pick(TERMS[l.type]), { price: `$${l.price}`, hours: String(l.hours) });
  const season = l.season
    ? ` The season runs from ${monthName(l.season[0])} to ${monthName(l.season[1])}.`
    : ' It is open all year.';
  const plots = l.plots > 1 ? ` There ${l.plots === 1 ? 'is' : 'are'} ${l.plots} plots to share.` : '';
  const booking =
    l.mode === 'instant'
      ? ' Book instantly; no need to wait for me.'
      : ' Send a request and tell me a little about what you want to grow; I answer within a day or two.';
  return `${l.blurb} ${a} ${b}\n\n${terms}${plots}${season}${booking}\n\n${r.pick(CLOSINGS)}`;
}

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
const monthName = (m: number) => MONTHS[m - 1];

// What a listing says it is, as a photo layout: its first photo shows that (raised beds look like
// raised beds). The title decides before the blurb; null when neither names one.
const TOLD: [RegExp, Layout][] = [
  [/greenhouse|hoop house|polytunnel/i, 'greenhouse'],
  [/\bbeds?\b/i, 'beds'],
  [/orchard|food forest|fruit trees|lemon trees|peach tree/i, 'orchard'],
  [/\brows\b|\bfield\b/i, 'rows'],
];
export function toldLayout(l: Pick<DemoListing, 'title' | 'blurb'>): Layout | null {
  for (const text of [l.title, l.blurb]) for (const [re, layout] of TOLD) if (re.test(text)) return layout;
  return null;
}

function photoSpecs(r: Rng, l: DemoListing, host: DemoHost, index: number): PhotoSpec[] {
  const told = toldLayout(l);
  const themed = THEMES[l.theme];
  const theme = told ? { ...themed, layouts: [told, ...themed.layouts.filter((x) => x !== told)] } : themed;
  const n = 3 + (r.chance(0.4) ? 1 : 0) + (r.chance(0.12) ? 1 : 0);
  const times: TimeOfDay[] = [r.pick(['golden', 'morning', 'noon', 'golden'] as const), ...r.shuffle(TIMES)];
  const seen = new Set<string>([times[0]]);
  const order = [times[0], ...times.slice(1).filter((t) => !seen.has(t) && seen.add(t))];
  const backdrops = [
    host.backdrop,
    host.backdrop,
    r.pick(['hills', 'trees', 'farm'] as const),
    host.backdrop,
    'hills' as const,
  ];
  return Array.from({ length: n }, (_, i) => {
    const layout = i < theme.layouts.length ? theme.layouts[i] : r.pick(theme.layouts);
    // A close-up shows the theme's own crop; wider views lead with another one now and then.
    const shift = layout === 'closeup' ? 0 : i % theme.crops.length;
    const crops = [...theme.crops.slice(shift), ...theme.crops.slice(0, shift)];
    return {
      seed: SEED + index * 101 + i * 7,
      layout,
      crops: crops.slice(0, r.int(1, Math.min(3, crops.length))),
      time: order[i % order.length],
      backdrop: backdrops[i],
      fruit: l.fruit ?? 'apple',
    };
  });
}

export function demoPlan(now: Date) {
  const r = rng(SEED);
  const people: PlannedPerson[] = [
    ...HOSTS.map((h) => ({ ...h, role: 'host' as const })),
    ...GROWERS.map((g) => ({ ...g, role: 'grower' as const })),
  ].map((p) => ({
    ...p,
    createdAt: new Date(
      now.getTime() - (p.joinedMonthsAgo * 30 + r.int(0, 20)) * DAY - r.int(0, 86_000) * 1000,
    ),
    point: locate(p.city, p.state),
  }));
  const planned: PlannedListing[] = [];
  for (const host of HOSTS) {
    const joined = people.find((p) => p.username === host.username)!.createdAt.getTime();
    // A host's latest listing is from the last few weeks, the earlier ones from after they joined.
    const latest = Math.max(joined + 7 * DAY, now.getTime() - r.range(1, 70) * DAY);
    const n = host.listings.length;
    host.listings.forEach((l, j) => {
      const base = locate(l.city, l.state);
      const at =
        j === n - 1 ? latest : joined + 7 * DAY + (latest - joined - 7 * DAY) * ((j + r.range(0.1, 0.9)) / n);
      planned.push({
        ...l,
        host,
        createdAt: new Date(at),
        // A street address in the city, a few kilometres from its centre.
        point: { lat: base.lat + r.range(-0.035, 0.035), lng: base.lng + r.range(-0.045, 0.045) },
        photos: photoSpecs(r, l, host, planned.length),
        description: describeListing(r, l),
      });
    });
  }
  return { r, people, listings: planned };
}

// ---- Images -------------------------------------------------------------------------------

type Stored = { path: string; bytes: number };

async function pool<T, R>(items: T[], size: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i], i);
      }
    }),
  );
  return out;
}

// Stored as the upload pipeline stores: a random name, WebP, in the upload store (ADR 026). Disk
// and bucket files are written at once; the database store writes them with the uploads rows.
async function store(uploadStore: UploadStore, data: Buffer, written: UploadFile[]): Promise<Stored> {
  const file: UploadFile = {
    name: `${randomBytes(16).toString('hex')}.webp`,
    bytes: data,
    contentType: 'image/webp',
  };
  await uploadStore.saveAfterCommit([file]);
  written.push(file);
  return { path: `/uploads/${file.name}`, bytes: data.length };
}

// ---- Seeding ------------------------------------------------------------------------------

export async function seedDemo(
  db: Db,
  config: Pick<Config, 'uploadsDir' | 'uploads' | 'passwordHashLog2N'>,
  opts: { log?: (line: string) => void; now?: Date } = {},
): Promise<DemoSummary | null> {
  const started = Date.now();
  const now = opts.now ?? new Date();
  if ((await demoState(db)).demoUsers) return null;
  const { r, people, listings: planned } = demoPlan(now);
  for (const l of planned)
    createListingSchema.parse({
      ...l,
      workHours: l.hours,
      location: l.street,
      seasonStart: l.season?.[0],
      seasonEnd: l.season?.[1],
      bookingMode: l.mode,
      description: l.description,
    });

  const uploadStore = createUploadStore(config, db);
  const written: UploadFile[] = [];
  const removeWritten = () => uploadStore.remove(written.map((f) => f.name));
  const photoCount = planned.reduce((n, l) => n + l.photos.length, 0);
  opts.log?.(`drawing ${photoCount} garden photos and ${people.length} portraits...`);
  try {
    const hash = hashPassword(DEMO_PASSWORD, config.passwordHashLog2N);
    const avatars = await pool(people, PHOTO_CONCURRENCY, async (p, i) =>
      store(uploadStore, await renderAvatar(p.look, SEED + i), written),
    );
    const sprites = new SpriteCache();
    const jobs = planned.flatMap((l, li) => l.photos.map((spec) => ({ li, spec })));
    const photos = await pool(jobs, PHOTO_CONCURRENCY, async (j) => ({
      li: j.li,
      stored: await store(uploadStore, await renderPhoto(j.spec, sprites), written),
    }));
    const passwordHash = await hash;
    opts.log?.(`drawn in ${((Date.now() - started) / 1000).toFixed(1)} s; writing the database...`);
    const summary = await db.transaction(async (tx) => {
      // One seeding at a time; a second one finds the demo there and stops.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('yardshare:demo-seed', 0))`);
      if ((await demoState(tx)).demoUsers) return null;
      const summary = await write(tx, { r, now, people, planned, avatars, photos, passwordHash });
      await uploadStore.saveInTransaction(tx, written);
      return summary;
    });
    if (!summary) await removeWritten();
    else summary.ms = Date.now() - started;
    return summary;
  } catch (err) {
    await removeWritten();
    if (isUniqueViolation(err))
      throw new Error('A user with one of the demo usernames or e-mail addresses already exists');
    throw err;
  }
}

type WriteInput = {
  r: Rng;
  now: Date;
  people: PlannedPerson[];
  planned: PlannedListing[];
  avatars: Stored[];
  photos: { li: number; stored: Stored }[];
  passwordHash: string;
};

type ListingRow = typeof listings.$inferSelect & { point: Point; hostName: string };
type Person = PlannedPerson & { id: number };

async function write(tx: Tx, input: WriteInput): Promise<DemoSummary> {
  const { r, now, people, planned, avatars, photos, passwordHash } = input;
  const userRows = await tx
    .insert(users)
    .values(
      people.map((p, i) => ({
        username: p.username,
        email: `${p.username}@demo.yardshare.example`,
        passwordHash,
        name: p.name,
        bio: p.bio,
        avatar: avatars[i].path,
        createdAt: p.createdAt,
        emailVerifiedAt: new Date(p.createdAt.getTime() + r.int(60, 3600) * 1000),
      })),
    )
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(userRows.map((u) => [u.username, u.id]));
  const everyone: Person[] = people.map((p) => ({ ...p, id: idOf.get(p.username)! }));
  const hostsByName = new Map(everyone.filter((p) => p.role === 'host').map((p) => [p.username, p]));
  const growers = everyone.filter((p) => p.role === 'grower');

  // The files, as uploads of their owners (the purge keeps what a listing or an avatar uses).
  const imagesOf = planned.map(() => [] as string[]);
  for (const p of photos) imagesOf[p.li].push(p.stored.path);
  await tx.insert(uploads).values([
    ...everyone.map((p, i) => ({
      userId: p.id,
      path: avatars[i].path,
      bytes: avatars[i].bytes,
      createdAt: p.createdAt,
    })),
    ...photos.map((p) => ({
      userId: hostsByName.get(planned[p.li].host.username)!.id,
      path: p.stored.path,
      bytes: p.stored.bytes,
      createdAt: planned[p.li].createdAt,
    })),
  ]);

  const rows = await tx
    .insert(listings)
    .values(
      planned.map((l, i) => ({
        userId: hostsByName.get(l.host.username)!.id,
        title: l.title,
        description: l.description,
        type: l.type,
        price: l.type === 'rental' ? (l.price ?? null) : null,
        workHours: l.type === 'exchange' ? (l.hours ?? null) : null,
        location: l.street,
        city: l.city,
        state: l.state,
        size: l.size,
        amenities: l.amenities,
        images: imagesOf[i],
        lat: l.point.lat,
        lng: l.point.lng,
        plots: l.plots,
        seasonStart: l.season?.[0] ?? null,
        seasonEnd: l.season?.[1] ?? null,
        bookingMode: l.mode,
        // The three policies in turn, so the demo shows each.
        cancellationPolicy: CANCELLATION_POLICIES[i % CANCELLATION_POLICIES.length],
        createdAt: l.createdAt,
        updatedAt: l.createdAt,
      })),
    )
    .returning();
  const listingRows: ListingRow[] = rows.map((row, i) => ({
    ...row,
    point: planned[i].point,
    hostName: planned[i].host.name,
  }));

  const booked = await makeBookings(tx, r, now, listingRows, everyone, growers);
  const reviewCount = await makeReviews(tx, r, now, listingRows, everyone, growers, booked);
  const talk = await makeConversations(tx, r, now, listingRows, everyone, growers, booked);

  // The demo sends no e-mail: what the services queued for its made-up addresses is dropped.
  await tx.delete(mailOutbox).where(inArray(mailOutbox.userId, [...idOf.values()]));

  const statuses: Partial<Record<BookingStatus, number>> = {};
  for (const b of booked) statuses[b.status] = (statuses[b.status] ?? 0) + 1;
  const [{ n: allReviews }] = await tx
    .select({ n: count() })
    .from(reviews)
    .where(
      inArray(
        reviews.listingId,
        listingRows.map((l) => l.id),
      ),
    );
  void reviewCount;
  return {
    ms: 0,
    users: everyone.length,
    hosts: HOSTS.length,
    growers: GROWERS.length,
    listings: listingRows.length,
    states: new Set(listingRows.map((l) => l.state)).size,
    photos: photos.length,
    reviews: Number(allReviews),
    conversations: talk.conversations,
    messages: talk.messages,
    bookings: statuses,
  };
}

// ---- Bookings -----------------------------------------------------------------------------

type Booked = {
  id: number;
  status: BookingStatus;
  listing: ListingRow;
  grower: Person;
  host: Person;
  start: string;
  createdAt: Date;
  completedAt?: Date;
};

const dayOf = (d: Date) => todayUtc(d);
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);

// The first start on or after `from` whose months all lie in the listing's season.
function fitStart(l: ListingRow, from: string, months: number | null): string | null {
  let day = from;
  for (let i = 0; i < 500; i++) {
    const end = months ? addMonths(day, months) : null;
    if (monthsTouched(day, end, 1).every((m) => inSeason({ start: l.seasonStart, end: l.seasonEnd }, m)))
      return day;
    day = dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + DAY));
  }
  return null;
}

type Plan = {
  status: BookingStatus;
  type: 'rental' | 'exchange' | 'community';
  mode?: 'instant' | 'request';
  // Days from today of the earliest start, and the months (null: open-ended).
  from: number;
  months: number | null;
  // The start must be on or before this day offset (past bookings).
  latest?: number;
  // Days ago the grower booked (bookings made through the service).
  ago?: number;
  note?: string;
};

const PLANS: Plan[] = [
  {
    status: 'requested',
    type: 'rental',
    mode: 'request',
    from: 14,
    months: 3,
    ago: 1.2,
    note: 'Hi! I would love to grow tomatoes and beans here this summer.',
  },
  {
    status: 'requested',
    type: 'exchange',
    from: 21,
    months: 3,
    ago: 0.5,
    note: 'I can come Saturday mornings and one evening a week.',
  },
  { status: 'accepted', type: 'rental', mode: 'request', from: 10, months: 2, ago: 2 },
  { status: 'accepted', type: 'community', from: 5, months: null, ago: 3 },
  { status: 'paid', type: 'rental', mode: 'instant', from: 12, months: 4, ago: 4 },
  { status: 'paid', type: 'rental', mode: 'request', from: 30, months: 2, ago: 6 },
  { status: 'active', type: 'rental', from: -75, latest: -20, months: 4 },
  { status: 'active', type: 'exchange', from: -60, latest: -14, months: 4 },
  { status: 'active', type: 'community', from: -90, latest: -10, months: null },
  { status: 'completed', type: 'rental', from: -260, latest: -150, months: 3 },
  { status: 'completed', type: 'exchange', from: -220, latest: -120, months: 2 },
  { status: 'completed', type: 'rental', from: -200, latest: -100, months: 2 },
  { status: 'cancelled', type: 'rental', mode: 'request', from: 20, months: 3, ago: 9 },
  { status: 'cancelled', type: 'community', from: 8, months: null, ago: 12 },
  {
    status: 'declined',
    type: 'rental',
    mode: 'request',
    from: 18,
    months: 2,
    ago: 5,
    note: 'Could I start mid-month?',
  },
  { status: 'declined', type: 'exchange', from: 25, months: 2, ago: 8 },
  { status: 'expired', type: 'rental', mode: 'request', from: -9, months: 2 },
  { status: 'expired', type: 'rental', mode: 'instant', from: -5, months: 1 },
  { status: 'withdrawn', type: 'rental', mode: 'request', from: 40, months: 2, ago: 6 },
];

async function makeBookings(
  tx: Tx,
  r: Rng,
  now: Date,
  all: ListingRow[],
  people: Person[],
  growers: Person[],
): Promise<Booked[]> {
  const service = new BookingsService(tx as unknown as Db, silentNotifier, noPayments);
  const hostOf = (l: ListingRow) => people.find((p) => p.id === l.userId)!;
  const used = new Set<number>();
  const load = new Map<number, number>();
  const out: Booked[] = [];
  const today = dayOf(now);
  const offset = (days: number) => dayOf(new Date(now.getTime() + days * DAY));
  for (const p of PLANS) {
    let chosen: { l: ListingRow; start: string } | null = null;
    // The accounts the log and the README suggest trying come first, so they have bookings to show.
    const showcase = new Set(HOSTS.slice(0, 2).map((h) => h.username));
    const firstIds = new Set(people.filter((x) => showcase.has(x.username)).map((x) => x.id));
    const order = [
      ...all.filter((l) => firstIds.has(l.userId)),
      ...r.shuffle(all.filter((l) => !firstIds.has(l.userId))),
    ];
    for (const l of order) {
      if (used.has(l.id) || l.type !== p.type || (p.mode && l.bookingMode !== p.mode)) continue;
      if (l.type === 'rental' && !l.price) continue;
      // Past bookings must have begun after the listing was published.
      const from =
        p.from < 0
          ? maxDay(offset(p.from), dayOf(new Date(l.createdAt.getTime() + 2 * DAY)))
          : offset(p.from);
      const start = fitStart(l, from, p.months);
      if (!start) continue;
      if (p.latest !== undefined && start > offset(p.latest)) continue;
      if (p.status === 'completed' && p.months && addMonths(start, p.months) > offset(-7)) continue;
      chosen = { l, start };
      break;
    }
    if (!chosen) continue;
    const { l, start } = chosen;
    used.add(l.id);
    const host = hostOf(l);
    // A grower near the listing, sharing the bookings out: each one already held counts as 600 km.
    const score = (g: Person) => distanceKm(g.point, l.point) + 600 * (load.get(g.id) ?? 0);
    const grower = [...growers].sort((a, b) => score(a) - score(b))[0];
    load.set(grower.id, (load.get(grower.id) ?? 0) + 1);
    const past = p.from < 0;
    const id = past
      ? await pastBooking(tx, service, r, now, p, l, grower, host, start)
      : await serviceBooking(tx, service, now, p, l, grower, host, start);
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id));
    const completedAt = row.status === 'completed' && row.end ? at(row.end, 6) : undefined;
    out.push({
      id,
      status: row.status,
      listing: l,
      grower,
      host,
      start: row.start,
      createdAt: row.createdAt,
      completedAt,
    });
    void today;
  }
  return out;
}

const maxDay = (a: string, b: string) => (a > b ? a : b);

// Through the bookings service, as the grower and host would, over the last few days (each step is
// taken at its own time; the service stamps its rows with the database clock, so the timeline is
// then set to those times).
async function serviceBooking(
  tx: Tx,
  service: BookingsService,
  now: Date,
  p: Plan,
  l: ListingRow,
  grower: Person,
  host: Person,
  start: string,
): Promise<number> {
  let t = new Date(now.getTime() - (p.ago ?? 1) * DAY);
  const times = [t];
  const later = (hours: number) => {
    t = new Date(t.getTime() + hours * 3_600_000);
    times.push(t);
    return t;
  };
  const made = await service.create(grower.id, { listingId: l.id, start, months: p.months, note: p.note }, t);
  const act = (who: Person, action: 'accept' | 'decline' | 'cancel' | 'withdraw', hours: number) =>
    service.act(who.id, made.id, action, later(hours));
  if (p.status === 'declined') await act(host, 'decline', 11);
  if (p.status === 'withdrawn') await act(grower, 'withdraw', 5);
  if (['accepted', 'paid', 'cancelled'].includes(p.status) && made.status === 'requested')
    await act(host, 'accept', 9);
  if (p.status === 'cancelled') await act(l.type === 'community' ? host : grower, 'cancel', 40);
  if (p.status === 'paid') {
    // A completed payment moves the booking accepted -> paid, as the provider's webhook does.
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, made.id));
    await insertPayment(tx, b, later(0.3), now);
    await service.move(tx, b, 'pay', 'paid', 'system', { expiresAt: null });
  }
  const events = await tx
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, made.id))
    .orderBy(bookingEvents.id);
  for (const [i, e] of events.entries())
    await tx
      .update(bookingEvents)
      .set({ createdAt: times[Math.min(i, times.length - 1)] })
      .where(eq(bookingEvents.id, e.id));
  await tx.update(bookings).set({ createdAt: times[0], updatedAt: t }).where(eq(bookings.id, made.id));
  return made.id;
}

async function insertPayment(tx: Tx, b: typeof bookings.$inferSelect, confirmedAt: Date, now = confirmedAt) {
  const rentalStart = new Date(`${b.start}T00:00:00Z`);
  const from = Math.max(rentalStart.getTime(), confirmedAt.getTime());
  // As the payment webhook records it (ADR 045): a stay of several months paid up front is
  // released month by month, each month after its hold.
  const releasePlan =
    b.paymentPlan === 'whole' ? releasePlanOf(b.start, b.months ?? 1, from, RELEASE_DELAY_MS) : null;
  const releaseAt = new Date(from + RELEASE_DELAY_MS);
  const [row] = await tx
    .insert(payments)
    .values({
      chargeId: `demo_${randomUUID()}`,
      provider: 'sandbox',
      bookingId: b.id,
      listingId: b.listingId,
      renterId: b.growerId,
      hostId: b.hostId,
      amount: b.amount!,
      platformFee: b.fee!,
      status: 'completed',
      metadata: { demo: true },
      rentalStart,
      confirmedAt,
      releaseAt,
      releasePlan,
      createdAt: new Date(confirmedAt.getTime() - 5 * 60_000),
      updatedAt: confirmedAt,
    })
    .returning();
  // The books (ADR 032): the payment arrived.
  await recordPaymentIn(tx, row);
  // The parts whose hold has passed went to the host's payouts, as the release job makes them. Demo
  // hosts have no payout details, so those payouts wait for them: none is paid, none has a proof.
  const times = releaseTimes(row);
  let released = 0;
  let k = 0;
  for (; k < times.length && times[k] <= now; k++) {
    const cents = partCents(row, k, released);
    released += cents;
    await tx.insert(payouts).values({
      paymentId: row.id,
      part: k,
      hostId: row.hostId,
      amountCents: cents,
      state: 'awaiting_details',
      provider: 'sandbox',
      reference: `demo-${row.id}-${k}`,
      createdAt: times[k],
      updatedAt: times[k],
    });
  }
  if (k > 0)
    await tx
      .update(payments)
      .set({
        releasedParts: k,
        releasedCents: released,
        releaseAt: times[Math.min(k, times.length - 1)],
        releasedAt: k >= times.length ? times[k - 1] : null,
      })
      .where(eq(payments.id, row.id));
}

// A booking in the past, through the same steps as a live one (ADR 045): the bookings service
// books, accepts and moves it, each step at its own past time (the service checks its rules at
// that time); the payment is recorded as the webhook records it. The service stamps rows with the
// database clock, so the timeline is then set to those times.
async function pastBooking(
  tx: Tx,
  service: BookingsService,
  r: Rng,
  now: Date,
  p: Plan,
  l: ListingRow,
  grower: Person,
  host: Person,
  start: string,
  // Both sides review a completed stay through the blind reviews (the plans' stays); the review
  // stays of makeReviews write the grower's review themselves.
  blind = true,
): Promise<number> {
  const startAt = at(start, 0);
  // Booked a week or two ahead, after the listing was published and before the start.
  const wanted = startAt.getTime() - r.int(6, 20) * DAY + r.int(7, 21) * 3_600_000;
  const requested = new Date(
    Math.min(startAt.getTime() - 2 * 3_600_000, Math.max(l.createdAt.getTime() + 3_600_000, wanted)),
  );
  const after = (d: Date, hours: number) => new Date(d.getTime() + hours * 3_600_000);
  const made = await service.create(grower.id, { listingId: l.id, start, months: p.months }, requested);
  const times = [requested];
  const load = async () => (await tx.select().from(bookings).where(eq(bookings.id, made.id)))[0];
  const system = async (action: string, to: BookingStatus, when: Date, set = {}) => {
    if (!(await service.move(tx, await load(), action, to, 'system', set)))
      throw new Error(`demo booking ${made.id}: ${action} refused`);
    times.push(when);
  };
  if (p.status === 'expired') {
    // Unanswered, or booked at once and never paid: the expiry job's step once the window closed.
    await system('expire', 'expired', after((await load()).expiresAt!, 0.02));
  } else {
    let accepted = requested;
    if (made.status === 'requested') {
      // Answered within 3 to 30 hours, and at the latest an hour before the stay starts (a request
      // made close to its start is answered sooner), so the start comes after it and its payment.
      const hoursLeft = (startAt.getTime() - requested.getTime()) / 3_600_000;
      accepted = after(requested, Math.min(r.int(3, 30), hoursLeft - 1));
      await service.act(host.id, made.id, 'accept', accepted);
      times.push(accepted);
    }
    if (l.type === 'rental') {
      // A completed payment moves the booking accepted -> paid, as the provider's webhook does.
      const paidAt = after(accepted, 0.4);
      await insertPayment(tx, await load(), paidAt, now);
      await system('pay', 'paid', paidAt, { expiresAt: null });
    }
    await system('start', 'active', after(startAt, 0.1));
    const end = (await load()).end;
    if (p.status === 'completed' && end) await system('complete', 'completed', at(end, 6));
  }
  const events = await tx
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(eq(bookingEvents.bookingId, made.id))
    .orderBy(bookingEvents.id);
  for (const [i, e] of events.entries())
    await tx
      .update(bookingEvents)
      .set({ createdAt: times[Math.min(i, times.length - 1)] })
      .where(eq(bookingEvents.id, e.id));
  const b = await load();
  await tx
    .update(bookings)
    .set({
      createdAt: requested,
      updatedAt: times[times.length - 1],
      ...(b.status === 'expired' ? {} : { expiresAt: null }),
    })
    .where(eq(bookings.id, b.id));
  if (l.type === 'exchange' && b.status !== 'expired') await logHours(tx, r, now, b.id, start, b.end);
  if (b.status === 'completed' && blind) await reviewBooking(tx, r, b.id, grower, host, at(b.end!, 6), l);
  return b.id;
}

// A weekly line in the hours ledger of an exchange; the host confirmed all but the latest.
async function logHours(tx: Tx, r: Rng, now: Date, bookingId: number, start: string, end: string | null) {
  const rows: (typeof hoursEntries.$inferInsert)[] = [];
  const last = end && end < dayOf(now) ? end : dayOf(now);
  const notes = [
    'Weeding and mulching',
    'Harvest and washing',
    'Watering, staked tomatoes',
    'Turned the compost',
    'Planting out seedlings',
  ];
  for (let t = Date.parse(`${start}T00:00:00Z`) + 2 * DAY; dayOf(new Date(t)) < last; t += 7 * DAY) {
    const day = dayOf(new Date(t));
    rows.push({
      bookingId,
      day,
      quarters: r.int(10, 22),
      note: r.pick(notes),
      status: 'confirmed',
      createdAt: at(day, 19),
      decidedAt: at(day, 21),
    });
  }
  if (!rows.length) return;
  const latest = rows[rows.length - 1];
  if (!end || end >= dayOf(now)) {
    latest.status = 'logged';
    latest.decidedAt = null;
  }
  await tx.insert(hoursEntries).values(rows);
}

// Both sides' reviews of a completed booking, through the blind-review service: the second one
// reveals both, and the grower's joins the listing's reviews.
async function reviewBooking(
  tx: Tx,
  r: Rng,
  bookingId: number,
  grower: Person,
  host: Person,
  completed: Date,
  l: ListingRow,
) {
  const service = new BookingReviewsService(tx as unknown as Db, silentNotifier);
  const rating = r.pick([5, 5, 4] as const);
  const comment = ReviewTexts.of(r).grower(rating, first(l.hostName), l.id);
  await service.write(
    grower.id,
    bookingId,
    'grower',
    { rating, comment },
    new Date(completed.getTime() + 2 * DAY),
  );
  await service.write(
    host.id,
    bookingId,
    'host',
    { rating: 5, comment: ReviewTexts.of(r).host() },
    new Date(completed.getTime() + 3 * DAY + 3_600_000),
  );
}

// ---- Reviews and conversations -------------------------------------------------------------

// Reviews of listings, each by a grower who stayed (ADR 050): a past stay made through the bookings
// service (requested, accepted, paid, begun and completed, each at its time), then the grower's
// review a few days after it ended. A listing's stays follow one another from its first weeks, all
// over before the plans' own bookings of it begin and at least a week before today.
async function makeReviews(
  tx: Tx,
  r: Rng,
  now: Date,
  all: ListingRow[],
  people: Person[],
  growers: Person[],
  booked: Booked[],
): Promise<number> {
  const service = new BookingsService(tx as unknown as Db, silentNotifier, noPayments);
  const texts = ReviewTexts.of(r);
  const rows: (typeof reviews.$inferInsert)[] = [];
  for (const l of all) {
    const n = r.pick([0, 1, 1, 1, 2, 2, 2, 3, 3]);
    if (!n || (l.type === 'rental' && !l.price)) continue;
    const theirs = booked.filter((b) => b.listing.id === l.id);
    // The growers who already reviewed this listing through a plan's stay do not write again.
    const taken = new Set(theirs.map((b) => b.grower.id));
    const limit = [dayOf(new Date(now.getTime() - 10 * DAY)), ...theirs.map((b) => b.start)].sort()[0];
    const near = [...growers]
      .filter((g) => !taken.has(g.id))
      .sort((a, b) => distanceKm(a.point, l.point) - distanceKm(b.point, l.point))
      .slice(0, 6);
    const host = people.find((p) => p.id === l.userId)!;
    let cursor = dayOf(new Date(l.createdAt.getTime() + r.int(2, 12) * DAY));
    for (const g of r.shuffle(near).slice(0, n)) {
      const months = r.pick([1, 1, 2]);
      const start = fitStart(l, cursor, months);
      if (!start || addMonths(start, months) > limit) break;
      const rating = r.pick([5, 5, 5, 5, 5, 4, 4, 4, 3] as const);
      const comment = texts.grower(rating, first(l.hostName), l.id);
      if (!comment) break;
      const plan: Plan = { status: 'completed', type: l.type, from: 0, months };
      await pastBooking(tx, service, r, now, plan, l, g, host, start, false);
      const end = addMonths(start, months);
      const createdAt = new Date(at(end, 6).getTime() + r.range(1, 6) * DAY);
      rows.push({ listingId: l.id, userId: g.id, rating, comment, createdAt, updatedAt: createdAt });
      cursor = dayOf(new Date(Date.parse(`${end}T00:00:00Z`) + r.int(3, 40) * DAY));
    }
  }
  if (rows.length) await tx.insert(reviews).values(rows);
  return rows.length;
}

async function makeConversations(
  tx: Tx,
  r: Rng,
  now: Date,
  all: ListingRow[],
  people: Person[],
  growers: Person[],
  booked: Booked[],
): Promise<{ conversations: number; messages: number }> {
  const rows: (typeof messages.$inferInsert)[] = [];
  const pairs = new Set<string>();
  const thread = (
    grower: Person,
    host: Person,
    lines: [string, 'grower' | 'host'][],
    from: Date,
    vars: Record<string, string>,
    bookingId: number | null,
    unread: boolean,
  ) => {
    pairs.add(`${grower.id}:${host.id}`);
    let t = from.getTime();
    lines.forEach(([text, side], i) => {
      t += r.int(4, 300) * 60_000;
      const createdAt = new Date(Math.min(t, now.getTime() - (lines.length - i) * 60_000));
      const lastOne = i === lines.length - 1;
      const fromUser = side === 'grower' ? grower : host;
      const toUser = side === 'grower' ? host : grower;
      rows.push({
        fromUserId: fromUser.id,
        toUserId: toUser.id,
        content: fill(text, vars),
        createdAt,
        read: !(unread && lastOne),
        bookingId,
        // Already told: the demo's unread messages are not e-mailed to its made-up addresses.
        emailedAt: unread && lastOne ? createdAt : null,
      });
    });
  };
  for (const b of booked) {
    const lines = BOOKING_LINES[b.status];
    if (!lines) continue;
    const vars = { host: first(b.host.name), grower: first(b.grower.name), title: b.listing.title };
    const from = b.completedAt
      ? new Date(b.completedAt.getTime() + DAY)
      : b.status === 'active'
        ? new Date(now.getTime() - r.range(2, 6) * DAY)
        : new Date(b.createdAt.getTime() + 10 * 60_000);
    thread(b.grower, b.host, lines, from, vars, b.id, r.chance(0.35));
  }
  // Questions before booking, between growers and the hosts near them.
  const hosts = people.filter((p) => p.role === 'host');
  for (const [i, g] of growers.entries()) {
    const near = hosts
      .filter((h) => !pairs.has(`${g.id}:${h.id}`))
      .sort((a, b) => distanceKm(a.point, g.point) - distanceKm(b.point, g.point));
    const host = near[0];
    if (!host) continue;
    const l = all.find((x) => x.userId === host.id)!;
    const script = CONVERSATIONS[i % CONVERSATIONS.length];
    const lines = script.map((text, j) => [text, j % 2 ? 'host' : 'grower'] as [string, 'grower' | 'host']);
    const from = new Date(now.getTime() - r.range(1, 25) * DAY);
    thread(
      g,
      host,
      lines,
      from,
      { host: first(host.name), grower: first(g.name), title: l.title },
      null,
      i % 3 === 0,
    );
  }
  rows.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
  if (rows.length) await tx.insert(messages).values(rows);
  // An unread message is in its recipient's bell too, as a message sent in the app puts it there
  // (one unread notification per sender; the latest message's words).
  const latest = new Map<string, (typeof rows)[number]>();
  for (const m of rows) if (m.read === false) latest.set(`${m.toUserId}:${m.fromUserId}`, m);
  const bell = [...latest.values()].map((m) => {
    const sender = people.find((p) => p.id === m.fromUserId)!;
    return {
      userId: m.toUserId,
      kind: 'message' as const,
      actorId: m.fromUserId,
      bookingId: m.bookingId ?? null,
      title: en.messageSent(displayName(sender)),
      body: clip(m.content, 140),
      link: `/messages/${m.fromUserId}`,
      createdAt: m.createdAt,
    };
  });
  if (bell.length) await tx.insert(notifications).values(bell);
  return { conversations: pairs.size, messages: rows.length };
}
