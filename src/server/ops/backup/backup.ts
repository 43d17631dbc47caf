import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbHandle } from '../../db/client.ts';
import { isUploadName } from '../../features/uploads/upload-store.ts';
import { ArchiveWriter } from './archive.ts';

// Takes one backup (ADR 036) while the server keeps serving: the database first (PGlite: its own
// dumpDataDir between two statements, in the process that holds DATA_DIR; PostgreSQL: pg_dump,
// one snapshot), then the photos of the disk store. A photo is on disk before its upload is
// acknowledged, so every upload the dump knows of is there when the folder is read after it.

export const DB_PGLITE = 'database/pglite.tar.gz';
export const DB_POSTGRES = 'database/postgres.pgdump';
const PREFIX = 'yardshare-backup-';
const run = promisify(execFile);

export type BackupConfig = Pick<Config, 'databaseUrl' | 'uploads' | 'uploadsDir'> & {
  ops: Pick<Config['ops'], 'backup'>;
};

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('.', '');

export async function appliedMigration(handle: DbHandle): Promise<number> {
  const r = await handle.db.execute(
    sql`select coalesce(max(created_at), 0)::float8 as last from drizzle.__drizzle_migrations`,
  );
  return Number((r as unknown as { rows: { last: unknown }[] }).rows[0]?.last ?? 0);
}

// pg_dump's custom format of the database at one snapshot; the URL's password travels in the
// environment, never on a command line others can read.
async function pgDump(url: string, target: string): Promise<void> {
  const u = new URL(url);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
  u.password = '';
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-acl', `--file=${target}`, `--dbname=${u}`], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') throw new Error('pg_dump is not installed (apt-get install postgresql-client)');
    throw new Error(`pg_dump failed: ${(e.stderr ?? e.message).trim().slice(0, 500)}`);
  }
}

export async function takeBackup(handle: DbHandle, config: BackupConfig, now = new Date()): Promise<string> {
  const dir = config.ops.backup.dir;
  const file = path.join(dir, `${PREFIX}${stamp(now)}-${randomBytes(3).toString('hex')}.tar`);
  const writer = await ArchiveWriter.create(file);
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'yardshare-backup-'));
  try {
    const migration = await appliedMigration(handle);
    let database: string;
    if (handle.kind === 'pglite') {
      if (!handle.dumpDataDir) throw new Error('this database handle cannot be dumped');
      database = DB_PGLITE;
      await writer.addBuffer(database, await handle.dumpDataDir());
    } else {
      if (!config.databaseUrl) throw new Error('DATABASE_URL is not set');
      database = DB_POSTGRES;
      const dump = path.join(scratch, 'db.pgdump');
      await pgDump(config.databaseUrl, dump);
      await writer.addFile(database, dump);
    }
    if (config.uploads.store === 'disk') {
      const names = await fsp.readdir(config.uploadsDir).catch(() => [] as string[]);
      for (const name of names.filter(isUploadName).sort()) {
        try {
          await writer.addFile(`uploads/${name}`, path.join(config.uploadsDir, name));
        } catch (err) {
          // Removed meanwhile (an unattached upload purged): nothing to keep.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    }
    const done = await writer.finish({
      createdAt: now.toISOString(),
      engine: handle.kind,
      uploadsStore: config.uploads.store,
      migration,
      database,
    });
    await pruneBackups(dir, config.ops.backup.keep);
    return done;
  } catch (err) {
    await writer.abort();
    throw err;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

// The backups in dir, newest first (their names sort by time).
export async function listBackups(dir: string): Promise<string[]> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  return names
    .filter((n) => n.startsWith(PREFIX) && n.endsWith('.tar'))
    .sort()
    .reverse()
    .map((n) => path.join(dir, n));
}

// Keeps the newest `keep` backups, and drops parts left by a backup that was cut short.
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const all = await listBackups(dir);
  const removed = all.slice(keep);
  for (const f of removed) await fsp.rm(f, { force: true });
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const n of names)
    if (n.startsWith(PREFIX) && n.endsWith('.partial')) {
      const st = await fsp.stat(path.join(dir, n)).catch(() => null);
      // Older than a day: no backup under way takes that long.
      if (st && Date.now() - st.mtimeMs > 86_400_000) await fsp.rm(path.join(dir, n), { force: true });
    }
  return removed;
}

// The time of the newest whole backup in dir (from its name), or null.
export async function newestBackupTime(dir: string): Promise<Date | null> {
  const [newest] = await listBackups(dir);
  const m = newest && /(\d{8})T(\d{6})(\d{3})Z/.exec(path.basename(newest));
  if (!m) return null;
  const [, d, t, ms] = m as unknown as [string, string, string, string];
  return new Date(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}.${ms}Z`,
  );
}
