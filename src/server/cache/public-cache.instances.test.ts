import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { postgresHandle } from '../db/client.ts';
import { registerUser } from '../testing/factories.ts';
import { createTestDb, testConfig } from '../testing/test-app.ts';
import { signal, waitFor, waitUntil } from '../testing/wait.ts';

// Two app instances on one database (ADR 025): a write through A is seen by the very next read
// through B, whose cache held the old answer. On PostgreSQL each instance has its own connections
// (and its own LISTEN); on PGlite, which one process owns, the two share its handle.
const { handle, url, drop } = await createTestDb();
const second = url ? postgresHandle(url, 5) : handle;
const configA = testConfig({ PUBLIC_CACHE: 'on' });
const configB = testConfig({ PUBLIC_CACHE: 'on' });
const a = await buildApp({ config: configA, db: handle, logger: false, serveClient: false });
const b = await buildApp({ config: configB, db: second, logger: false, serveClient: false });
await a.ready();
await b.ready();
afterAll(async () => {
  await a.close();
  await b.close();
  if (second !== handle) await second.close();
  await drop();
  for (const c of [configA, configB]) fs.rmSync(c.dataDir, { recursive: true, force: true });
});

const host = await registerUser(a);
const created = await a.inject({
  method: 'POST',
  url: '/api/listings',
  headers: { cookie: host.cookie },
  payload: {
    type: 'rental',
    price: 40,
    title: 'Version 0',
    description: 'Raised beds.',
    location: '1 Main St',
    city: 'Austin',
    state: 'TX',
  },
});
const id: number = created.json().id;
const detail = `/api/listings/${id}`;
const rename = async (title: string) => {
  const res = await a.inject({
    method: 'PATCH',
    url: detail,
    headers: { cookie: host.cookie },
    payload: { title },
  });
  expect(res.statusCode).toBe(200);
};
// Waits until B answers `path` from its cache, so that the read after the write would be a hit.
// Usually one read fills and the next hits. A miss can be correct too (a barrier past its 2 s bound
// on a loaded machine answers from the database and stores nothing), so the pair is read again.
async function primeB(
  path: string,
  read: (p: string) => Promise<unknown> = (p) => b.inject({ method: 'GET', url: p }),
) {
  await waitUntil(
    async () => {
      await read(path);
      const hits = b.publicCache.stats.hits;
      await read(path);
      return b.publicCache.stats.hits === hits + 1;
    },
    { what: `B to answer ${path} from its cache` },
  );
}

await b.listen({ port: 0, host: '127.0.0.1' });
const portB = (b.server.address() as AddressInfo).port;
const getB = (path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: portB, path, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });

describe('two instances on one database', () => {
  it('a write through A is visible in the very next read through B, 20 times over', async () => {
    for (let i = 1; i <= 20; i++) {
      await primeB(detail);
      await primeB('/api/listings');
      await rename(`Version ${i}`);
      expect((await b.inject({ method: 'GET', url: detail })).json().title).toBe(`Version ${i}`);
      expect((await b.inject({ method: 'GET', url: '/api/listings' })).json()[0].title).toBe(`Version ${i}`);
    }
  });

  it('with 20 parallel readers on B over HTTP (hits answered by its node server)', async () => {
    for (let i = 21; i <= 30; i++) {
      await primeB(detail, getB);
      await rename(`Version ${i}`);
      const reads = await Promise.all(Array.from({ length: 20 }, () => getB(detail)));
      for (const r of reads) {
        expect(r.status).toBe(200);
        expect(JSON.parse(r.body).title).toBe(`Version ${i}`);
      }
    }
  });

  it.runIf(url)(
    'serves nothing from the cache while its LISTEN connection is down, and starts empty after',
    async () => {
      await primeB(detail);
      // B's handle tells when its LISTEN connection drops and when it listens again. The cache's
      // listener was registered first, so this one sees the cache as each change left it (the
      // reconnect may come before the test would look: it is only 250 ms away).
      type Seen = { usable: boolean; size: number };
      const down = signal<Seen>();
      const back = signal<Seen>();
      second.onListenState((up) => {
        const seen = { usable: b.publicCache.usable, size: b.publicCache.size };
        (up ? back : down).resolve(seen);
      });
      const admin = postgresHandle(url!, 1);
      try {
        // Ends every LISTEN connection on this database (A's and B's); they come back by themselves.
        await admin.db.execute(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and (query ilike 'listen%' or query = 'select 1')` as never,
        );
      } finally {
        await admin.close();
      }
      expect(await waitFor(down, { what: "B's LISTEN connection to drop" })).toEqual({
        usable: false,
        size: 0,
      });
      expect(await waitFor(back, { what: "B's LISTEN connection to come back" })).toEqual({
        usable: true,
        size: 0,
      });
      expect(b.publicCache.usable).toBe(true);
      await rename('After the outage');
      expect((await getB(detail)).body).toContain('After the outage');
      await primeB(detail);
    },
  );
});
