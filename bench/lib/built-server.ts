import { type ChildProcess, spawn } from 'node:child_process';

// A built server (`npm run build` first) started for a benchmark, on its own PGlite data directory
// unless `extra` says otherwise: production mode, no demo unless asked.
const env = process.env;
export const DIST = env.YS_DIST ?? 'dist';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// extra.YS_DIST runs another build (a comparison of two commits in one run); extra.NODE_ARGS gives
// Node flags that NODE_OPTIONS does not take (V8's heap tuning).
export function startBuilt(port: number, dataDir: string, extra: Record<string, string> = {}): ChildProcess {
  const args = (extra.NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(env.SERVER_NODE || process.execPath, [...args, `${extra.YS_DIST ?? DIST}/server/main.js`], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'false',
      ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

// Resolves once /readyz answers 200 (the database answers, migrations applied).
export async function waitReady(origin: string, tries = 600) {
  for (let i = 0; i < tries; i++) {
    const ok = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${origin} did not come up`);
}

export async function stopBuilt(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
}
