import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingAction, type BookingStatus, findTransition } from '#shared/bookings.ts';
import { type Config, loadConfig } from '../config.ts';
import type { DbHandle } from '../db/client.ts';
import {
  bookingAgreements,
  bookingEvents,
  bookingReviews,
  bookings,
  listings,
  messages,
  notifications,
  payments,
  payouts,
  reviews,
  uploads,
  users,
} from '../db/schema.ts';
import { verifyPassword } from '../features/auth/index.ts';
import { stayOf } from '../features/bookings/index.ts';
import { unbalancedPayments } from '../features/payments/payouts/ledger.ts';
import { createUploadStore, purgeUnattachedUploads } from '../features/uploads/index.ts';
import { buildTestApp, createTestDb, testConfig } from '../testing/test-app.ts';
import {
  DEMO_PASSWORD,
  DEMO_USERNAMES,
  type DemoSummary,
  demoState,
  seedDemo,
  shouldSeed,
} from './seed-demo.ts';

// The demo marketplace, seeded once into a fresh database (the photos are drawn for real).
let handle: DbHandle;
let drop: () => Promise<void>;
let config: Config;
let summary: DemoSummary | null;
let emptyBefore: boolean;

beforeAll(async () => {
  ({ handle, drop } = await createTestDb());
  config = testConfig();
  emptyBefore = await shouldSeed(config, handle);
  summary = await seedDemo(handle.db, config);
}, 300_000);

afterAll(async () => {
  await drop();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

const fileOf = (p: string) => path.join(config.uploadsDir, path.basename(p));
const sha = (p: string) =>
  createHash('sha256')
    .update(fs.readFileSync(fileOf(p)))
    .digest('hex');

describe('the demo marketplace', () => {
  it('has at least 60 listings in at least 15 states, of every type', async () => {
    expect(summary).not.toBeNull();
    const rows = await handle.db.select().from(listings);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((l) => l.state)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(rows.map((l) => l.type))).toEqual(new Set(['rental', 'exchange', 'community']));
    for (const l of rows) {
      expect(l.lat, l.title).not.toBeNull();
      if (l.type === 'rental') expect(l.price, l.title).toBeGreaterThan(0);
      if (l.type === 'exchange') expect(l.workHours, l.title).toBeGreaterThan(0);
      expect(l.amenities.length, l.title).toBeGreaterThan(0);
    }
    expect(new Set(rows.map((l) => l.bookingMode))).toEqual(new Set(['instant', 'request']));
    expect(rows.some((l) => l.seasonStart !== null) && rows.some((l) => l.seasonStart === null)).toBe(true);
    expect(rows.some((l) => l.plots > 1)).toBe(true);
  });

  it('gives every listing at least three photos: WebP files on disk, all different, attached uploads', async () => {
    const rows = await handle.db.select({ id: listings.id, images: listings.images }).from(listings);
    const all = new Set<string>();
    for (const l of rows) {
      expect(l.images.length).toBeGreaterThanOrEqual(3);
      expect(l.images.length).toBeLessThanOrEqual(10);
      const hashes = l.images.map((p) => {
        expect(p).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
        expect(fs.existsSync(fileOf(p))).toBe(true);
        return sha(p);
      });
      expect(new Set(hashes).size).toBe(hashes.length);
      for (const h of hashes) all.add(h);
    }
    // No photo is shared between listings either.
    expect(all.size).toBe(rows.reduce((n, l) => n + l.images.length, 0));
    const meta = await sharp(fileOf(rows[0].images[0])).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeGreaterThanOrEqual(900);
    // Each file is an upload of its listing's host, so the purge of unattached uploads keeps it.
    const paths = rows.flatMap((l) => l.images);
    const [{ n }] = await handle.db.select({ n: count() }).from(uploads).where(inArray(uploads.path, paths));
    expect(Number(n)).toBe(paths.length);
    const purged = await purgeUnattachedUploads(
      handle.db,
      createUploadStore(config, handle.db),
      new Date(Date.now() + 7 * 86_400_000),
    );
    expect(purged).toEqual([]);
  });

  it('has hosts and growers with verified addresses, portraits, bios and the demo password', async () => {
    const rows = await handle.db.select().from(users);
    expect(rows.length).toBe(DEMO_USERNAMES.length);
    const hosts = new Set(
      (await handle.db.selectDistinct({ id: listings.userId }).from(listings)).map((r) => r.id),
    );
    expect(hosts.size).toBeGreaterThanOrEqual(15);
    expect(hosts.size).toBeLessThanOrEqual(25);
    for (const u of rows) {
      expect(u.emailVerifiedAt, u.username).not.toBeNull();
      expect(u.bio, u.username).toBeTruthy();
      expect(u.name).toMatch(/^\S+ \S+/);
      expect(fs.existsSync(fileOf(u.avatar!))).toBe(true);
    }
    expect(new Set(rows.map((u) => sha(u.avatar!))).size).toBe(rows.length);
    expect(await verifyPassword(DEMO_PASSWORD, rows[0].passwordHash)).toBe(true);
  });

  it('has bookings in every state, consistent with the rules, and payments for the paid ones', async () => {
    const rows = await handle.db.select().from(bookings);
    const statuses = new Set(rows.map((b) => b.status));
    for (const s of [
      'requested',
      'accepted',
      'paid',
      'active',
      'completed',
      'cancelled',
      'declined',
      'expired',
    ])
      expect(statuses, s).toContain(s);
    const listingRows = await handle.db.select().from(listings);
    const byId = new Map(listingRows.map((l) => [l.id, l]));
    for (const b of rows) {
      const l = byId.get(b.listingId)!;
      expect(b.hostId).toBe(l.userId);
      expect(b.growerId).not.toBe(l.userId);
      expect(b.type).toBe(l.type);
    }
    // A rental that was paid has its completed payment.
    const paid = rows.filter(
      (b) => b.type === 'rental' && ['paid', 'active', 'completed'].includes(b.status),
    );
    expect(paid.length).toBeGreaterThan(0);
    const pays = await handle.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.bookingId,
          paid.map((b) => b.id),
        ),
      );
    for (const b of paid) {
      const p = pays.find((x) => x.bookingId === b.id);
      expect(p?.status, `booking ${b.id}`).toBe('completed');
      expect(p!.amount + p!.platformFee).toBe(b.total);
    }
    // Holding bookings never take more plots than a listing has.
    const holding = rows.filter(
      (b) => ['paid', 'active'].includes(b.status) || (b.status === 'accepted' && b.type !== 'rental'),
    );
    for (const b of holding)
      expect(holding.filter((x) => x.listingId === b.listingId).length).toBeLessThanOrEqual(
        byId.get(b.listingId)!.plots,
      );
  });

  it('holds only states the product can reach: agreements as booked, payouts waiting for details, balanced books', async () => {
    // Running and finished stays were accepted by both sides (the booking path writes version 1).
    const running = await handle.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(inArray(bookings.status, ['paid', 'active', 'completed']));
    const agreed = await handle.db
      .select({ id: bookingAgreements.bookingId })
      .from(bookingAgreements)
      .where(
        sql`${bookingAgreements.version} = 1 and ${bookingAgreements.growerAcceptedAt} is not null and ${bookingAgreements.hostAcceptedAt} is not null`,
      );
    const both = new Set(agreed.map((a) => a.id));
    expect(running.length).toBeGreaterThan(0);
    for (const b of running) expect(both.has(b.id), `booking ${b.id}`).toBe(true);
    // Demo hosts have no payout details: no payout is paid or carries a proof; each waits for them.
    const out = await handle.db.select().from(payouts);
    expect(out.length).toBeGreaterThan(0);
    for (const o of out) expect(o).toMatchObject({ state: 'awaiting_details', proof: null });
    expect(await unbalancedPayments(handle.db)).toEqual([]);
  });

  it('gives every booking a timeline the transition table allows, in time order, ending in its state', async () => {
    const rows = await handle.db.select().from(bookings);
    const events = await handle.db.select().from(bookingEvents).orderBy(bookingEvents.id);
    for (const b of rows) {
      const steps = events.filter((e) => e.bookingId === b.id && e.fromStatus !== e.toStatus);
      const [first, ...rest] = steps;
      expect(first, `booking ${b.id}`).toMatchObject({ fromStatus: null });
      expect(first.action, `booking ${b.id}`).toBe(first.toStatus === 'accepted' ? 'book' : 'request');
      let state = first.toStatus;
      let when = first.createdAt.getTime();
      expect(b.createdAt.getTime()).toBe(when);
      for (const e of rest) {
        const t = findTransition(e.action as BookingAction, state as BookingStatus, b.type);
        expect(t?.to, `booking ${b.id}: ${e.action} from ${state}`).toBe(e.toStatus);
        expect(e.createdAt.getTime(), `booking ${b.id}: ${e.action}`).toBeGreaterThanOrEqual(when);
        state = e.toStatus;
        when = e.createdAt.getTime();
      }
      expect(state, `booking ${b.id}`).toBe(b.status);
    }
  });

  it('has reviews, and conversations with unread messages that are not e-mailed', async () => {
    const rs = await handle.db.select().from(reviews);
    expect(rs.length).toBeGreaterThanOrEqual(60);
    for (const r of rs) {
      expect(r.rating).toBeGreaterThanOrEqual(3);
      expect(r.comment).toBeTruthy();
    }
    // The hosts' reviews of growers read as written by different people: no text more than twice.
    const brs = await handle.db.select().from(bookingReviews);
    const hostSide = brs.filter((b) => b.by === 'host').map((b) => b.comment ?? '');
    const hostUses = new Map<string, number>();
    for (const c of hostSide) hostUses.set(c, (hostUses.get(c) ?? 0) + 1);
    expect([...hostUses].filter(([, n]) => n > 2)).toEqual([]);
    const ms = await handle.db.select().from(messages);
    const pairs = new Set(ms.map((m) => [m.fromUserId, m.toUserId].sort().join(':')));
    expect(pairs.size).toBeGreaterThanOrEqual(10);
    const unread = ms.filter((m) => !m.read);
    expect(unread.length).toBeGreaterThan(0);
    for (const m of unread) expect(m.emailedAt).not.toBeNull();
    // Each unread message is in its recipient's bell (an unread notification from its sender).
    const bell = await handle.db.select().from(notifications);
    for (const m of unread)
      expect(
        bell.some(
          (n) => n.kind === 'message' && n.userId === m.toUserId && n.actorId === m.fromUserId && !n.readAt,
        ),
      ).toBe(true);
    expect(ms.some((m) => m.bookingId !== null)).toBe(true);
  });

  it("has listings' reviews that are all different texts, written by growers who stayed (issue 52, ADR 050)", async () => {
    const rs = await handle.db.select().from(reviews);
    const texts = rs.map((r) => r.comment ?? '');
    // Every review its own text: none repeated anywhere, so none twice on a listing.
    expect(texts.filter((t, i) => texts.indexOf(t) !== i)).toEqual([]);
    // No sentence in more than two reviews, and none twice on one listing.
    const sentences = (t: string) => t.split(/(?<=[.!?])\s+/);
    const uses = new Map<string, number>();
    for (const t of texts) for (const x of new Set(sentences(t))) uses.set(x, (uses.get(x) ?? 0) + 1);
    expect([...uses].filter(([, n]) => n > 2)).toEqual([]);
    for (const id of new Set(rs.map((r) => r.listingId))) {
      const here = rs.filter((r) => r.listingId === id).flatMap((r) => sentences(r.comment ?? ''));
      expect(
        here.filter((x, i) => here.indexOf(x) !== i),
        `listing ${id}`,
      ).toEqual([]);
    }
    // Each reviewer stayed: a booking of the listing that began, through the bookings service.
    const stayed = await handle.db.execute(sql`select r.id from reviews r
      where ${stayOf(sql.raw('r.listing_id'), sql.raw('r.user_id'))}`);
    expect((stayed as unknown as { rows: unknown[] }).rows.length).toBe(rs.length);
    // ...and wrote the review after the stay began.
    const starts = await handle.db.select().from(bookings);
    for (const r of rs) {
      const b = starts.find(
        (x) => x.listingId === r.listingId && x.growerId === r.userId && x.status === 'completed',
      );
      expect(b, `review ${r.id}`).toBeTruthy();
      expect(r.createdAt.getTime()).toBeGreaterThan(Date.parse(`${b!.start}T00:00:00Z`));
    }
  });

  it('adds nothing when seeded again', async () => {
    const before = await handle.db.select({ n: count() }).from(listings);
    expect(await seedDemo(handle.db, config)).toBeNull();
    const after = await handle.db.select({ n: count() }).from(listings);
    expect(after).toEqual(before);
    expect((await demoState(handle.db)).demoUsers).toBe(DEMO_USERNAMES.length);
    const files = fs.readdirSync(config.uploadsDir).length;
    const [{ n }] = await handle.db.select({ n: count() }).from(uploads);
    expect(files).toBe(Number(n));
  });
});

describe('shouldSeed (npm start)', () => {
  it('seeds an empty embedded database, never PostgreSQL', () => {
    expect(emptyBefore).toBe(handle.kind === 'pglite');
  });

  it('does not seed a database that has users', async () => {
    expect(await shouldSeed(config, handle)).toBe(false);
  });

  it('does not seed with SEED_DEMO=false, nor with a DATABASE_URL', async () => {
    const fresh = await createTestDb();
    try {
      const off = testConfig({ SEED_DEMO: 'false' });
      const pg = testConfig({ DATABASE_URL: 'postgres://yardshare@127.0.0.1:5432/yardshare' });
      expect(await shouldSeed(off, fresh.handle)).toBe(false);
      expect(await shouldSeed(pg, fresh.handle)).toBe(false);
      expect(await shouldSeed(testConfig(), fresh.handle)).toBe(fresh.handle.kind === 'pglite');
      for (const c of [off, pg]) fs.rmSync(c.dataDir, { recursive: true, force: true });
    } finally {
      await fresh.drop();
    }
  });

  it('is off by SEED_DEMO=false or 0 and on by default', () => {
    for (const [value, on] of [
      [undefined, true],
      ['true', true],
      ['TRUE', true],
      ['1', true],
      ['false', false],
      ['0', false],
    ] as const) {
      const c = testConfig(value === undefined ? {} : { SEED_DEMO: value });
      expect(c.seedDemo, String(value)).toBe(on);
      fs.rmSync(c.dataDir, { recursive: true, force: true });
    }
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('never runs in the test app', async () => {
    const { db } = await buildTestApp();
    expect(await demoState(db.db)).toEqual({ users: 0, demoUsers: 0 });
  });
});
