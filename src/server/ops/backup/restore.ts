import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { lockDataDir, migrationsFolder, pgliteHandle } from '../../db/client.ts';
import { PGliteProcess } from '../../db/pglite-process.ts';
import { isUploadName } from '../../features/uploads/upload-store.ts';
import { BackupFileError, type Manifest, readEntry, readEntryTo, verifyArchive } from './archive.ts';
import { DB_PGLITE, DB_POSTGRES } from './backup.ts';

// Runs that were under way in the dump go back to waiting (pg-boss's job table; ADR 054), so none
// holds its queue until its time limit. A dump from before the queue has no such table.
const RESUME_JOBS = `do $$ begin
  if to_regclass('pgboss.job') is not null then
    update pgboss.job set state = 'retry', start_after = now() where state = 'active';
  end if;
end $$`;

// `npm run restore -- <file>` (ADR 036): checks the whole file first (every checksum), then fills
// an empty DATA_DIR (PGlite) or an empty database (DATABASE_URL), and the disk store's photos.
// A target that holds data is refused unless `force`; then PGlite's folder and the photos are
// moved aside (never deleted) and a PostgreSQL database's schemas are dropped.

export type RestoreConfig = Pick<Config, 'databaseUrl' | 'dataDir' | 'uploads' | 'uploadsDir'>;

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

const newestShipped = () =>
  Math.max(
    0,
    ...(
      JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')).entries as {
        when: number;
      }[]
    ).map((e) => e.when),
  );

const hasUploads = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).some(isUploadName);

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

const userTables = (url: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n ?? 0;
  });

// pg_restore writes the dump as SQL and psql runs it in one transaction. The script empties
// search_path; earthdistance's ll_to_earth (in the area_point column) then cannot find its
// own type, a known limit of that extension, so the script runs with public on the path instead.
const EMPTY_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
const PUBLIC_PATH = "SELECT pg_catalog.set_config('search_path', 'public, pg_catalog', false);";

function pipeRestore(dump: string, url: URL, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const dumpOut = spawn('pg_restore', ['--no-owner', '--no-acl', '--file=-', dump], { env });
    const psql = spawn(
      'psql',
      ['--no-psqlrc', '--quiet', '--single-transaction', '-v', 'ON_ERROR_STOP=1', `--dbname=${url}`],
      { env, stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let errors = '';
    const note = (b: Buffer) => {
      if (errors.length < 2000) errors += b.toString();
    };
    dumpOut.stderr.on('data', note);
    psql.stderr.on('data', note);
    // The line is in the script's first lines: held back until it is seen, then passed through.
    let head: Buffer | null = Buffer.alloc(0);
    const fix = new Transform({
      transform(chunk: Buffer, _enc, done) {
        if (!head) return done(null, chunk);
        head = Buffer.concat([head, chunk]);
        const at = head.indexOf(EMPTY_PATH);
        if (at < 0 && head.length < 65_536) return done();
        const out =
          at < 0
            ? head
            : Buffer.concat([
                head.subarray(0, at),
                Buffer.from(PUBLIC_PATH),
                head.subarray(at + EMPTY_PATH.length),
              ]);
        head = null;
        done(null, out);
      },
      flush(done) {
        done(null, head ?? undefined);
      },
    });
    pipeline(dumpOut.stdout, fix, psql.stdin).catch(() => {});
    const missing = (tool: string) => (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new Error(`${tool} is not installed (apt-get install postgresql-client)`)
          : err,
      );
    dumpOut.on('error', missing('pg_restore'));
    psql.on('error', missing('psql'));
    let dumpCode: number | null = null;
    dumpOut.on('close', (code) => {
      dumpCode = code;
    });
    psql.on('close', (code) => {
      if (code === 0 && dumpCode === 0) resolve();
      else reject(new Error(`restoring the database failed: ${errors.trim().slice(0, 500)}`));
    });
  });
}

async function restorePostgres(file: string, entry: { size: number; offset: number }, url: string) {
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'yardshare-restore-'));
  try {
    const dump = path.join(scratch, 'db.pgdump');
    await readEntryTo(file, { name: DB_POSTGRES, ...entry }, dump);
    const u = new URL(url);
    const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
    u.password = '';
    await pipeRestore(dump, u, env);
    // A job running when the dump was taken (the backup itself) may run again at once.
    await withClient(url, (c) => c.query(RESUME_JOBS));
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

export async function restoreBackup(
  file: string,
  config: RestoreConfig,
  { force = false } = {},
): Promise<{ manifest: Manifest; photos: number; movedAside: string[] }> {
  const { manifest, entries } = await verifyArchive(file);
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.engine !== engine)
    throw new RestoreRefused(
      manifest.engine === 'pglite'
        ? 'This backup is of the embedded database (PGlite): restore it with DATABASE_URL unset, into DATA_DIR.'
        : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set to an empty database.',
    );
  if (manifest.migration > newestShipped())
    throw new RestoreRefused(
      'This backup was made by a newer Yardshare: restore it with that version or a later one.',
    );
  const photos = entries.filter((e) => e.name.startsWith('uploads/'));
  if (photos.length && config.uploads.store !== 'disk')
    throw new RestoreRefused(
      `This backup holds ${photos.length} photos of the disk store: set UPLOADS_STORE=disk to restore them.`,
    );
  const dbEntry = entries.find((e) => e.name === (engine === 'pglite' ? DB_PGLITE : DB_POSTGRES));
  if (!dbEntry) throw new BackupFileError(`${file} holds no database dump.`);

  fs.mkdirSync(config.dataDir, { recursive: true });
  // Never under a running server: PGlite's folder is locked by it.
  const release = engine === 'pglite' ? lockDataDir(config.dataDir) : () => {};
  const movedAside: string[] = [];
  try {
    const pgliteDir = path.join(config.dataDir, 'pglite');
    const dbFull =
      engine === 'pglite'
        ? fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))
        : (await userTables(config.databaseUrl!)) > 0;
    const photosFull = config.uploads.store === 'disk' && hasUploads(config.uploadsDir);
    if ((dbFull || photosFull) && !force) {
      const what = engine === 'pglite' ? `DATA_DIR (${config.dataDir})` : 'the database in DATABASE_URL';
      throw new RestoreRefused(
        `${dbFull ? what : `The photo folder ${config.uploadsDir}`} is not empty: restore fills only an empty one. ` +
          'Point DATA_DIR or DATABASE_URL at an empty one, or stop the server and add --force ' +
          '(the data there is moved aside, or on PostgreSQL dropped).',
      );
    }
    const aside = `before-restore-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    for (const dir of [
      engine === 'pglite' ? pgliteDir : null,
      config.uploads.store === 'disk' ? config.uploadsDir : null,
    ])
      if (dir && fs.existsSync(dir) && fs.readdirSync(dir).length) {
        fs.renameSync(dir, `${dir}.${aside}`);
        movedAside.push(`${dir}.${aside}`);
      }
    if (engine === 'pglite') {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      fs.mkdirSync(pgliteDir, { recursive: true });
      const db = await PGliteProcess.create({
        dir: pgliteDir,
        statementTimeoutMs: 0,
        loadDataDir: await readEntry(file, dbEntry),
      });
      const handle = pgliteHandle(db);
      try {
        await db.exec(RESUME_JOBS);
      } finally {
        await handle.close();
      }
    } else {
      if (dbFull)
        await withClient(config.databaseUrl!, (c) =>
          c.query(
            'drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; ' +
              'drop schema if exists public cascade; create schema public',
          ),
        );
      await restorePostgres(file, dbEntry, config.databaseUrl!);
    }
    if (photos.length) fs.mkdirSync(config.uploadsDir, { recursive: true });
    for (const e of photos) {
      const name = e.name.slice('uploads/'.length);
      if (isUploadName(name)) await readEntryTo(file, e, path.join(config.uploadsDir, name));
    }
    return { manifest, photos: photos.length, movedAside };
  } finally {
    release();
  }
}
