import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { auditLog, users } from '../db/schema.ts';
import { registerUser } from '../testing/factories.ts';
import { createTestDb, testConfig } from '../testing/test-app.ts';
import { signal, waitFor } from '../testing/wait.ts';

// npm run admin -- grant|revoke <username> (ADR 029): straight to PostgreSQL; on the embedded
// database straight to DATA_DIR when no server holds it, else handed to the running server.
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'src/server/cli/admin.ts');
const baseEnv = () => {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['DATABASE_URL', 'TEST_DATABASE_URL', 'DATA_DIR', 'PORT', 'NODE_ENV'].includes(k))
      env[k] = v;
  return env;
};

async function cli(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { ...baseEnv(), ...env },
      timeout: 60_000,
    });
    return { code: 0, out: `${stdout}${stderr}`.trim() };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}`.trim() };
  }
}

const tmpDataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-cli-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe.runIf(process.env.TEST_DB !== 'postgres')('npm run admin on the embedded database', () => {
  it('opens DATA_DIR directly when no server runs', async () => {
    const dataDir = tmpDataDir();
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    await handle.db
      .insert(users)
      .values({ username: 'Olive', email: 'olive@example.com', name: 'Olive', passwordHash: 'x' });
    await handle.close();

    expect(await cli(['grant', 'olive'], { DATA_DIR: dataDir })).toEqual({
      code: 0,
      out: 'Olive is now an admin.',
    });
    expect(await cli(['grant', 'olive'], { DATA_DIR: dataDir })).toEqual({
      code: 0,
      out: 'Olive is already an admin.',
    });
    expect((await cli(['grant', 'nobody'], { DATA_DIR: dataDir })).code).toBe(1);
    expect((await cli(['promote', 'olive'], { DATA_DIR: dataDir })).code).toBe(2);

    const again = await openDatabase({ dataDir });
    const [u] = await again.db.select().from(users).where(eq(users.username, 'Olive'));
    expect(u.role).toBe('admin');
    const audit = await again.db.select().from(auditLog).where(eq(auditLog.subjectId, u.id));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'grant_admin', actorId: null, subjectType: 'user' }),
    ]);
    await again.close();
    expect(await cli(['revoke', 'Olive'], { DATA_DIR: dataDir })).toEqual({
      code: 0,
      out: 'Olive is no longer an admin.',
    });
  }, 120_000);

  it('hands the command to the running server, which alone holds DATA_DIR', async () => {
    const dataDir = tmpDataDir();
    const port = await freePort();
    const server: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
      {
        cwd: ROOT,
        env: {
          ...baseEnv(),
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: 'false',
          PUBLIC_CACHE: 'off',
          PASSWORD_HASH_LOG2N: '12',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let log = '';
    // Resolves when the server logs that it is ready; fails at once if it exits first.
    const ready = signal();
    const onLog = (d: Buffer) => {
      log += d;
      if (log.includes('Yardshare ready')) ready.resolve();
    };
    server.stdout?.on('data', onLog);
    server.stderr?.on('data', onLog);
    // Stopped however the test ends (a hook registered inside a test would not run).
    const exited = new Promise((resolve) => server.once('exit', resolve));
    onTestFinished(async () => {
      if (server.exitCode === null) server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    });
    // Another process starting (tsx compiling on a loaded machine): the bound is generous, within
    // this test's own 120 s.
    await waitFor(
      Promise.race([
        ready,
        exited.then(() => {
          throw new Error('The server exited');
        }),
      ]),
      { what: 'the server to log "Yardshare ready"', timeoutMs: 60_000 },
    ).catch((err: Error) => {
      throw new Error(`${err.message}; its log: ${log}`);
    });
    expect(log).toContain('Yardshare ready');
    const base = `http://127.0.0.1:${port}`;
    const reg = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'Runner',
        email: 'runner@example.com',
        name: 'Run Ner',
        password: 'long-enough-pass-1',
      }),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers.get('set-cookie')!.split(';')[0];
    const stats = () => fetch(`${base}/api/admin/stats`, { headers: { cookie } }).then((r) => r.status);
    expect(await stats()).toBe(404);

    expect(await cli(['grant', 'runner'], { DATA_DIR: dataDir })).toEqual({
      code: 0,
      out: 'Runner is now an admin.',
    });
    // At once, on the same session.
    expect(await stats()).toBe(200);
    const me = await fetch(`${base}/api/user`, { headers: { cookie } }).then((r) => r.json());
    expect(me.role).toBe('admin');
    const audit = await fetch(`${base}/api/admin/audit`, { headers: { cookie } }).then((r) => r.json());
    expect(audit.items[0]).toMatchObject({ action: 'grant_admin', actor: null, subjectId: me.id });
    expect(await cli(['revoke', 'runner'], { DATA_DIR: dataDir })).toEqual({
      code: 0,
      out: 'Runner is no longer an admin.',
    });
    expect(await stats()).toBe(404);
    expect((await cli(['grant', 'ghost'], { DATA_DIR: dataDir })).out).toBe('No user named "ghost".');
    // The request folder is the owner's only, and nothing is left in it.
    const dir = path.join(dataDir, 'admin-requests');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(dir)).toEqual([]);
  }, 120_000);
});

describe.runIf(process.env.TEST_DB === 'postgres')('npm run admin on PostgreSQL', () => {
  it('changes the role in the database a running server uses, at once', async () => {
    // A database of its own, with an app serving it while the command runs.
    const { handle, url, drop } = await createTestDb();
    const served = await buildApp({ config: testConfig(), db: handle, logger: false, serveClient: false });
    await served.ready();
    try {
      const u = await registerUser(served, { username: 'PgAdmin' });
      const stats = () =>
        served.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: u.cookie } });
      expect((await stats()).statusCode).toBe(404);
      expect(await cli(['grant', 'pgadmin'], { DATABASE_URL: url! })).toEqual({
        code: 0,
        out: 'PgAdmin is now an admin.',
      });
      expect((await stats()).statusCode).toBe(200);
      expect(await cli(['revoke', 'pgadmin'], { DATABASE_URL: url! })).toEqual({
        code: 0,
        out: 'PgAdmin is no longer an admin.',
      });
      expect((await stats()).statusCode).toBe(404);
      const rows = await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, u.user.id), eq(auditLog.subjectType, 'user')));
      expect(rows[0].n).toBe(2);
    } finally {
      await served.close();
      await drop();
    }
  }, 120_000);
});
