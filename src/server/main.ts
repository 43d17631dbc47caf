// First: the allocator setting, before any other module loads (ADR 047).
import './ops/small-allocator.mjs';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemo, shouldSeed, summaryLine } from './demo/seed-demo.ts';
import { firstStartSeeds, SEED_ONLY, seedInChild, seedOnly } from './demo/seed-process.ts';
import { startHeapSettling } from './ops/settle-heap.ts';
import { gracefulClose } from './ops/shutdown.ts';

// Reads env (and .env when present), builds, listens, and closes gracefully on SIGTERM/SIGINT.
if (fs.existsSync('.env')) process.loadEnvFile('.env');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const started = Date.now();
// The seeding process of a first start (ADR 047): seeds, then exits.
if (process.env[SEED_ONLY]) {
  await seedOnly(config);
  process.exit(0);
}
if (firstStartSeeds(config)) await seedInChild(fileURLToPath(import.meta.url));
// The watchdog (ADR 030): when the embedded database stays stuck, exit non-zero so the supervisor
// (systemd, Docker, npm start's caller) restarts the server; every commit is on disk already.
const app = await buildApp({
  config,
  onDatabaseFatal: () => {
    setTimeout(() => process.exit(1), 200);
  },
});
// An embedded database made but still without users (a first start cut short): the demo, before
// serving, in this process (SEED_DEMO=false: none). A first start seeded in its own process above.
if (await shouldSeed(config, app.dbHandle)) {
  app.log.info('Seeding the demo marketplace: this database is empty (SEED_DEMO=false turns this off)');
  const summary = await app.dbHandle.withoutStatementTimeout(() =>
    seedDemo(app.dbHandle.db, config, { log: (line) => app.log.info(line) }),
  );
  if (summary) app.log.info(summaryLine(summary));
}
// Background work lives in the database (ADR 016, 054): this instance's workers take their share
// of each queue, and pg-boss's schedules send the scheduled jobs.
await app.jobs.start();
// Outbox mail goes out as soon as the transaction that wrote it commits (LISTEN ys_mail).
await app.mail.start();

// Drains, then exits within SHUTDOWN_TIMEOUT_S (ADR 033); non-zero when it had to cut it short.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    const begun = Date.now();
    app.log.info(`${signal}: draining (at most ${config.ops.shutdownTimeoutMs / 1000} s)`);
    const outcome = await gracefulClose(app, config.ops.shutdownTimeoutMs);
    if (outcome === 'closed') app.log.info(`closed in ${Date.now() - begun} ms`);
    else app.log.error(`shutdown ${outcome === 'timeout' ? 'timed out' : 'failed'}: exiting now`);
    process.exit(outcome === 'closed' ? 0 : 1);
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Yardshare ready in ${Date.now() - started} ms on ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, Node ${process.version}`,
);
setImmediate(() => {
  app.services.listings.warmPlaces();
  // Start-up's garbage back to the system, and a busy spell's once it is over (ADR 047).
  startHeapSettling(app.log);
});
