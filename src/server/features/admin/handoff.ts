import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type RoleResult, setRole } from './roles.ts';

// The command line's way into a running server on the embedded database (ADR 029). PGlite's
// DATA_DIR is open in one process only (lockDataDir), so `npm run admin` cannot open it while the
// server runs: it writes a request file into DATA_DIR/admin-requests (a folder only the owner may
// enter, files only the owner may read), the server picks it up within a moment, does it, and
// writes the answer beside it. Whoever can write into DATA_DIR can change the database itself, so
// the folder adds no new way in; nothing of this is reachable over the network.

export const REQUESTS_DIR = 'admin-requests';
const POLL_MS = 250;

export const handoffRequestSchema = z.object({
  command: z.enum(['grant', 'revoke']),
  username: z.string().min(1).max(200),
});
export type HandoffRequest = z.infer<typeof handoffRequestSchema>;

const requestsDir = (dataDir: string) => path.join(dataDir, REQUESTS_DIR);

const ownedByMe = (st: fs.Stats) =>
  typeof process.getuid !== 'function' || (st.uid === process.getuid() && (st.mode & 0o022) === 0);

function writePrivate(file: string, data: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

export function runRequest(db: Db, req: HandoffRequest): Promise<RoleResult> {
  return setRole(db, req.username, req.command === 'grant' ? 'admin' : 'member');
}

// The server's side: answers every request file, one at a time. Returns the stop function.
export function serveHandoff(
  dataDir: string,
  db: Db,
  log: { info: (o: unknown, m?: string) => void; warn: (o: unknown, m?: string) => void },
): () => void {
  const dir = requestsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const name of fs.readdirSync(dir)) {
        if (!/^[a-f0-9]{32}\.request\.json$/.test(name)) continue;
        const file = path.join(dir, name);
        const answer = file.replace(/\.request\.json$/, '.result.json');
        let result: RoleResult;
        try {
          const st = fs.lstatSync(file);
          if (!st.isFile() || !ownedByMe(st)) {
            fs.rmSync(file, { force: true });
            continue;
          }
          const parsed = handoffRequestSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
          fs.rmSync(file, { force: true });
          result = parsed.success
            ? await runRequest(db, parsed.data)
            : { ok: false, message: 'Unreadable request' };
          log.info(
            { command: parsed.data?.command, username: parsed.data?.username, ok: result.ok },
            'admin command',
          );
        } catch (err) {
          log.warn({ err }, 'admin command failed');
          fs.rmSync(file, { force: true });
          result = { ok: false, message: 'The server could not do it; see its log.' };
        }
        writePrivate(answer, JSON.stringify(result));
      }
    } catch (err) {
      log.warn({ err }, 'admin requests folder unreadable');
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), POLL_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}

// The command line's side: hands the request to the server and waits for its answer.
export async function handOff(
  dataDir: string,
  req: HandoffRequest,
  timeoutMs = 20_000,
): Promise<RoleResult | null> {
  const dir = requestsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = randomBytes(16).toString('hex');
  const file = path.join(dir, `${id}.request.json`);
  const answer = path.join(dir, `${id}.result.json`);
  writePrivate(file, JSON.stringify(req));
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(answer)) {
      const result = JSON.parse(fs.readFileSync(answer, 'utf8')) as RoleResult;
      fs.rmSync(answer, { force: true });
      return result;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(file, { force: true });
  return null;
}
