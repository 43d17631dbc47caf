import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { sendRequest, serveRequestFolder } from '../../core/request-folder.ts';
import type { Db } from '../../db/client.ts';
import { type RoleResult, setRole } from './roles.ts';

// The command line's way into a running server on the embedded database (ADR 029). PGlite's
// DATA_DIR is open in one process only (lockDataDir), so `npm run admin` cannot open it while the
// server runs: it writes a request file into DATA_DIR/admin-requests (a folder only the owner may
// enter, files only the owner may read), the server picks it up within a moment, does it, and
// writes the answer beside it. Whoever can write into DATA_DIR can change the database itself, so
// the folder adds no new way in; nothing of this is reachable over the network.

export const REQUESTS_DIR = 'admin-requests';

export const handoffRequestSchema = z.object({
  command: z.enum(['grant', 'revoke']),
  username: z.string().min(1).max(200),
});
export type HandoffRequest = z.infer<typeof handoffRequestSchema>;

const requestsDir = (dataDir: string) => path.join(dataDir, REQUESTS_DIR);
const SUFFIX = '.request.json';

export function runRequest(db: Db, req: HandoffRequest): Promise<RoleResult> {
  return setRole(db, req.username, req.command === 'grant' ? 'admin' : 'member');
}

// The server's side: answers every request file, one at a time, with `run` (the admin service's).
// Returns the stop function.
export function serveHandoff(
  dataDir: string,
  run: (req: HandoffRequest) => Promise<RoleResult>,
  log: { info: (o: unknown, m?: string) => void; warn: (o: unknown, m?: string) => void },
): () => void {
  return serveRequestFolder(
    requestsDir(dataDir),
    SUFFIX,
    async (file): Promise<RoleResult> => {
      try {
        const parsed = handoffRequestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
        fs.rmSync(file, { force: true });
        const result: RoleResult = parsed.success
          ? await run(parsed.data)
          : { ok: false, message: 'Unreadable request' };
        log.info(
          { command: parsed.data?.command, username: parsed.data?.username, ok: result.ok },
          'admin command',
        );
        return result;
      } catch (err) {
        log.warn({ err }, 'admin command failed');
        fs.rmSync(file, { force: true });
        return { ok: false, message: 'The server could not do it; see its log.' };
      }
    },
    log,
  );
}

// The command line's side: hands the request to the server and waits for its answer.
export function handOff(
  dataDir: string,
  req: HandoffRequest,
  timeoutMs = 20_000,
): Promise<RoleResult | null> {
  return sendRequest<RoleResult>(requestsDir(dataDir), SUFFIX, JSON.stringify(req), timeoutMs);
}
