import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import { sendRequest, serveRequestFolder } from '../../core/request-folder.ts';
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
type Log = Pick<FastifyInstance['log'], 'info' | 'warn' | 'error'>;
export type BackupAnswer = { ok: true; file: string } | { ok: false; message: string };

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

const SUFFIX = '.request';

// The server's side of `npm run backup` on PGlite. Returns the stop function.
export function serveBackupRequests(dataDir: string, run: () => Promise<string>, log: Log): () => void {
  return serveRequestFolder(
    path.join(dataDir, REQUESTS_DIR),
    SUFFIX,
    async (file): Promise<BackupAnswer> => {
      fs.rmSync(file, { force: true });
      try {
        return { ok: true, file: await run() };
      } catch (err) {
        log.error({ err }, 'backup failed');
        return { ok: false, message: `The backup failed: ${(err as Error).message}` };
      }
    },
    log,
  );
}

// The command line's side: null when no server answered within timeoutMs. The server takes a
// request within a moment; one left untouched for 10 s means no server is serving.
export function requestBackup(dataDir: string, timeoutMs = 15 * 60_000): Promise<BackupAnswer | null> {
  return sendRequest<BackupAnswer>(path.join(dataDir, REQUESTS_DIR), SUFFIX, '{}', timeoutMs, 10_000);
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
      // Longer than any backup takes; no other instance starts one meanwhile (one queue, ADR 054).
      timeoutMs: 6 * 3_600_000,
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
