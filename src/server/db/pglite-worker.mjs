// The embedded database's thread (ADR 030). PGlite runs here, off the server's main thread, so a
// statement that never ends cannot freeze the server: the main thread times it out, answers 503
// and replaces this thread (src/server/db/pglite-thread.ts). Plain JavaScript, so the same file
// runs under Node's type stripping, tsx, Vitest and the bundled server.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// Order matters: with pg_trgm loaded before cube, a trigram query leaves PGlite hung (ADR 027).
const extensions = { cube, earthdistance, pg_trgm };
const raw = (value) => value;
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
// arrays); only the type ids cross the thread boundary, since functions cannot.
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
      db = await PGlite.create(workerData.dir, {
        extensions,
        ...(msg.load ? { loadDataDir: new Blob([msg.load], { type: 'application/x-gzip' }) } : {}),
      });
      return null;
    // The first trigram index scan in a fresh PGlite can stop half-way and leave the next
    // statement looping forever (ADR 030). It is done here, before any request, with its own
    // short timeout on the main thread; later scans in the same process have not been seen to.
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
          parentPort.postMessage({ notify: msg.channel, payload }),
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
      return null;
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

// One message at a time, in order: PGlite has one connection.
let chain = Promise.resolve();
parentPort.on('message', (msg) => {
  chain = chain.then(async () => {
    try {
      parentPort.postMessage({ id: msg.id, ok: true, result: await handle(msg) });
    } catch (err) {
      parentPort.postMessage({ id: msg.id, ok: false, error: serializeError(err) });
    }
  });
});
