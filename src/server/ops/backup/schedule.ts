import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { DbHandle } from '../../db/client.ts';
import { type BackupConfig, newestBackupTime, takeBackup } from './backup.ts';

// How the server takes backups (ADR 036):
// - on a schedule: the job `ops.backup` every BACKUP_EVERY_HOURS, through the job runner, so it
//   runs on one instance when several share PostgreSQL and its next run survives restarts;
// - on request from `npm run backup` when this server holds the embedded database (only one
//   process may open DATA_DIR): the command drops a request file into DATA_DIR/backup-requests
//   (owner-only), this server takes the backup and writes the file's path beside it. Nothing of
//   this is reachable over the network.

export const BACKUP_JOB = 'ops.backup';
export const REQUESTS_DIR = 'backup-requests';
const POLL_MS = 250;
type Log = Pick<FastifyInstance['log'], 'info' | 'warn' | 'error'>;
export type BackupAnswer = { ok: true; file: string } | { ok: false; message: string };

const ownedByMe = (st: fs.Stats) =>
  typeof process.getuid !== 'function' || (st.uid === process.getuid() && (st.mode & 0o022) === 0);

function writePrivate(file: string, data: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

// One backup at a time per process, whoever asks.
let under: Promise<string> | null = null;
export function backupOnce(handle: DbHandle, config: BackupConfig, log: Log): Promise<string> {
  under ??= (async () => {
    const began = Date.now();
    try {
      const file = await takeBackup(handle, config);
      const size = fs.statSync(file).size;
      log.info({ file, bytes: size, ms: Date.now() - began }, 'backup written');
      return file;
    } finally {
      under = null;
    }
  })();
  return under;
}

// The server's side of `npm run backup` on PGlite. Returns the stop function.
export function serveBackupRequests(dataDir: string, run: () => Promise<string>, log: Log): () => void {
  const dir = path.join(dataDir, REQUESTS_DIR);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const name of fs.readdirSync(dir)) {
        if (!/^[a-f0-9]{32}\.request$/.test(name)) continue;
        const file = path.join(dir, name);
        const st = fs.lstatSync(file);
        fs.rmSync(file, { force: true });
        if (!st.isFile() || !ownedByMe(st)) continue;
        let answer: BackupAnswer;
        try {
          answer = { ok: true, file: await run() };
        } catch (err) {
          log.error({ err }, 'backup failed');
          answer = { ok: false, message: `The backup failed: ${(err as Error).message}` };
        }
        writePrivate(file.replace(/\.request$/, '.result.json'), JSON.stringify(answer));
      }
    } catch (err) {
      log.warn({ err }, 'backup requests folder unreadable');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), POLL_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}

// The command line's side: null when no server answered within timeoutMs.
export async function requestBackup(dataDir: string, timeoutMs = 15 * 60_000): Promise<BackupAnswer | null> {
  const dir = path.join(dataDir, REQUESTS_DIR);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = randomBytes(16).toString('hex');
  const request = path.join(dir, `${id}.request`);
  const result = path.join(dir, `${id}.result.json`);
  writePrivate(request, '{}');
  const until = Date.now() + timeoutMs;
  // The server takes a request within a moment; one left untouched means no server is serving.
  const untouchedUntil = Date.now() + 10_000;
  while (Date.now() < until) {
    if (fs.existsSync(result)) {
      const answer = JSON.parse(fs.readFileSync(result, 'utf8')) as BackupAnswer;
      fs.rmSync(result, { force: true });
      return answer;
    }
    if (Date.now() > untouchedUntil && fs.existsSync(request)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(request, { force: true });
  return null;
}

// Wires backups into the app: the scheduled job, the request folder (PGlite) and the metrics.
export function registerBackups(app: FastifyInstance, handle: DbHandle, register: Registry | null) {
  const config = app.config;
  const settings = config.ops.backup;
  const run = () => backupOnce(handle, config, app.log);
  if (settings.everyHours > 0)
    app.jobs.register({
      name: BACKUP_JOB,
      everyMs: Math.round(settings.everyHours * 3_600_000),
      // Longer than any backup takes, so no other instance starts the same run meanwhile.
      leaseMs: 6 * 3_600_000,
      run,
    });
  if (!config.databaseUrl) {
    let stop: (() => void) | null = null;
    app.addHook('onListen', async () => {
      stop ??= serveBackupRequests(config.dataDir, run, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  }
  if (!register) return;
  // The newest whole backup in BACKUP_DIR (scheduled or by hand): 0 when there is none.
  new Gauge({
    name: 'yardshare_backup_last_success_timestamp_seconds',
    help: 'When the newest backup in BACKUP_DIR was taken (Unix seconds; 0: none)',
    registers: [register],
    async collect() {
      const t = await newestBackupTime(settings.dir);
      this.set(t ? t.getTime() / 1000 : 0);
    },
  });
  new Gauge({
    name: 'yardshare_backup_age_seconds',
    help: 'Seconds since the newest backup in BACKUP_DIR was taken (+Inf: none)',
    registers: [register],
    async collect() {
      const t = await newestBackupTime(settings.dir);
      this.set(t ? (Date.now() - t.getTime()) / 1000 : Number.POSITIVE_INFINITY);
    },
  });
}
