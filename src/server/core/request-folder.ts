import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// A folder in DATA_DIR through which a command line hands a request to the server that holds the
// embedded database (only one process may open DATA_DIR: `npm run admin`, ADR 029; `npm run
// backup`, ADR 036). The folder is the owner's alone; a request is `<32 hex>.<suffix>`, its answer
// `<32 hex>.result.json` beside it, both written owner-only. Nothing of this is reachable over the
// network.

const POLL_MS = 250;
type Log = { warn: (o: unknown, m?: string) => void };

const ownedByMe = (st: fs.Stats) =>
  typeof process.getuid !== 'function' || (st.uid === process.getuid() && (st.mode & 0o022) === 0);

function writePrivate(file: string, data: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

const pattern = (suffix: string) => new RegExp(`^[a-f0-9]{32}${suffix.replaceAll('.', '\\.')}$`);
const resultOf = (file: string, suffix: string) => `${file.slice(0, -suffix.length)}.result.json`;

// The server's side: answers every request file of this owner, one at a time. `answer` reads the
// request (it must remove it) and returns what to write back. Returns the stop function.
export function serveRequestFolder(
  dir: string,
  suffix: string,
  answer: (file: string) => Promise<unknown>,
  log: Log,
): () => void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  const request = pattern(suffix);
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      for (const name of fs.readdirSync(dir)) {
        if (!request.test(name)) continue;
        const file = path.join(dir, name);
        const st = fs.lstatSync(file);
        if (!st.isFile() || !ownedByMe(st)) {
          fs.rmSync(file, { force: true });
          continue;
        }
        writePrivate(resultOf(file, suffix), JSON.stringify(await answer(file)));
      }
    } catch (err) {
      log.warn({ err }, `${path.basename(dir)} folder unreadable`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), POLL_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}

// The command line's side: hands `body` to the server and waits for its answer; null when none
// came within timeoutMs, or (untouchedMs) when no server took the request in that long.
export async function sendRequest<T>(
  dir: string,
  suffix: string,
  body: string,
  timeoutMs: number,
  untouchedMs = Number.POSITIVE_INFINITY,
): Promise<T | null> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `${randomBytes(16).toString('hex')}${suffix}`);
  const result = resultOf(file, suffix);
  writePrivate(file, body);
  const until = Date.now() + timeoutMs;
  const untouchedUntil = Date.now() + untouchedMs;
  while (Date.now() < until) {
    if (fs.existsSync(result)) {
      const answer = JSON.parse(fs.readFileSync(result, 'utf8')) as T;
      fs.rmSync(result, { force: true });
      return answer;
    }
    if (Date.now() > untouchedUntil && fs.existsSync(file)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(file, { force: true });
  return null;
}
