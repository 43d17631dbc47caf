import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgliteHandle, postgresHandle } from '../db/client.ts';
import { PGliteProcess } from '../db/pglite-process.ts';
import { testDbRoot } from './test-db-root.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    // A migrated PGlite data directory; each test file opens a copy of it (test-app.ts).
    pgliteBase: string;
    pgTemplate: string;
    // A folder for the run's DATA_DIRs (testConfig), removed with the run.
    scratch: string;
  }
}

// Migrates once per run; each test file then copies the result instead of migrating again.
export default async function setup(project: TestProject) {
  removeStaleRuns(os.tmpdir(), 'yardshare-scratch');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `yardshare-scratch-${process.pid}-`));
  project.provide('scratch', scratch);
  const removeScratch = () => fs.rmSync(scratch, { recursive: true, force: true });
  if (project.name === 'api-pg') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
    const template = `ys_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const handle = postgresHandle(url.toString(), 1);
    await handle.migrate();
    await handle.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteBase', '');
    return async () => {
      // Test files drop their own databases; drop the template and any left behind by a crash.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'ys_t\\_${process.pid}\\_%' or datname = $1`,
        [template],
      );
      for (const r of rows)
        await admin.query(`drop database if exists "${r.datname}" with (force)`).catch(() => {});
      await admin.end();
      removeScratch();
    };
  }
  // Migrated in its own process, as the server does (ADR 030): no test process runs PGlite itself.
  removeStaleRuns(testDbRoot(), 'yardshare-tests');
  const root = fs.mkdtempSync(path.join(testDbRoot(), `yardshare-tests-${process.pid}-`));
  const base = path.join(root, 'base');
  fs.mkdirSync(base);
  const db = await PGliteProcess.create({ dir: base, statementTimeoutMs: 0 });
  await pgliteHandle(db).migrate();
  await db.close();
  project.provide('pgliteBase', base);
  project.provide('pgTemplate', '');
  return () => {
    fs.rmSync(root, { recursive: true, force: true });
    removeScratch();
  };
}

// Folders of earlier runs whose Vitest process is gone (stopped before its teardown).
function removeStaleRuns(dir: string, prefix: string) {
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(`${prefix}-`)) continue;
    const pid = Number(name.slice(prefix.length + 1).split('-')[0]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}
