import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, pgliteHandle, postgresHandle } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string;
  }
}

// Migrates once per run; each test file then copies the result instead of migrating again.
export default async function setup(project: TestProject) {
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
    project.provide('pgliteSnapshot', '');
    return async () => {
      // Test files drop their own databases; drop the template and any left behind by a crash.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'ys_t\\_${process.pid}\\_%' or datname = $1`,
        [template],
      );
      for (const r of rows)
        await admin.query(`drop database if exists "${r.datname}" with (force)`).catch(() => {});
      await admin.end();
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  await pgliteHandle(client).migrate();
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.resolve('.tmp', `pglite-snapshot-${process.pid}.tar`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(file, { force: true });
}
