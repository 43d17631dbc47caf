import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The built server of a spec that needs its own (a port, a fresh data folder, its own settings):
// ready once it says so (`Yardshare ready in`) and /api/health answers; stop() ends it (SIGTERM,
// SIGKILL after 15 s) and removes its folder.
export type OwnServer = { dataDir: string; log: () => string; stop: () => Promise<void> };

// The settings of a spec's own production server on `port`, beside the main test server at `base`:
// a fresh PGlite folder, no demo, jobs every 2 s, the cheapest password hashing the server takes,
// and the main server's mail catcher (e2e-server.mjs: SMTP on its port + 100). `extra` adds to them.
export function ownServerEnv(
  base: URL,
  port: number,
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    JOBS_MAX_INTERVAL_S: '2',
    PASSWORD_HASH_LOG2N: '12',
    SMTP_URL: `smtp://127.0.0.1:${Number(base.port) + 100}`,
    ...extra,
  };
}

export async function startOwnServer(opts: {
  name: string;
  origin: string;
  timeoutMs: number;
  env: (dataDir: string) => NodeJS.ProcessEnv;
}): Promise<OwnServer> {
  const main = path.resolve(import.meta.dirname, '..', process.env.YS_DIST ?? 'dist', 'server', 'main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `yardshare-${opts.name}-`));
  const dataDir = path.join(root, 'data');
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: opts.env(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    log += b.toString();
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}:\n${log.slice(-3000)}`);
    }
    if (Date.now() - started > opts.timeoutMs) {
      await stop();
      throw new Error(`the server did not answer within ${opts.timeoutMs} ms:\n${log.slice(-3000)}`);
    }
    try {
      if (log.includes('Yardshare ready in') && (await fetch(`${opts.origin}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return { dataDir, log: () => log, stop };
}
