import fs from 'node:fs';
import path from 'node:path';
import { runIfMain } from '../../cli/run-if-main.ts';
import { loadConfig } from '../../config.ts';
import { DataDirLockedError, openDatabase } from '../../db/client.ts';
import { BackupFileError } from './archive.ts';
import { takeBackup } from './backup.ts';
import { RestoreRefused, restoreBackup } from './restore.ts';
import { requestBackup } from './schedule.ts';

// npm run backup                      (ADR 036) writes a backup into BACKUP_DIR; its path is the last line.
// npm run restore -- <file> [--force]  fills an empty DATA_DIR or database from one.
// Both use the server's settings (.env, DATA_DIR, DATABASE_URL, UPLOADS_STORE, BACKUP_*).

const USAGE = 'Usage: npm run backup\n       npm run restore -- <backup file> [--force]';

async function backup(): Promise<number> {
  const config = loadConfig();
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  } catch (err) {
    if (!(err instanceof DataDirLockedError) || err.pid === process.pid) throw err;
    // The running server holds the embedded database: it takes the backup.
    console.log(`The server (pid ${err.pid}) holds ${config.dataDir}: asking it to take the backup`);
    const answer = await requestBackup(config.dataDir);
    if (!answer) {
      console.error(
        `The server using ${config.dataDir} (pid ${err.pid}) did not answer. Is it a Yardshare server of this version?`,
      );
      return 1;
    }
    if (!answer.ok) {
      console.error(answer.message);
      return 1;
    }
    console.log(answer.file);
    return 0;
  }
  try {
    const file = await takeBackup(handle, config);
    console.log(file);
    return 0;
  } finally {
    await handle.close();
  }
}

async function restore(args: string[]): Promise<number> {
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const file = path.resolve(files[0]!);
  try {
    const { manifest, photos, movedAside } = await restoreBackup(file, config, { force });
    for (const dir of movedAside) console.log(`moved the data that was there to ${dir}`);
    const target = config.databaseUrl ? 'the database in DATABASE_URL' : config.dataDir;
    console.log(`Restored the backup of ${manifest.createdAt} (${photos} photos) into ${target}`);
    return 0;
  } catch (err) {
    if (
      err instanceof BackupFileError ||
      err instanceof RestoreRefused ||
      err instanceof DataDirLockedError
    ) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
}

export async function main(argv: string[]): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const [command, ...rest] = argv;
  if (command === 'backup' && rest.length === 0) return backup();
  if (command === 'restore') return restore(rest);
  console.error(USAGE);
  return 2;
}

runIfMain(import.meta.url, main);
