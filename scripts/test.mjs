// npm test: typecheck and lint, unit + API tests (Vitest), then browser flows (Playwright) against a
// fresh build.
// Ends with one line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

fs.mkdirSync('.tmp', { recursive: true });
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;
const readJson = (f) => {
  try {
    return JSON.parse(fs.readFileSync(f, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let broken = false;

for (const f of ['.tmp/vitest-results.json', '.tmp/e2e-results.json']) fs.rmSync(f, { force: true });

// Static checks first: each counts as one test.
for (const [name, cmd, args] of [
  ['typecheck', 'npx', ['tsc', '--noEmit']],
  ['lint', 'npx', ['biome', 'check', '.']],
]) {
  console.log(`--- ${name}`);
  if (run(cmd, args) === 0) passed += 1;
  else {
    failed += 1;
    console.log(`${name} failed`);
  }
}

const vitestCode = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest-results.json',
]);
const v = readJson('.tmp/vitest-results.json');
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  if (vitestCode !== 0 && v.numFailedTests === 0) broken = true; // e.g. a file that failed to load
} else broken = true;

const buildCode = run('npm', ['run', 'build']);
if (buildCode !== 0) broken = true;
else {
  const e2eCode = run('npx', ['playwright', 'test']);
  const e = readJson('.tmp/e2e-results.json');
  if (e?.stats) {
    passed += e.stats.expected + (e.stats.flaky ?? 0);
    failed += e.stats.unexpected;
    if (e2eCode !== 0 && e.stats.unexpected === 0) broken = true;
  } else broken = true;
}

if (broken && failed === 0) failed = 1; // a suite that could not run counts as a failure
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
