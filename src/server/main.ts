import fs from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemo, shouldSeed, summaryLine } from './demo/seed-demo.ts';

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
// The watchdog (ADR 030): when the embedded database stays stuck, exit non-zero so the supervisor
// (systemd, Docker, npm start's caller) restarts the server; every commit is on disk already.
const app = await buildApp({
  config,
  onDatabaseFatal: () => {
    setTimeout(() => process.exit(1), 200);
  },
});
// First start on an empty embedded database: the demo marketplace, before serving (SEED_DEMO=false: none).
if (await shouldSeed(config, app.dbHandle)) {
  app.log.info('Seeding the demo marketplace: this database is empty (SEED_DEMO=false turns this off)');
  const summary = await app.dbHandle.withoutStatementTimeout(() =>
    seedDemo(app.dbHandle.db, config, { log: (line) => app.log.info(line) }),
  );
  if (summary) app.log.info(summaryLine(summary));
}
// Scheduled work lives in the database (ADR 016); this instance takes its share of it.
app.jobs.start();
// Outbox mail goes out as soon as the transaction that wrote it commits (LISTEN ys_mail).
await app.mail.start();

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close().catch(() => {});
    process.exit(0);
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Yardshare ready in ${Date.now() - started} ms on ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}, Node ${process.version}`,
);
