import fs from 'node:fs';
import { loadConfig } from '../config.ts';
import { DataDirLockedError, openDatabase } from '../db/client.ts';
import { type HandoffRequest, handOff, runRequest } from '../features/admin/handoff.ts';
import { runIfMain } from './run-if-main.ts';

// npm run admin -- grant <username> | revoke <username>   (ADR 029)
// PostgreSQL (DATABASE_URL): straight to the database, whether the server runs or not. The
// embedded database: opened directly when no server holds DATA_DIR; otherwise the running server
// is asked to do it (handoff.ts).

const USAGE = 'Usage: npm run admin -- grant <username>\n       npm run admin -- revoke <username>';

export async function main(argv: string[]): Promise<number> {
  const [command, username, ...rest] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !username || rest.length) {
    console.error(USAGE);
    return 2;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const req: HandoffRequest = { command, username };
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  } catch (err) {
    if (!(err instanceof DataDirLockedError) || err.pid === process.pid) throw err;
    const result = await handOff(config.dataDir, req);
    if (!result) {
      console.error(
        `The server using ${config.dataDir} (pid ${err.pid}) did not answer. Is it a Yardshare server of this version? ` +
          'Stop it and run the command again.',
      );
      return 1;
    }
    console.log(result.message);
    return result.ok ? 0 : 1;
  }
  try {
    await handle.migrate();
    const result = await runRequest(handle.db, req);
    console.log(result.message);
    return result.ok ? 0 : 1;
  } finally {
    await handle.close();
  }
}

runIfMain(import.meta.url, main);
