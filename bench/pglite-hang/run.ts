// The embedded database's hang (ADR 030), reproduced: fresh processes each open a copy of a
// migrated database with listings, then run a misspelt (trigram) search, a location search and a
// write. "in-thread" is PGlite in the calling thread, as the server ran it before ADR 030; a
// process that hangs there spins forever and is killed after 15 s. "own-process" is PGliteProcess
// (the server now, ADR 030), whose warm-up meets the hang and replaces the process.
//   npm run bench:pglite-hang                 40 processes of each kind
//   npm run bench:pglite-hang -- --runs 100
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, pgliteHandle } from '../../src/server/db/client.ts';
import { PGliteProcess } from '../../src/server/db/pglite-process.ts';
import {
  BY_STATE,
  INSERT_HOST,
  INSERT_LISTING,
  TRIGRAM_SEARCH,
} from '../../src/server/testing/pglite-hang.ts';

const [mode, dir] = [process.argv[2], process.argv[3]];
if (mode === 'in-thread' || mode === 'own-process') {
  // One try, in this process.
  const db =
    mode === 'in-thread'
      ? await PGlite.create(dir, { extensions: pgliteExtensions })
      : await PGliteProcess.create({ dir, statementTimeoutMs: 4000 });
  await db.query(TRIGRAM_SEARCH, ['beez']);
  await db.query(BY_STATE);
  await db.query(INSERT_LISTING, [1, 'More beds']);
  console.log(`ok restarts=${db instanceof PGliteProcess ? db.restarts : 0}`);
  await db.close();
  process.exit(0);
}

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 40;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-hang-'));
const base = path.join(work, 'base');
{
  const db = await PGlite.create(base, { extensions: pgliteExtensions });
  await pgliteHandle(db).migrate();
  const { rows } = await db.query<{ id: number }>(INSERT_HOST);
  for (let i = 0; i < 30; i++) await db.query(INSERT_LISTING, [rows[0].id, `Sunny garden beds ${i}`]);
  await db.close();
}
for (const kind of ['in-thread', 'own-process']) {
  let hung = 0;
  let replaced = 0;
  const t0 = Date.now();
  for (let i = 0; i < runs; i++) {
    const dir = path.join(work, `try-${kind}-${i}`);
    fs.cpSync(base, dir, { recursive: true });
    const res = spawnSync(process.execPath, [import.meta.filename, kind, dir], {
      encoding: 'utf8',
      timeout: 15_000,
    });
    if (!res.stdout.includes('ok')) hung += 1;
    replaced += Number(/restarts=(\d+)/.exec(res.stdout)?.[1] ?? 0);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `${kind.padEnd(10)} ${runs} fresh processes: ${hung} hung` +
      (kind === 'own-process' ? `, ${replaced} process(es) replaced by the warm-up` : '') +
      ` (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
  );
}
fs.rmSync(work, { recursive: true, force: true });
