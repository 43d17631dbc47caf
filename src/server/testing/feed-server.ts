import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server of external calendar feeds for the import tests (ADR 048): good, recurring,
// conditional (ETag / Last-Modified), not a calendar, 50 MB, one that never answers, and any
// feed a test sets. Counts the requests of each path.

const DAY = 86_400_000;
export const dayIn = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const ics = (d: string) => d.replaceAll('-', '');

// An Airbnb-like export: two all-day reservations and one timed event.
export function goodFeed(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${ics(dayIn(20))}`,
    `DTEND;VALUE=DATE:${ics(dayIn(23))}`,
    'UID:res-1@airbnb.test',
    'SUMMARY:Reserved',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${ics(dayIn(40))}`,
    `DTEND;VALUE=DATE:${ics(dayIn(41))}`,
    'UID:res-2@airbnb.test',
    'SUMMARY:Airbnb (Not available)',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART:${ics(dayIn(60))}T150000Z`,
    `DTEND:${ics(dayIn(61))}T100000Z`,
    'UID:res-3@airbnb.test',
    'SUMMARY:Guest: Jane Doe',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

// A weekly event, three times, the second occurrence cancelled.
export function recurringFeed(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Recurring//EN',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${ics(dayIn(30))}`,
    `DTEND;VALUE=DATE:${ics(dayIn(31))}`,
    'RRULE:FREQ=WEEKLY;COUNT=3',
    'UID:weekly@test',
    'SUMMARY:Market day',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `RECURRENCE-ID;VALUE=DATE:${ics(dayIn(37))}`,
    `DTSTART;VALUE=DATE:${ics(dayIn(37))}`,
    `DTEND;VALUE=DATE:${ics(dayIn(38))}`,
    'STATUS:CANCELLED',
    'UID:weekly@test',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

export async function startFeedServer() {
  const hits = new Map<string, number>();
  const feeds = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (body: string, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', ...headers });
      res.end(body);
    };
    if (path === '/good.ics') return send(goodFeed());
    if (path === '/recurring.ics') return send(recurringFeed());
    if (path === '/etag.ics') {
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304);
        return res.end();
      }
      return send(goodFeed(), { etag: '"v1"' });
    }
    if (path === '/modified.ics') {
      const stamp = 'Wed, 01 Jan 2026 00:00:00 GMT';
      if (req.headers['if-modified-since'] === stamp) {
        res.writeHead(304);
        return res.end();
      }
      return send(goodFeed(), { 'last-modified': stamp });
    }
    if (path === '/html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><title>Sign in</title><p>Please sign in');
    }
    if (path === '/huge.ics') {
      // 50 MB of events, written as the reader asks for more, with no Content-Length.
      res.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(64 * 1024, 'X');
      let left = 800;
      const pump = () => {
        while (left > 0) {
          left--;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.write('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-PAD:');
      return pump();
    }
    if (path === '/slow.ics') return; // never answers: an hour is as good as forever
    if (path === '/gone') {
      res.writeHead(404);
      return res.end('not found');
    }
    const set = feeds.get(path);
    if (set !== undefined) return send(set);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    // The same server by a name that resolves to a loopback address.
    named: (path: string, protocol = 'http') => `${protocol}://localhost:${port}${path}`,
    hits: (path: string) => hits.get(path) ?? 0,
    set: (path: string, body: string) => feeds.set(path, body),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
