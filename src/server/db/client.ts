import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { DatabaseUnavailableError, PGliteProcess } from './pglite-process.ts';
import { migrateQueue, type QueueTarget } from './queue-schema.ts';
import * as schema from './schema.ts';
import { DbStats, instrumentPool } from './stats.ts';

export type Schema = typeof schema;
export { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
export { DatabaseUnavailableError };

// Extensions the migrations create (CREATE EXTENSION), for every PGlite.create.
// Order matters: with pg_trgm loaded before cube, a trigram query leaves PGlite hung.
export const pgliteExtensions = { cube, earthdistance, pg_trgm };
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
// The transaction a service opens and hands to the queries it runs (the one Tx type).
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// One handle over either driver: the Drizzle database, LISTEN for live fan-out, and close.
export type DbHandle = {
  kind: 'pglite' | 'postgres';
  db: Db;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  // Told false when the LISTEN connection drops (notifications may be lost until it is back) and
  // true once it listens again. PGlite's never drops.
  onListenState(cb: (up: boolean) => void): void;
  // Resolves once every notification committed before the call has reached the listen handlers
  // (a round trip on the LISTEN connection: PostgreSQL sends pending notifications first).
  listenBarrier(): Promise<void>;
  migrate(): Promise<void>;
  // Runs fn with no statement timeout (seeding the demo); the timeout is back afterwards.
  withoutStatementTimeout<T>(fn: () => Promise<T>): Promise<T>;
  // True when `select 1` answers within timeoutMs (the health check).
  probe(timeoutMs: number): Promise<boolean>;
  // Statement times, timeouts and process replacements, for the metrics.
  stats: DbStats;
  // PGlite only: a consistent copy of the data directory, gzipped tar (backups, ADR 036).
  dumpDataDir?: () => Promise<Uint8Array>;
  // Where the job queue keeps its tables (ADR 054): the embedded database itself, or the server's URL.
  queue: QueueTarget;
  close(): Promise<void>;
};

// `select 1` within timeoutMs, or false.
async function probeWith(run: () => Promise<unknown>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      run().then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(false), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

// drizzle/ sits at the package root, both from src/server/db and from the bundled dist/server.
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('drizzle/ migrations folder not found');
}

// client: PGlite in this process (scripts, benchmarks), or PGliteProcess (the server and tests: ADR 030).
export function pgliteHandle(client: PGlite | PGliteProcess): DbHandle {
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  const proc = client instanceof PGliteProcess ? client : null;
  const withoutTimeout = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (!proc) return fn();
    const saved = proc.statementTimeoutMs;
    proc.statementTimeoutMs = 0;
    try {
      return await fn();
    } finally {
      proc.statementTimeoutMs = saved;
    }
  };
  return {
    kind: 'pglite',
    db,
    async listen(channel, onPayload) {
      const unlisten = await client.listen(channel, onPayload);
      return unlisten;
    },
    async notify(channel, payload) {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    // PGlite's own LISTEN never drops; a replaced database process (ADR 030) may have missed some.
    onListenState(cb) {
      proc?.onListenState(cb);
    },
    async listenBarrier() {},
    async migrate() {
      await withoutTimeout(async () => {
        await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
        await migrateQueue({ pglite: client }, (q) => client.query(q));
      });
      await proc?.warm();
    },
    withoutStatementTimeout: withoutTimeout,
    probe: (timeoutMs) => probeWith(() => client.query('select 1'), timeoutMs),
    stats: proc?.stats ?? new DbStats(),
    dumpDataDir: proc
      ? () => proc.dumpDataDir()
      : async () => {
          await client.exec('CHECKPOINT');
          const blob = await (client as PGlite).dumpDataDir('gzip');
          return new Uint8Array(await blob.arrayBuffer());
        },
    queue: { pglite: client as Pick<PGlite, 'query' | 'exec'> },
    close: () => client.close(),
  };
}

// statementTimeoutMs: PostgreSQL cancels a statement running longer (the API answers 503), and a
// request waits at most twice that for a free connection. 0: no limit.
export function postgresHandle(url: string, poolSize = 10, statementTimeoutMs = 0): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, connectionTimeoutMillis: statementTimeoutMs * 2 }
      : {}),
  });
  pool.on('error', () => {}); // an idle client dropped by the server; the pool replaces it
  const stats = new DbStats();
  instrumentPool(pool, stats);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // One LISTEN connection per instance. If it drops, it is made again (with backoff) and every
  // channel is listened to again, so live delivery comes back without a restart.
  let listener: Promise<pg.Client | null> | null = null;
  let closed = false;
  let retryMs = 250;
  const handlers = new Map<string, Set<(p: string) => void>>();
  const stateListeners = new Set<(up: boolean) => void>();
  const tellState = (up: boolean) => {
    for (const cb of stateListeners) cb(up);
  };
  const quote = (channel: string) => `"${channel.replace(/"/g, '')}"`;

  function connectListener(): Promise<pg.Client | null> {
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (closed || listener === null) return;
      listener = null;
      tellState(false);
      client.end().catch(() => {});
      setTimeout(() => {
        if (!closed && handlers.size && !listener) listener = connectListener().catch(() => null);
      }, retryMs).unref();
      retryMs = Math.min(retryMs * 2, 10_000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
    });
    return (async () => {
      try {
        await client.connect();
        for (const channel of handlers.keys()) await client.query(`LISTEN ${quote(channel)}`);
        retryMs = 250;
        tellState(true);
        return client;
      } catch (err) {
        lost();
        throw err;
      }
    })();
  }

  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      const fresh = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(onPayload);
      if (!listener) listener = connectListener();
      const client = await listener;
      if (!client) throw new Error('The LISTEN connection is being re-made');
      if (fresh) await client.query(`LISTEN ${quote(channel)}`);
      const mine = set;
      return async () => {
        mine.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    onListenState(cb) {
      stateListeners.add(cb);
    },
    async listenBarrier() {
      const client = await listener;
      if (!client) throw new Error('The LISTEN connection is being re-made');
      await client.query('select 1');
    },
    async migrate() {
      // A session-level advisory lock: one instance migrates at a time when several start together.
      const conn = await pool.connect();
      try {
        await conn.query('set statement_timeout = 0');
        await conn.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsFolder() });
        await migrateQueue({ url, poolSize: 1 }, (q) => conn.query(q));
      } finally {
        await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
        // The connection goes back to the pool with the pool's own timeout.
        await conn.query('reset statement_timeout').catch(() => {});
        conn.release();
      }
    },
    withoutStatementTimeout: (fn) => fn(),
    probe: (timeoutMs) => probeWith(() => pool.query('select 1'), timeoutMs),
    stats,
    queue: { url, poolSize: 3 },
    async close() {
      closed = true;
      const l = listener;
      listener = null;
      await l?.then((c) => c?.end()).catch(() => {});
      await pool.end();
    },
  };
}

// PGlite in dataDir (created if missing) unless a DATABASE_URL is given.
// statementTimeoutMs (default none): see PGliteProcess and postgresHandle. onFatal: the embedded
// database cannot be brought back (main.ts logs it and exits non-zero); onStall: a statement was
// timed out and the database process replaced.
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  statementTimeoutMs?: number;
  // postgresql.conf lines for the embedded database (default: PGLITE_SETTINGS).
  pgliteSettings?: string[];
  onFatal?: (reason: string) => void;
  onStall?: (info: { sql: string; ms: number }) => void;
}): Promise<DbHandle> {
  if (opts.databaseUrl) return postgresHandle(opts.databaseUrl, opts.poolSize, opts.statementTimeoutMs);
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const release = lockDataDir(opts.dataDir);
  let client: PGliteProcess;
  try {
    client = await PGliteProcess.create({
      dir,
      statementTimeoutMs: opts.statementTimeoutMs ?? 0,
      settings: opts.pgliteSettings,
      onFatal: opts.onFatal,
      onStall: opts.onStall,
    });
  } catch (err) {
    release();
    throw err;
  }
  const handle = pgliteHandle(client);
  return {
    ...handle,
    close: async () => {
      try {
        await handle.close();
      } finally {
        release();
      }
    },
  };
}
