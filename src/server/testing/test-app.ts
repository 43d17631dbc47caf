import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type DbHandle, pgliteHandle, postgresHandle } from '../db/client.ts';
import { PGliteProcess } from '../db/pglite-process.ts';

// A statement running longer than this in a test fails that test with a 503 (DatabaseUnavailableError)
// and the test file goes on with a new database process: the same path the server runs (ADR 030), so
// a stuck statement can never freeze a test process. No healthy statement comes near it.
export const TEST_STATEMENT_TIMEOUT_MS = Number(process.env.TEST_STATEMENT_TIMEOUT_MS ?? 20_000);

// A fresh migrated database for one test file: a copy of the migrated PGlite directory opened in its
// own process, or (TEST_DB=postgres) a new PostgreSQL database made from the migrated template, with
// the same statement timeout. Dropped when the file ends.
export async function createTestDb({ statementTimeoutMs = TEST_STATEMENT_TIMEOUT_MS } = {}): Promise<{
  handle: DbHandle;
  url?: string;
  drop: () => Promise<void>;
}> {
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `ys_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
        break;
      } catch (err) {
        if (attempt >= 20) throw err; // the template is briefly busy while another file copies it
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = postgresHandle(url.toString(), 10, statementTimeoutMs);
    return {
      handle,
      url: url.toString(),
      drop: async () => {
        await handle.close().catch(() => {});
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await admin.end();
      },
    };
  }
  // Beside the migrated base, in the run's folder, which the global teardown removes even when a
  // test process was stopped before its own cleanup.
  const dir = fs.mkdtempSync(path.join(path.dirname(inject('pgliteBase')), 'db-'));
  fs.cpSync(inject('pgliteBase'), dir, { recursive: true });
  const db = await PGliteProcess.create({ dir, statementTimeoutMs });
  const handle = pgliteHandle(db);
  return {
    handle,
    drop: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Under the run's scratch folder, which the global setup removes: most callers never do.
  const dataDir = fs.mkdtempSync(path.join(inject('scratch'), 'data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PASSWORD_HASH_LOG2N: '12',
    LOG_LEVEL: 'silent',
    // Fixtures are written straight to the database, which a running cache cannot see: the
    // public cache's own tests turn it on (ADR 025).
    PUBLIC_CACHE: 'off',
    ...overrides,
  });
}

export type TestApp = { app: FastifyInstance; db: DbHandle; config: Config };

// The whole app on a fresh database, closed after the file's tests. Page tests pass an index.html
// fixture (and a pre-renderer) since tests build without the client.
export async function buildTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'indexHtml' | 'renderer' | 'logStream'> = {},
): Promise<TestApp> {
  const { handle, drop } = await createTestDb();
  const config = testConfig(env);
  const app = await buildApp({ config, db: handle, logger: false, serveClient: false, ...options });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await drop();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });
  return { app, db: handle, config };
}

// A built client's page template as pages are rendered from (the shape of src/client/index.html),
// in a temporary folder removed after the file's tests. Returns the folder and the file.
export function indexHtmlFixture(): { dir: string; indexHtml: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardshare-pages-'));
  const indexHtml = path.join(dir, 'index.html');
  fs.writeFileSync(
    indexHtml,
    `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Yardshare | Share land, grow food</title>
    <meta name="description" content="Static description" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`,
  );
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { dir, indexHtml };
}
