// npm test: typecheck and lint, unit + API tests (Vitest: PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then browser flows (Playwright) against a fresh build.
// A stray .only fails every runner. In CI (CI set) the PostgreSQL suite must run.
// Ends with a line per suite (counts and seconds) and then one line: "tests: N passed, N failed".
// Every process here runs on the Node that npm put first on PATH: the project's pinned Node 24
// (the `node` devDependency; ADR 010), whatever Node started npm.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';

fs.mkdirSync('.tmp', { recursive: true });
console.log(`--- npm test on Node ${process.version}`);
// The project's own Node (package.json engines); an older one means npm's PATH was bypassed.
const nodeMajor = Number(process.versions.node.split('.')[0]);
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;
const seconds = (since) => (performance.now() - since) / 1000;
const stages = []; // [name, seconds] of the steps that are not suites (the build)
async function timed(name, fn) {
  const since = performance.now();
  try {
    return await fn();
  } finally {
    stages.push([name, seconds(since)]);
  }
}
const readJson = (f) => {
  try {
    return JSON.parse(fs.readFileSync(f, 'utf8'));
  } catch {
    return null;
  }
};

const suites = []; // [name, passed, failed, seconds]
const problems = [];
if (nodeMajor < 24) problems.push(`npm test runs on Node ${process.version}: run it through npm (ADR 010)`);

for (const f of ['.tmp/vitest-counts.json', '.tmp/e2e-results.json']) fs.rmSync(f, { force: true });

// Static checks first: each counts as one test. The languages' (ADR 031): the catalogues match the
// code (extracting changes nothing), no language misses a message, no UI text outside them.
for (const [name, cmd, args] of [
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['lint', 'npx', ['biome', 'check', '--error-on-warnings', '.']],
  ['boundaries: imports by resolved path, tables by owner', 'node', ['scripts/check-boundaries.mjs']],
  ['boundaries: no cycle between features', 'node', ['scripts/feature-graph.mjs']],
  ['i18n catalogues match the code', 'node', ['scripts/check-catalogues.mjs', 'extract']],
  ['i18n no missing translation', 'node', ['scripts/check-catalogues.mjs', 'strict']],
  ['i18n no hard-coded UI text', 'node', ['scripts/check-i18n.mjs']],
  ['i18n server texts complete', 'node', ['scripts/check-texts.mjs']],
]) {
  console.log(`--- ${name}`);
  const since = performance.now();
  const ok = run(cmd, args) === 0;
  suites.push([name, ok ? 1 : 0, ok ? 0 : 1, seconds(since)]);
}

const wantPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (process.env.CI && !wantPostgres)
  problems.push('CI must run the API suite on PostgreSQL: TEST_DATABASE_URL is not set');

// Vitest under a watchdog (ADR 030): the API tests reach PGlite only through its own thread, with a
// statement timeout, so a stuck statement fails its test with a 503. Should a test file still run
// past VITEST_FILE_BOUND_MIN (no healthy file comes near), or Vitest print nothing for twice that,
// Vitest is stopped and the run fails, naming the files that were running. Never run again.
function runWatched(cmd, args, fileBoundMs) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: process.env, stdio: ['inherit', 'pipe', 'pipe'], detached: true });
    let last = Date.now();
    let hung = null;
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      from.on('data', (chunk) => {
        last = Date.now();
        to.write(chunk);
      });
    const watch = setInterval(() => {
      const now = Date.now();
      const running = readJson('.tmp/vitest-running.json') ?? [];
      const stuck = running.filter((r) => now - r.since > fileBoundMs);
      if (stuck.length === 0 && now - last < 2 * fileBoundMs) return;
      const named = (stuck.length ? stuck : running).map(
        (r) => `${r.project} ${r.file} (running for ${Math.round((now - r.since) / 1000)} s)`,
      );
      hung = stuck.length
        ? `a test file ran past ${fileBoundMs / 60_000} minutes: ${named.join(', ')}`
        : `Vitest printed nothing for ${(2 * fileBoundMs) / 60_000} minutes; running: ${named.join(', ') || 'none'}`;
      console.log(`--- vitest HUNG: ${hung}. Stopping Vitest.`);
      clearInterval(watch);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, 5000);
    child.on('close', (code) => {
      clearInterval(watch);
      resolve({ code: code ?? 1, hung });
    });
  });
}

console.log('--- vitest');
fs.rmSync('.tmp/vitest-running.json', { force: true });
const vitestArgs = [
  'vitest',
  'run',
  '--allowOnly=false',
  '--reporter=default',
  '--reporter=./scripts/vitest-counts.mjs',
];
const fileBoundMs = Number(process.env.VITEST_FILE_BOUND_MIN ?? 10) * 60_000;
const vitestRun = await timed('vitest', () => runWatched('npx', vitestArgs, fileBoundMs));
if (vitestRun.hung) problems.push(`Vitest hung: ${vitestRun.hung}`);
const vitestCode = vitestRun.code;
const v = readJson('.tmp/vitest-counts.json');
const names = { unit: 'unit', components: 'components', api: 'PGlite', 'api-pg': 'PostgreSQL' };
if (!v) problems.push('Vitest wrote no results');
else {
  for (const [project, label] of Object.entries(names)) {
    const c = v.projects[project];
    if (!c) {
      if (project !== 'api-pg' || wantPostgres) problems.push(`the ${label} suite did not run`);
      continue;
    }
    if (c.passed === 0) problems.push(`the ${label} suite passed no test`);
    suites.push([label, c.passed, c.failed, c.seconds]);
  }
  if (v.broken) problems.push(`${v.broken} Vitest file(s) or errors outside tests`);
  if (v.node !== process.version) problems.push(`Vitest ran on Node ${v.node}, not ${process.version}`);
  const failed = Object.values(v.projects).reduce((n, c) => n + c.failed, 0);
  if (vitestCode !== 0 && failed === 0 && !v.broken) problems.push(`Vitest exited with ${vitestCode}`);
}

console.log('--- build');
const built = await timed('build', () => run('npm', ['run', 'build']) === 0);
if (!built) problems.push('the build failed');
else {
  // The script budget of a first visit to / (scripts/bundle-size.mjs, docs/decisions/028).
  console.log('--- bundle');
  const sizeSince = performance.now();
  const sizeOk = run('node', ['scripts/bundle-size.mjs']) === 0;
  suites.push(['bundle', sizeOk ? 1 : 0, sizeOk ? 0 : 1, seconds(sizeSince)]);
  // What the listings page's first paint downloads on a phone (scripts/lcp-budget.ts, ADR 042).
  console.log('--- first paint');
  const lcpSince = performance.now();
  const lcpOk = run('node', ['scripts/lcp-budget.ts']) === 0;
  suites.push(['first paint', lcpOk ? 1 : 0, lcpOk ? 0 : 1, seconds(lcpSince)]);
  console.log('--- playwright');
  const e2eCode = run('npx', ['playwright', 'test', '--forbid-only']);
  const e = readJson('.tmp/e2e-results.json');
  if (!e?.stats) problems.push('Playwright wrote no results');
  else {
    // Per Playwright project: the browser flows on PGlite, a first start that seeds the demo, a
    // payment through Coinbase, and the booking and payment flows on PostgreSQL too.
    const byProject = {};
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? []) {
          // One worker: a project's time is the sum of its tests' times.
          byProject[t.projectName] ??= { passed: 0, failed: 0, ms: 0 };
          for (const r of t.results ?? []) byProject[t.projectName].ms += r.duration ?? 0;
          if (t.status === 'expected' || t.status === 'flaky') byProject[t.projectName].passed += 1;
          else if (t.status === 'unexpected') byProject[t.projectName].failed += 1;
        }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of e.suites ?? []) walk(suite);
    for (const [project, label] of [
      ['pglite', 'browser on PGlite'],
      ['first-start', 'browser on a first start (demo seed)'],
      ['coinbase', 'browser paying through Coinbase (test Coinbase)'],
      ['postgres', 'browser on PostgreSQL'],
    ]) {
      const c = byProject[project];
      if (!c) {
        if (project !== 'postgres' || wantPostgres) problems.push(`the ${label} suite did not run`);
        continue;
      }
      if (c.passed + c.failed === 0) problems.push(`the ${label} suite ran no test`);
      suites.push([label, c.passed, c.failed, c.ms / 1000]);
    }
    if (e.errors?.length)
      problems.push(`Playwright: ${e.errors.map((x) => x.message?.split('\n')[0]).join('; ')}`);
    if (e2eCode !== 0 && e.stats.unexpected === 0 && !e.errors?.length)
      problems.push(`Playwright exited with ${e2eCode}`);
  }
}

// A node --test suite of its own (TAP in .tmp/<name>.tap); adds its counts to the suites. Returns
// the TAP counts, or null when it wrote none.
function nodeTestSuite(name, file) {
  console.log(`--- ${name}`);
  const tapFile = `.tmp/${name}.tap`;
  fs.rmSync(tapFile, { force: true });
  const since = performance.now();
  const code = run('node', [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    file,
  ]);
  const tap = fs.existsSync(tapFile) ? fs.readFileSync(tapFile, 'utf8') : '';
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(tap)?.[1] ?? 'NaN');
  const [p, f] = [count('pass'), count('fail') + count('cancelled')];
  if (Number.isNaN(p) || Number.isNaN(f)) {
    problems.push(`the ${name} suite wrote no results`);
    return null;
  }
  if (p === 0) problems.push(`the ${name} suite passed no test`);
  if (code !== 0 && f === 0) problems.push(`the ${name} suite exited with ${code}`);
  suites.push([name, p, f, seconds(since)]);
  return { skipped: count('skipped') };
}

// Two instances of the built server behind nginx on one PostgreSQL database (ADR 026). It needs
// PostgreSQL and nginx: in CI a missing nginx is a failure, never a skip.
if (built && (wantPostgres || process.env.CI)) nodeTestSuite('instances', 'e2e/instances/two-instances.ts');
else if (built) console.log('--- instances: skipped (needs TEST_DATABASE_URL)');

// The soak (ADR 030): 20,000 mixed requests against the built server on a fresh demo database, on
// PGlite and (with TEST_DATABASE_URL) on PostgreSQL: no request over 5 s, no 5xx but deliberate
// 503s, /api/health answering throughout.
if (built) {
  const soak = nodeTestSuite('soak', 'e2e/soak/soak.ts');
  if (soak && wantPostgres && soak.skipped > 0) problems.push('the PostgreSQL soak was skipped');
}

// Operations (ADR 036, 033): backups taken from a built server under writes and restored into a
// fresh target on both engines; the real Prometheus scraping a built server.
if (built) {
  const backup = nodeTestSuite('backup', 'e2e/ops/backup-restore.ts');
  if (backup && wantPostgres && backup.skipped > 0) problems.push('the PostgreSQL backup test was skipped');
  // Two instances behind nginx restarted in turn under load: no failed request, no message lost
  // or twice. Needs PostgreSQL and nginx, as the instances suite.
  if (wantPostgres || process.env.CI) nodeTestSuite('rolling-restart', 'e2e/ops/rolling-restart.ts');
  else console.log('--- rolling-restart: skipped (needs TEST_DATABASE_URL)');
  // A host's hostile and hanging calendar feeds read while the server takes traffic, on PGlite and
  // PostgreSQL: the health check stays quick, offers and mail keep running (ADR 054, 055).
  const feeds = nodeTestSuite('hostile-feeds', 'e2e/ops/hostile-feeds.ts');
  if (feeds && wantPostgres && feeds.skipped > 0)
    problems.push('the PostgreSQL hostile-feeds test was skipped');
  // Hostile requests in three passes on PostgreSQL: resident memory under 400 MB, and within 100 MB
  // of where it was before the first pass (ADR 047).
  if (wantPostgres || process.env.CI) nodeTestSuite('memory', 'e2e/ops/memory.ts');
  // Needs Debian's prometheus (.ci/run installs it): in CI a missing one is a failure, never a skip.
  const hasPrometheus = spawnSync('sh', ['-c', 'command -v prometheus']).status === 0;
  if (hasPrometheus || process.env.CI) nodeTestSuite('prometheus', 'e2e/ops/prometheus.ts');
  else console.log('--- prometheus: skipped (apt-get install -y prometheus)');
}

const passed = suites.reduce((n, s) => n + s[1], 0);
let failed = suites.reduce((n, s) => n + s[2], 0);
for (const p of problems) console.log(`problem: ${p}`);
if (problems.length) failed += problems.length; // a suite that could not run counts as a failure
const secs = (n) => `${Math.round(n ?? 0)} s`;
console.log(
  `suites: ${suites.map(([name, p, f, t]) => `${name} ${p} passed ${f} failed (${secs(t)})`).join('; ')}`,
);
console.log(
  `time: ${stages.map(([name, t]) => `${name} ${secs(t)}`).join('; ')}; whole run ${secs(performance.now() / 1000)}; Node ${process.version}`,
);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
