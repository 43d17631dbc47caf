import fs from 'node:fs';
import { inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { addBulkListings } from '../demo/bulk.ts';
import { DEMO_PASSWORD, DEMO_USERNAMES, demoState, seedDemo, summaryLine } from '../demo/seed-demo.ts';
import { DataDirLockedError, type DbHandle, openDatabase } from './client.ts';
import { listings, users } from './schema.ts';

// npm run seed                       the demo marketplace, in DATA_DIR's PGlite or DATABASE_URL
// npm run seed -- --force            the demo even though the database already has other users
// npm run seed -- --listings 100000  the demo (when missing) and that many more listings, for benchmarks
// A database that already holds the demo is left as it is: seeding twice adds nothing.
const args = process.argv.slice(2);
const force = args.includes('--force');
const countArg = args.indexOf('--listings');
const bulk = countArg >= 0 ? Number(args[countArg + 1]) : 0;
if (countArg >= 0 && (!Number.isInteger(bulk) || bulk < 1)) {
  console.error('--listings needs a positive whole number');
  process.exit(1);
}

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();

async function main() {
  let handle: DbHandle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(
      `Cannot seed: the database in ${config.dataDir} is in use by process ${err.pid}, probably the server. ` +
        'Stop the server first, then run npm run seed again.',
    );
    process.exit(1);
  }
  try {
    await handle.migrate();
    const { db } = handle;
    const where = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    const state = await demoState(db);
    if (state.demoUsers) console.log(`The demo marketplace is already in ${where}: nothing to add.`);
    else if (state.users && !force) {
      console.error(
        `${where} already has ${state.users} user${state.users === 1 ? '' : 's'}: the demo marketplace is made for an ` +
          'empty database. Run npm run seed -- --force to add it anyway.',
      );
      process.exitCode = 1;
      return;
    } else {
      console.log(`Seeding the demo marketplace into ${where}...`);
      const summary = await seedDemo(db, config, { log: (line) => console.log(`  ${line}`) });
      if (summary) console.log(summaryLine(summary));
      else console.log('The demo marketplace was added meanwhile by another process: nothing to add.');
    }
    if (bulk) {
      const hosts = await db
        .select({ id: users.id })
        .from(users)
        .where(inArray(sql`lower(${users.username})`, DEMO_USERNAMES));
      const photos = await db
        .select({ image: sql<string>`${listings.images}[1]` })
        .from(listings)
        .where(
          inArray(
            listings.userId,
            hosts.map((h) => h.id),
          ),
        )
        .orderBy(listings.id);
      console.log(`adding ${bulk} listings...`);
      const ms = await addBulkListings(
        db,
        hosts.map((h) => h.id),
        photos.map((p) => p.image).filter(Boolean),
        bulk,
        console.log,
      );
      console.log(`done: ${bulk} listings in ${ms} ms.`);
    }
    console.log(
      `Demo accounts: ${DEMO_USERNAMES.slice(0, 3).join(', ')} ... (see the README), password "${DEMO_PASSWORD}".`,
    );
  } finally {
    await handle.close();
  }
}

await main();
