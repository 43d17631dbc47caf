import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, openDatabase } from './client.ts';

// PGlite only (the lock guards the embedded database): run once, in the PGlite project.
const onPostgres = process.env.TEST_DB === 'postgres';
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) c.kill();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-lock-'));
  dirs.push(d);
  return d;
};
const lockFile = (dir: string) => path.join(dir, LOCK_FILE);
const lockPid = (dir: string) => Number(fs.readFileSync(lockFile(dir), 'utf8'));

// Another live process (not this one), however long the test takes: until it is killed, or its
// stdin ends (this process gone).
async function liveProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', "process.stdin.on('end', () => process.exit()).resume()"], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  children.push(child);
  await new Promise((r) => child.once('spawn', r));
  return child as ChildProcess & { pid: number };
}

describe.skipIf(onPostgres)('PGlite data dir lock', { timeout: 60_000 }, () => {
  it('refuses a data dir held by another live process, and takes it over once that process is gone', async () => {
    const dir = dataDir();
    const other = await liveProcess();
    fs.writeFileSync(lockFile(dir), `${other.pid}\n`);
    const refused = openDatabase({ dataDir: dir });
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(
      new RegExp(
        `in use by another process \\(pid ${other.pid}\\).*stop that process \\(the server\\) first`,
      ),
    );
    expect(lockPid(dir)).toBe(other.pid);

    other.kill();
    await new Promise((r) => other.once('exit', r));
    // The lock is stale now: its pid no longer runs.
    const handle = await openDatabase({ dataDir: dir });
    try {
      expect(lockPid(dir)).toBe(process.pid);
      await handle.db.execute('select 1' as never);
    } finally {
      await handle.close();
    }
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('refuses a second open in the same process; close releases the lock', async () => {
    const dir = dataDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      expect(lockPid(dir)).toBe(process.pid);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already open in this process/);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('takes over a lock left by an earlier process with this pid, or holding no pid', async () => {
    for (const content of [`${process.pid}\n`, '']) {
      const dir = dataDir();
      fs.writeFileSync(lockFile(dir), content);
      const handle = await openDatabase({ dataDir: dir });
      expect(lockPid(dir)).toBe(process.pid);
      await handle.close();
    }
  });

  it('npm run seed says to stop the server first while the lock is held', async () => {
    const dir = dataDir();
    const server = await liveProcess();
    fs.writeFileSync(lockFile(dir), `${server.pid}\n`);
    const run = spawnSync(process.execPath, ['src/server/db/seed.ts'], {
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Stop the server first/);
    expect(run.stderr).toContain(`process ${server.pid}`);
    expect(lockPid(dir)).toBe(server.pid);
    expect(fs.existsSync(path.join(dir, 'uploads'))).toBe(false);
  });
});
