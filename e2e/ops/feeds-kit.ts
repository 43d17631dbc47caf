// What the hostile-feeds suite (e2e/ops/hostile-feeds.ts) and bench:isolation share: a server of
// calendar feeds (some never answer), a mail catcher, members confirmed through their e-mail, and
// watches of the health check and of the jobs' runs on a built server.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import {
  dailySince1900,
  plainEvents,
  repeatingEvents,
  toSize,
} from '../../src/server/features/calendars/testing/hostile-feeds.ts';

// The answer's body as JSON, after checking its status (the body, when it is not that status).
export async function expectStatus<T = unknown>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, text);
  return (text ? JSON.parse(text) : null) as T;
}

// The feeds that once froze the server (issue 62), by the path a feed server serves them at: plain
// all-day events filling 2 MB, 2,000 events repeating daily since 1900, 500 repeating events, and
// repeating events filling 2 MB.
export const HOSTILE_FEEDS: Record<string, string> = {
  '/plain-2mb.ics': toSize(plainEvents),
  '/daily-since-1900.ics': dailySince1900(2_000),
  '/repeating-500.ics': repeatingEvents(500),
  '/repeating-2mb.ics': toSize(repeatingEvents),
};

export type Cleanups = (() => Promise<unknown>)[];
export type Mail = { port: number; mails: { to: string; text: string }[] };

// A feeds' server: these files by path, and every other path answered never.
export async function feedServer(files: Record<string, string>, cleanups: Cleanups) {
  const held = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body === undefined) return; // hangs: no answer, the connection kept open
    res.writeHead(200, { 'content-type': 'text/calendar' });
    res.end(body);
  });
  server.on('connection', (s) => {
    held.add(s);
    s.on('close', () => held.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(async () => {
    for (const s of held) s.destroy();
    await new Promise((r) => server.close(r));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// Mail caught as an SMTP server would take it: the confirmation links.
export async function mailCatcher(cleanups: Cleanups): Promise<Mail> {
  const mails: { to: string; text: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      simpleParser(stream)
        .then((m) => {
          for (const r of session.envelope.rcptTo) mails.push({ to: r.address, text: m.text ?? '' });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise((r) => smtp.close(() => r(undefined))));
  return { port: (smtp.server.address() as AddressInfo).port, mails };
}

export async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined | false>,
  ms = 60_000,
) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type Member = {
  cookie: string;
  call: (method: string, url: string, body?: unknown) => Promise<Response>;
};

export async function member(base: string, mail: Mail, name: string): Promise<Member> {
  const email = `${name}@example.com`;
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email, password: 'a-long-and-unusual-passphrase-42', name }),
  });
  await expectStatus(res, 201);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = (method: string, url: string, body?: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const text = await until(
    `the confirmation e-mail to ${email}`,
    async () => mail.mails.find((m) => m.to === email)?.text,
  );
  const token = /verify-email\?token=([\w-]+)/.exec(text)?.[1];
  assert.ok(token, text);
  assert.equal((await call('POST', '/api/email/verify', { token })).status, 200);
  return { cookie, call };
}

export const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function listing(host: Member, title: string, plots: number) {
  const res = await host.call('POST', '/api/listings', {
    title,
    description: 'Raised beds with water on tap, a shed and a compost bay, near the bus stop.',
    type: 'community',
    location: '3 Birch Street',
    city: 'Portland',
    state: 'OR',
    amenities: [],
    images: [],
    plots,
    bookingMode: 'instant',
  });
  return (await expectStatus<{ id: number }>(res, 201)).id;
}

// Counts of each job's runs, from /metrics, every second: the longest gap between two runs.
export function jobWatch(base: string, names: string[]) {
  const last = new Map<string, { count: number; at: number }>();
  const gaps = new Map<string, number>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const text = await (await fetch(`${base}/metrics`)).text();
      const now = Date.now();
      for (const name of names) {
        const m = new RegExp(
          `^yardshare_job_runs_total\\{job_name="${name.replace('.', '\\.')}"\\} (\\S+)$`,
          'm',
        ).exec(text);
        const count = Number(m?.[1] ?? 0);
        const seen = last.get(name);
        if (!seen || count > seen.count) {
          if (seen) gaps.set(name, Math.max(gaps.get(name) ?? 0, now - seen.at));
          last.set(name, { count, at: now });
        }
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const now = Date.now();
      // The time since each job's last run counts as a gap too.
      for (const [name, seen] of last) gaps.set(name, Math.max(gaps.get(name) ?? 0, now - seen.at));
      return gaps;
    },
  };
}

// The health check every 50 ms: each answer's time.
export function healthWatch(base: string) {
  const times: number[] = [];
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(
        () => null,
      );
      times.push(res?.ok ? performance.now() - started : 10_000);
      await res?.arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const sorted = [...times].sort((a, b) => a - b);
      return { n: sorted.length, p99: sorted[Math.floor(sorted.length * 0.99)], max: sorted.at(-1) ?? 0 };
    },
  };
}

// The server's resident memory and its embedded database process's, from /metrics every second:
// the highest of each, and of their sum, in MB.
export function memoryWatch(base: string) {
  const peak = { server: 0, database: 0, both: 0 };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const text = await (await fetch(`${base}/metrics`)).text();
      const mb = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? 0) / 1048576;
      const [server, database] = [
        mb('process_resident_memory_bytes'),
        mb('yardshare_db_process_resident_memory_bytes'),
      ];
      peak.server = Math.max(peak.server, server);
      peak.database = Math.max(peak.database, database);
      peak.both = Math.max(peak.both, server + database);
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return peak;
    },
  };
}
