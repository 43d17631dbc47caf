// npm run bench:isolation (issue 62, ADR 054, ADR 055): how much one host's calendars cost everyone
// else, on the built server (dist/, `npm run build` first) with the embedded database.
//  1. Each hostile feed parsed here on this thread by today's parser (within its budget), as the
//     server parsed every feed before ADR 055: how long the event loop is blocked.
//  2. The same feeds imported by the server, one at a time: its event loop's lag (p99 and worst of
//     /metrics' samples every 200 ms) while each is read.
//  3. 100 feeds that never answer, imported by one host: how long a freed plot waits before it is
//     offered to the next grower in line, and an e-mail before it is sent, behind them.
// BENCH_PORT (4790) and BENCH_HANGING (100) change the port and the number of hanging feeds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  dayIn,
  feedServer,
  HOSTILE_FEEDS,
  listing,
  mailCatcher,
  member,
  until,
} from '../../e2e/ops/feeds-kit.ts';
import { mainJs, serverEnv, startServer, stopServer } from '../../e2e/ops/servers.ts';
import { parseFeed } from '../../src/server/features/calendars/parse-feed.ts';

const PORT = Number(process.env.BENCH_PORT ?? 4790);
const HANGING = Number(process.env.BENCH_HANGING ?? 100);
if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run npm run build first`);

const kb = (s: string) => `${Math.round(s.length / 1024)} KB`;
const ms = (n: number) => `${n.toFixed(0)} ms`;

console.log(
  "1. parsed on this thread, as the server did before ADR 055 (today's parser, within its budget):",
);
for (const [name, body] of Object.entries(HOSTILE_FEEDS)) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const started = performance.now();
  let outcome: string;
  try {
    outcome = `${parseFeed(body, new Date()).length} ranges`;
  } catch (err) {
    outcome = (err as { code?: string }).code ?? String(err);
  }
  const took = performance.now() - started;
  h.disable();
  console.log(
    `   ${name.padEnd(24)} ${kb(body).padStart(8)}  thread blocked ${ms(took).padStart(9)}  (${outcome})`,
  );
}

const cleanups: (() => Promise<unknown>)[] = [];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-isolation-'));
try {
  const feeds = await feedServer(HOSTILE_FEEDS, cleanups);
  const mail = await mailCatcher(cleanups);
  const server = await startServer(
    {
      ...serverEnv(PORT, path.join(work, 'data')),
      CALENDAR_IMPORT_ALLOW_PRIVATE: 'true',
      JOBS_MAX_INTERVAL_S: '2',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
    },
    path.join(work, 'server.log'),
  );
  cleanups.push(() => stopServer(server));
  const base = server.base;
  const host = await member(base, mail, 'benchhost');

  // The event loop's lag as /metrics samples it every 200 ms while `during` runs: p99 and worst.
  const lagWhile = async <T>(during: () => Promise<T>) => {
    const samples: { p99: number; max: number }[] = [];
    let on = true;
    const sampler = (async () => {
      while (on) {
        const text = await (await fetch(`${base}/metrics`)).text();
        const value = (m: string) => Number(new RegExp(`^${m} (\\S+)$`, 'm').exec(text)?.[1] ?? 0) * 1000;
        samples.push({
          p99: value('nodejs_eventloop_lag_p99_seconds'),
          max: value('nodejs_eventloop_lag_max_seconds'),
        });
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    try {
      const result = await during();
      return {
        result,
        p99: Math.max(...samples.map((x) => x.p99)),
        max: Math.max(...samples.map((x) => x.max)),
      };
    } finally {
      on = false;
      await sampler;
    }
  };
  // Warmed up first (a few searches, and 5 s for the collection a server makes once started), then
  // the idle server's lag for 3 s.
  for (let i = 0; i < 20; i++) await (await fetch(`${base}/api/listings?page=${(i % 3) + 1}`)).arrayBuffer();
  await new Promise((r) => setTimeout(r, 5000));
  const idle = await lagWhile(() => new Promise((r) => setTimeout(r, 3000)));
  console.log(
    `2. imported by the server, one at a time: its event loop while each is read (idle: p99 ${ms(idle.p99)}, worst ${ms(idle.max)})`,
  );
  type Import = { id: number; url: string; errorCode: string | null; lastReadAt: string | null };
  for (const name of Object.keys(HOSTILE_FEEDS)) {
    const id = await listing(host, `Feed ${name}`, 1);
    const started = performance.now();
    const {
      result: read,
      p99,
      max,
    } = await lagWhile(async () => {
      const added = await host.call('POST', `/api/listings/${id}/calendar/imports`, {
        url: `${feeds}${name}`,
      });
      if (added.status !== 201) throw new Error(await added.text());
      return until(
        `${name} to be read`,
        async () => {
          const cal = (await (await host.call('GET', `/api/listings/${id}/calendar`)).json()) as {
            imports: Import[];
          };
          const imp = cal.imports[0];
          return imp?.errorCode || imp?.lastReadAt ? imp : null;
        },
        120_000,
      );
    });
    const took = performance.now() - started;
    console.log(
      `   ${name.padEnd(24)} event loop p99 ${ms(p99).padStart(7)}, worst ${ms(max).padStart(7)}; read in ${ms(took)} (${read.errorCode ?? 'read'})`,
    );
  }

  console.log(`3. ${HANGING} feeds that never answer, imported by one host`);
  const [first, next] = [await member(base, mail, 'benchfirst'), await member(base, mail, 'benchnext')];
  const garden = await listing(host, 'A garden of one plot', 1);
  const booked = await first.call('POST', '/api/bookings', {
    listingId: garden,
    start: dayIn(10),
    months: 2,
  });
  const bookingId = ((await booked.json()) as { id: number }).id;
  await next.call('POST', `/api/listings/${garden}/waitlist`, { start: dayIn(10), months: 2 });
  for (let l = 0; l < Math.ceil(HANGING / 10); l++) {
    const id = await listing(host, `Hanging ${l}`, 1);
    for (let i = 0; i < Math.min(10, HANGING - l * 10); i++)
      await host.call('POST', `/api/listings/${id}/calendar/imports`, { url: `${feeds}/hang/${l}-${i}` });
  }
  // The calendar job is now waiting on them (their reads time out after CALENDAR_IMPORT_TIMEOUT_S).
  await new Promise((r) => setTimeout(r, 5000));
  const cancelled = performance.now();
  await first.call('POST', `/api/bookings/${bookingId}/cancel`);
  await until('the offer', async () => {
    const mine = (await (await next.call('GET', '/api/users/me/waitlists')).json()) as {
      items: { status: string }[];
    };
    return mine.items.some((e) => e.status === 'offered');
  });
  const offered = performance.now() - cancelled;
  const registered = performance.now();
  await member(base, mail, 'benchlate');
  const mailed = performance.now() - registered;
  console.log(`   a freed plot offered ${ms(offered)} after the cancel`);
  console.log(`   a new member's confirmation e-mail sent and confirmed ${ms(mailed)} after registering`);
} finally {
  for (const c of cleanups.reverse()) await c().catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
}
