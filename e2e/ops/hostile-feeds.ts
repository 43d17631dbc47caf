// No member's calendar stalls the marketplace (issue 62, ADR 054, ADR 055): the built server, on
// PGlite and (with TEST_DATABASE_URL) PostgreSQL, imports a host's hostile feeds while it takes
// traffic: plain all-day events filling 2 MB, 2,000 events repeating daily since 1900, 500
// repeating events, 2 MB of them, and twenty feeds that never answer. Meanwhile the health check is
// asked every 50 ms (p99 under 100 ms, worst under 1 s), a freed plot is offered to the next grower
// in line within OFFER_WITHIN_S (10 s), the mail and waiting-list jobs keep their schedules (never
// more than their interval and JOB_GAP_S, 15 s, between two runs), and the server's resident memory
// stays under 400 MB on PostgreSQL (on PGlite it is printed with the database process's). The
// server runs with production's job settings. npm test runs it as the "hostile-feeds" suite; it
// uses OPS_PORT+6 and +7.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  dayIn,
  expectStatus,
  feedServer,
  HOSTILE_FEEDS,
  healthWatch,
  jobWatch,
  listing,
  mailCatcher,
  member,
  memoryWatch,
  until,
} from './feeds-kit.ts';
import {
  freshDatabase,
  mainJs,
  OPS_PORT,
  type Server,
  serverEnv,
  startServer,
  stopServer,
  suiteFolder,
} from './servers.ts';

const OFFER_WITHIN_S = Number(process.env.OFFER_WITHIN_S ?? 10);
const JOB_GAP_S = Number(process.env.JOB_GAP_S ?? 15);
// The two jobs' own intervals (schedule.ts): the outbox every 30 s, the offers every minute.
const INTERVAL_S: Record<string, number> = { 'mail.outbox': 30, 'waitlists.offers': 60 };
const HANGING = 20;
const { work, cleanups } = suiteFolder('yardshare-hostile-feeds-');

const engines = [
  { name: 'PGlite', port: OPS_PORT + 6, postgres: false },
  { name: 'PostgreSQL', port: OPS_PORT + 7, postgres: true },
];

for (const engine of engines)
  describe(`hostile calendar feeds on ${engine.name}`, {
    skip: engine.postgres && !process.env.TEST_DATABASE_URL && 'needs TEST_DATABASE_URL',
  }, () => {
    it('the server keeps answering, offers and mail keep running, while a host imports hostile and hanging feeds', {
      timeout: 600_000,
    }, async () => {
      assert.ok(fs.existsSync(mainJs), `${mainJs} is missing: run npm run build first`);
      const feeds = await feedServer(HOSTILE_FEEDS, cleanups);
      const mail = await mailCatcher(cleanups);
      const db = engine.postgres ? await freshDatabase(`ys_feeds_${process.pid}`) : null;
      if (db) cleanups.push(db.drop);
      let server: Server | undefined;
      cleanups.push(() => stopServer(server));
      server = await startServer(
        {
          ...serverEnv(engine.port, path.join(work, engine.name, 'data'), db?.url),
          CALENDAR_IMPORT_ALLOW_PRIVATE: 'true',
          CALENDAR_IMPORT_TIMEOUT_S: '10',
          SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
        },
        path.join(work, `${engine.name}.log`),
      );
      const base = server.base;
      const tag = `${engine.postgres ? 'pg' : 'pl'}${process.pid % 10_000}`;
      const host = await member(base, mail, `host${tag}`);
      const [first, next] = [await member(base, mail, `first${tag}`), await member(base, mail, `next${tag}`)];

      // A full garden of one plot, and the next grower in line for it.
      const garden = await listing(host, 'A garden of one plot', 1);
      const booked = await first.call('POST', '/api/bookings', {
        listingId: garden,
        start: dayIn(10),
        months: 2,
      });
      const bookingId = (await expectStatus<{ id: number }>(booked, 201)).id;
      const joined = await next.call('POST', `/api/listings/${garden}/waitlist`, {
        start: dayIn(10),
        months: 2,
      });
      await expectStatus(joined, 201);

      // The host's feeds: four hostile ones and twenty that never answer, on three listings.
      const urls = [
        ...Object.keys(HOSTILE_FEEDS).map((p) => `${feeds}${p}`),
        ...Array.from({ length: HANGING }, (_, i) => `${feeds}/hang/${i}`),
      ];
      const listings = [
        await listing(host, 'Feeds one', 2),
        await listing(host, 'Feeds two', 2),
        await listing(host, 'Feeds three', 2),
      ];
      const health = healthWatch(base);
      const memory = memoryWatch(base);
      const jobs = jobWatch(base, ['mail.outbox', 'waitlists.offers']);
      for (const [i, url] of urls.entries()) {
        const res = await host.call(
          'POST',
          `/api/listings/${listings[Math.floor(i / 10)]}/calendar/imports`,
          { url },
        );
        await expectStatus(res, 201);
      }

      // While the feeds are being read: the plot freed, and offered to the next in line.
      await new Promise((r) => setTimeout(r, 5000));
      const cancelledAt = Date.now();
      assert.equal((await first.call('POST', `/api/bookings/${bookingId}/cancel`)).status, 200);
      await until('the freed plot to be offered to the next in line', async () => {
        const mine = (await (await next.call('GET', '/api/users/me/waitlists')).json()) as {
          items: { status: string }[];
        };
        return mine.items.some((e) => e.status === 'offered');
      });
      const offeredAfter = (Date.now() - cancelledAt) / 1000;

      // Every feed read once: the hostile ones read or refused, the hanging ones timed out.
      type Import = { url: string; errorCode: string | null; lastReadAt: string | null };
      const states = await until(
        'every feed to have been read once',
        async () => {
          const all: Import[] = [];
          for (const id of listings) {
            const cal = (await (await host.call('GET', `/api/listings/${id}/calendar`)).json()) as {
              imports: Import[];
            };
            all.push(...cal.imports);
          }
          return all.every((i) => i.errorCode || i.lastReadAt) ? all : null;
        },
        300_000,
      );
      const h = await health.stop();
      const mem = await memory.stop();
      const gaps = await jobs.stop();
      console.log(
        `${engine.name}: health p99 ${h.p99.toFixed(1)} ms, worst ${h.max.toFixed(1)} ms over ${h.n} checks; ` +
          `resident memory at most ${mem.both.toFixed(0)} MB (server ${mem.server.toFixed(0)}, database process ${mem.database.toFixed(0)}); ` +
          `offer ${offeredAfter.toFixed(1)} s after the cancel; longest gap between runs: ${[...gaps]
            .map(([n, g]) => `${n} ${(g / 1000).toFixed(1)} s`)
            .join(', ')}; feeds: ${states
            .filter((s) => !s.url.includes('/hang/'))
            .map((s) => `${s.url.replace(feeds, '')}=${s.errorCode ?? 'read'}`)
            .join(' ')}, ${states.filter((s) => s.errorCode === 'TIMEOUT').length} timed out`,
      );
      for (const s of states.filter((s) => s.url.includes('/hang/')))
        assert.equal(s.errorCode, 'TIMEOUT', s.url);
      assert.ok(h.p99 < 100, `health p99 ${h.p99} ms`);
      // The issue's goal on PostgreSQL; PGlite's figure (the server and its database process) is
      // printed above.
      if (engine.postgres) assert.ok(mem.both < 400, `resident memory reached ${mem.both} MB`);
      assert.ok(h.max < 1000, `health worst ${h.max} ms`);
      assert.ok(offeredAfter <= OFFER_WITHIN_S, `offered ${offeredAfter} s after the cancel`);
      for (const [name, gap] of gaps)
        assert.ok(
          gap <= (INTERVAL_S[name] + JOB_GAP_S) * 1000,
          `${name} waited ${gap / 1000} s between runs`,
        );
    });
  });
