// Built servers (dist/server/main.js) and fresh PostgreSQL databases for the operations suites
// (e2e/ops: backups, Prometheus). OPS_PORT (default 4700) is the first of the ten ports they use.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');
export const mainJs = path.resolve(root, process.env.OPS_DIST ?? 'dist', 'server/main.js');
// Clear of common services' ports (3306 is MySQL's and MariaDB's).
export const OPS_PORT = Number(process.env.OPS_PORT ?? 4700);

export type Server = { proc: ChildProcess; log: string; base: string; env: NodeJS.ProcessEnv };

// The settings of a production instance on this machine, for a test.
export function serverEnv(port: number, dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    PASSWORD_HASH_LOG2N: '12',
    REGISTER_MAX_PER_HOUR: '100000',
    UPLOAD_MAX_PER_DAY: '100000',
  };
}

// How long a server may take to be ready (OPS_READY_S, 120 s: a first start with the demo takes
// about 40 s on an idle 2-core machine).
const READY_MS = Number(process.env.OPS_READY_S ?? 120) * 1000;

export async function startServer(env: NodeJS.ProcessEnv, log: string): Promise<Server> {
  const out = fs.openSync(log, 'a');
  const proc = spawn(process.execPath, [mainJs], {
    cwd: path.dirname(log),
    env,
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${env.PORT}`;
  const until = Date.now() + READY_MS;
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { proc, log, base, env };
    } catch {}
    if (proc.exitCode !== null)
      throw new Error(
        `the server exited with ${proc.exitCode}:\n${fs.readFileSync(log, 'utf8').slice(-3000)}`,
      );
    if (Date.now() > until) throw new Error(`${base} was not ready within ${READY_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// A heap snapshot of a server started with NODE_OPTIONS=--heapsnapshot-signal=SIGUSR2, moved to
// <folder>/<name>.heapsnapshot once V8 has written it (scripts/heap-diff.mjs compares two).
export async function heapSnapshot(s: Server, folder: string, name: string): Promise<void> {
  const dir = path.dirname(s.log);
  const before = new Set(fs.readdirSync(dir));
  s.proc.kill('SIGUSR2');
  for (let last = -1; ; ) {
    await new Promise((r) => setTimeout(r, 1000));
    const file = fs.readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const size = fs.statSync(path.join(dir, file)).size;
    if (size === last && size > 0) {
      fs.mkdirSync(folder, { recursive: true });
      fs.renameSync(path.join(dir, file), path.join(folder, `${name}.heapsnapshot`));
      return;
    }
    last = size;
  }
}

export async function stopServer(s: Server | undefined): Promise<void> {
  if (!s || s.proc.exitCode !== null) return;
  const exited = new Promise((r) => s.proc.once('exit', r));
  s.proc.kill('SIGTERM');
  await exited;
}

// A fresh database on the PostgreSQL of TEST_DATABASE_URL; drop() removes it.
export async function freshDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const u = new URL(process.env.TEST_DATABASE_URL as string);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

// A suite's temporary folder and what to undo after it, last first (each undo's failure ignored).
export function suiteFolder(prefix: string): { work: string; cleanups: (() => Promise<void>)[] } {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
    fs.rmSync(work, { recursive: true, force: true });
  });
  return { work, cleanups };
}

// POST /api/register for a new member (username, its e-mail at example.com, one long password).
export const register = (base: string, username: string, name = username) =>
  fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'a-long-and-unusual-passphrase-42',
      name,
    }),
  });
