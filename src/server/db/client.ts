import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

// One handle over either driver: the Drizzle database, LISTEN for live fan-out, and close.
export type DbHandle = {
  kind: 'pglite' | 'postgres';
  db: Db;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

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

export function pgliteHandle(client: PGlite): DbHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
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
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    },
    close: () => client.close(),
  };
}

export function postgresHandle(url: string, poolSize = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {}); // an idle client dropped by the server; the pool replaces it
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(p: string) => void>>();
  return {
    kind: 'postgres',
    db,
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => {});
        await listener.connect();
        listener.on('notification', (n) => {
          for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async migrate() {
      // A session-level advisory lock: one instance migrates at a time when several start together.
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await conn.query('select pg_advisory_unlock(727274)').catch(() => {});
        conn.release();
      }
    },
    async close() {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

// PGlite in dataDir (created if missing) unless a DATABASE_URL is given.
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) return postgresHandle(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return pgliteHandle(client);
}
