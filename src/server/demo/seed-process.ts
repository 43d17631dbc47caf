import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { pgliteSettings } from '../db/pglite-process-options.ts';
import { createUploadStore, makePendingVariants } from '../features/uploads/index.ts';
import { loggerOptions } from '../logger.ts';
import { seedDemo, shouldSeed, summaryLine } from './seed-demo.ts';

// The demo is seeded in a process of its own (ADR 047). Drawing a few hundred photos and writing the
// database grows the image library's caches, the allocator's arenas and the embedded database's
// memory, and a process keeps what it grew until it exits; so the seeding process exits, and the
// server opens a database that was never that busy.
export const SEED_ONLY = 'YARDSHARE_SEED_ONLY';

// A first start: the embedded database has never been made in DATA_DIR, and seeding is on.
export function firstStartSeeds(config: Config): boolean {
  return (
    config.seedDemo &&
    !config.databaseUrl &&
    !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))
  );
}

// Runs `entry` (this server's main module) again as the seeding process and waits for it; its log
// lines go where the server's go. A seeding that fails stops the start.
export async function seedInChild(entry: string): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    env: { ...process.env, [SEED_ONLY]: '1' },
    stdio: 'inherit',
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`seeding the demo failed (exit ${code})`);
}

// The seeding process: opens and migrates the database, seeds it when it has no users (with the
// photos' copies), closes it.
export async function seedOnly(config: Config): Promise<void> {
  const { stream, ...options } = loggerOptions(config) as pino.LoggerOptions & {
    stream?: pino.DestinationStream;
  };
  const log = pino(options, stream ?? process.stdout);
  const handle = await openDatabase({
    dataDir: config.dataDir,
    pgliteSettings: pgliteSettings(config.pglite),
  });
  try {
    await handle.migrate();
    if (!(await shouldSeed(config, handle))) return;
    log.info('Seeding the demo marketplace: this database is empty (SEED_DEMO=false turns this off)');
    const summary = await seedDemo(handle.db, config, { log: (line) => log.info(line) });
    // The photos' smaller copies too (ADR 039), here rather than by the server's job at its start.
    const store = createUploadStore(config, handle.db);
    while ((await makePendingVariants(handle.db, store)) > 0);
    if (summary) log.info(summaryLine(summary));
  } finally {
    await handle.close();
    log.flush?.();
  }
}
