import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type DbHandle, pgliteHandle, postgresHandle } from '../../db/client.ts';
import { PGliteProcess } from '../../db/pglite-process.ts';
import { listings, uploadBlobs, users } from '../../db/schema.ts';
import { JobQueue } from '../../jobs/queue.ts';
import { insertListing, registerUser } from '../../testing/factories.ts';
import { png, uploadImage } from '../../testing/images.ts';
import { createTestDb, testConfig } from '../../testing/test-app.ts';
import { BackupFileError, verifyArchive } from './archive.ts';
import { DB_PGLITE, DB_POSTGRES, listBackups, pruneBackups, takeBackup } from './backup.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';
import { BACKUP_JOB } from './schedule.ts';

// Backups that restore (ADR 036), on the engine this run uses: a backup of a database with a user
// and a photo, restored into an empty target, holds both; a damaged file and a target that
// holds data are refused. The running server's side (a burst of writes, npm run backup against
// it, servers started on the restored copies) is e2e/ops/backup-restore.ts.
const onPostgres = process.env.TEST_DB === 'postgres';
// On PostgreSQL the server's settings name the database (pg_dump reads it), as in production.
const { handle: db, url, drop } = await createTestDb();
const config = testConfig({
  BACKUP_EVERY_HOURS: '24',
  BACKUP_KEEP: '3',
  ...(url ? { DATABASE_URL: url } : {}),
});
const app = await buildApp({ config, db, logger: false, serveClient: false });
afterAll(async () => {
  await app.close();
  await drop();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-backup-test-'));
const dropAfter: string[] = [];
afterAll(async () => {
  fs.rmSync(scratch, { recursive: true, force: true });
  if (!dropAfter.length) return;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  for (const name of dropAfter) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

// An empty target: a fresh DATA_DIR, and on PostgreSQL a fresh database.
async function freshTarget() {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'target-'));
  let url: string | undefined;
  if (onPostgres) {
    const name = `ys_restore_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    dropAfter.push(name);
    const u = new URL(process.env.TEST_DATABASE_URL!);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...(url ? { DATABASE_URL: url } : {}) });
}

async function openRestored(target: ReturnType<typeof loadConfig>): Promise<DbHandle> {
  if (target.databaseUrl) return postgresHandle(target.databaseUrl, 2);
  return pgliteHandle(
    await PGliteProcess.create({ dir: path.join(target.dataDir, 'pglite'), statementTimeoutMs: 0 }),
  );
}

const {
  cookie,
  user: { id: userId, username },
} = await registerUser(app);
// A listing with a place: its stored area point (ll_to_earth, a generated column) is computed
// again when the dump is loaded.
const listing = await insertListing(db, userId, { lat: 45.52, lng: -122.68 });
const photo = await (async () => {
  const url = await uploadImage(app, cookie, { name: 'a.png', type: 'image/png', data: await png(40, 30) });
  return { url, bytes: (await app.inject({ method: 'GET', url })).rawPayload };
})();
const file = await takeBackup(db, config);

describe('a backup', () => {
  it('is one file in BACKUP_DIR with a manifest: the dump, and the disk store photos', async () => {
    expect(path.dirname(file)).toBe(config.ops.backup.dir);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    const { manifest, entries } = await verifyArchive(file);
    expect(manifest.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.database).toBe(onPostgres ? DB_POSTGRES : DB_PGLITE);
    expect(manifest.migration).toBeGreaterThan(0);
    const names = entries.map((e) => e.name);
    expect(names.at(-1)).toBe('manifest.json.sha256');
    // The database store keeps photos inside the dump.
    const photoEntry = `uploads/${photo.url.split('/').pop()}`;
    if (config.uploads.store === 'disk') expect(names).toContain(photoEntry);
    else expect(names).not.toContain(photoEntry);
  });

  it('restores into an empty target: the user signs in, the photo is there byte for byte', async () => {
    const target = await freshTarget();
    const { manifest, movedAside } = await restoreBackup(file, target);
    expect(manifest.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(movedAside).toEqual([]);
    const restored = await openRestored(target);
    try {
      const [u] = await restored.db.select().from(users).where(eq(users.username, username));
      expect(u?.username).toBe(username);
      const [l] = await restored.db.select().from(listings).where(eq(listings.id, listing.id));
      expect(l?.areaPoint).toBe(listing.areaPoint);
      expect(l?.areaPoint).toMatch(/^\(-?\d/);
      if (target.uploads.store === 'disk')
        expect(fs.readFileSync(path.join(target.uploadsDir, photo.url.split('/').pop()!))).toEqual(
          photo.bytes,
        );
      else {
        const [blob] = await restored.db.select().from(uploadBlobs).where(eq(uploadBlobs.path, photo.url));
        expect(Buffer.from(blob!.bytes)).toEqual(photo.bytes);
      }
    } finally {
      await restored.close();
    }
    // Now it holds data: refused, unless told; told, the data there is moved aside or dropped.
    await expect(restoreBackup(file, target)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(file, target)).rejects.toThrow(
      /is not empty: restore fills only an empty one/,
    );
    const forced = await restoreBackup(file, target, { force: true });
    if (!onPostgres) expect(forced.movedAside.some((d) => d.includes('pglite.before-restore-'))).toBe(true);
    // Three restores and an open: on PGlite, up to 10 s an open with two test suites on 2 cores.
  }, 120_000);

  it('a corrupted or truncated file is refused with a clear message, before anything is touched', async () => {
    const bytes = fs.readFileSync(file);
    const { entries } = await verifyArchive(file);
    const dump = entries.find((e) => e.name.startsWith('database/'))!;
    const flipped = Buffer.from(bytes);
    flipped[dump.offset + Math.floor(dump.size / 2)]! ^= 0xff;
    const corrupt = path.join(scratch, 'corrupt.tar');
    fs.writeFileSync(corrupt, flipped);
    await expect(verifyArchive(corrupt)).rejects.toThrow(
      `The backup file ${corrupt} is corrupted: ${dump.name} does not match its checksum. Use another backup.`,
    );
    const cut = path.join(scratch, 'cut.tar');
    for (const at of [Math.floor(bytes.length / 2), bytes.length - 2048, 300]) {
      fs.writeFileSync(cut, bytes.subarray(0, at));
      await expect(verifyArchive(cut)).rejects.toThrow(/is truncated|has no manifest/);
    }
    const junk = path.join(scratch, 'junk.tar');
    fs.writeFileSync(junk, randomBytes(4096));
    await expect(verifyArchive(junk)).rejects.toThrow(BackupFileError);
    const target = await freshTarget();
    await expect(restoreBackup(corrupt, target)).rejects.toThrow(/corrupted/);
    expect(fs.existsSync(path.join(target.dataDir, 'pglite'))).toBe(false);
  });

  it('a backup of the other engine is refused, naming the setting', async () => {
    const other = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: fs.mkdtempSync(path.join(scratch, 'other-')),
      ...(onPostgres ? {} : { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
    });
    await expect(restoreBackup(file, other)).rejects.toThrow(
      onPostgres ? /DATABASE_URL set/ : /DATABASE_URL unset/,
    );
  });
});

describe('scheduled backups', () => {
  it('run as the job ops.backup on one instance of several, keep BACKUP_KEEP, and their age is a metric', async () => {
    const other = new JobQueue(db, app.log);
    const ran: string[] = [];
    other.register({ name: BACKUP_JOB, everyMs: 86_400_000, run: async () => ran.push('other') });
    const now = new Date(Date.now() + 3_600_000);
    const [mine, theirs] = await Promise.all([app.jobs.tick(now), other.tick(now)]);
    await other.stop();
    expect([mine.includes(BACKUP_JOB), theirs.includes(BACKUP_JOB)].filter(Boolean)).toHaveLength(1);
    // Run once for that instant, whichever instance asks again.
    expect(await app.jobs.tick(now)).not.toContain(BACKUP_JOB);
    const dir = config.ops.backup.dir;
    for (let i = 0; i < 3; i++) await takeBackup(db, config);
    expect((await listBackups(dir)).length).toBe(3);
    expect(await pruneBackups(dir, 3)).toEqual([]);
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    const age = Number(/^yardshare_backup_age_seconds (\S+)$/m.exec(res.body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(120);
    expect(res.body).toMatch(/^yardshare_backup_last_success_timestamp_seconds \d+/m);
  });
});
