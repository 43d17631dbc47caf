// The embedded database's process (ADR 030). PGlite runs here, in a child of the server, so a
// statement that never ends cannot freeze the server: the server times it out, answers 503 and
// replaces this process (src/server/db/pglite-process.ts). Started with the data directory as
// its one argument. Plain JavaScript, so the same file
// runs under Node's type stripping, tsx, Vitest and the bundled server.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// Order matters: with pg_trgm loaded before cube, a trigram query leaves PGlite hung (ADR 027).
const extensions = { cube, earthdistance, pg_trgm };
const raw = (value) => value;
const dir = process.argv[2];
const pidFile = `${dir}.pid`;

// One database process per directory. A server killed outright (SIGKILL) leaves its database
// process running until its statement ends and it sees the channel closed; the next one to open
// the directory ends it first, so two never write the same files. The pid is only believed when
// /proc shows that process is a database process for this directory.
async function takeOver() {
  let old = 0;
  try {
    old = Number(fs.readFileSync(pidFile, 'utf8'));
  } catch {}
  const holder = () => {
    try {
      const argv = fs.readFileSync(`/proc/${old}/cmdline`, 'utf8').split('\0');
      return argv.some((a) => a.endsWith('pglite-worker.mjs')) && argv.includes(dir);
    } catch {
      return false;
    }
  };
  if (old > 0 && old !== process.pid && holder()) {
    process.kill(old, 'SIGKILL');
    while (holder()) await new Promise((r) => setTimeout(r, 20));
  }
  fs.writeFileSync(pidFile, String(process.pid));
}
let db = null;
const listeners = new Map(); // channel -> unlisten

// Error fields PostgreSQL sets (code, constraint, detail...) travel with the message.
function serializeError(err) {
  const out = { message: String(err?.message ?? err), name: err?.name ?? 'Error' };
  for (const key of [
    'code',
    'constraint',
    'detail',
    'hint',
    'table',
    'column',
    'schema',
    'severity',
    'position',
  ])
    if (err && typeof err[key] === 'string') out[key] = err[key];
  return out;
}

// Drizzle asks for some types as the text PostgreSQL sent (timestamps, dates, intervals and their
// arrays); only the type ids cross the process boundary, since functions cannot.
function queryOptions(opts) {
  if (!opts) return undefined;
  const parsers = {};
  for (const oid of opts.rawOids ?? []) parsers[oid] = raw;
  return { rowMode: opts.rowMode, parsers };
}

async function handle(msg) {
  switch (msg.op) {
    // load: a data directory dumped by dumpDataDir (gzipped tar), restored into an empty dir (ADR 036).
    case 'open':
      await takeOver();
      db = await PGlite.create(dir, {
        extensions,
        ...(msg.settings?.length ? { postgresqlconf: msg.settings } : {}),
        ...(msg.load ? { loadDataDir: new Blob([msg.load], { type: 'application/x-gzip' }) } : {}),
      });
      return null;
    // The first trigram index scan in a fresh PGlite can stop half-way and leave the next
    // statement looping forever (ADR 030). It is done here, before any request, with its own
    // short timeout in the server; later scans in the same process have not been seen to.
    case 'warm': {
      const { rows } = await db.query(
        "select 1 from pg_class where relname = 'search_words_trgm_idx' and relkind = 'i'",
      );
      if (rows.length) {
        await db.exec('set enable_seqscan = off');
        await db.query("select word from search_words where word % 'yardshare' limit 1");
        await db.exec('reset enable_seqscan');
      }
      await db.query('select 1');
      return null;
    }
    case 'query': {
      const res = await db.query(msg.sql, msg.params, queryOptions(msg.opts));
      return { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows };
    }
    case 'exec': {
      const results = await db.exec(msg.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'listen': {
      if (!listeners.has(msg.channel)) {
        const unlisten = await db.listen(msg.channel, (payload) =>
          process.send({ notify: msg.channel, payload }),
        );
        listeners.set(msg.channel, unlisten);
      }
      return null;
    }
    case 'unlisten': {
      const unlisten = listeners.get(msg.channel);
      listeners.delete(msg.channel);
      if (unlisten) await unlisten();
      return null;
    }
    // A consistent copy of the data directory for a backup (ADR 036): a checkpoint, then PGlite's
    // own dumpDataDir (a gzipped tar), taken between statements.
    case 'dump': {
      await db.exec('CHECKPOINT');
      const blob = await db.dumpDataDir('gzip');
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      if (db) await db.close();
      db = null;
      fs.rmSync(pidFile, { force: true });
      return null;
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

// The server is gone (it exited, or was killed): so is its database.
process.on('disconnect', () => process.exit(0));

// One message at a time, in order: PGlite has one connection.
let chain = Promise.resolve();
process.on('message', (msg) => {
  chain = chain.then(async () => {
    try {
      process.send({ id: msg.id, ok: true, result: await handle(msg) });
    } catch (err) {
      process.send({ id: msg.id, ok: false, error: serializeError(err) });
    }
  });
});
