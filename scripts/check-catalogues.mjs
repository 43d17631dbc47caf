// The message catalogues' checks (ADR 031), run by npm test:
//   node scripts/check-catalogues.mjs extract   the PO files match the code: `lingui extract` changes
//                                               nothing (a message added, changed or dropped in the
//                                               code without extracting fails)
//   node scripts/check-catalogues.mjs strict    every language has every message: `lingui compile
//                                               --strict` (its output is thrown away)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.join(import.meta.dirname, '..');
const locales = path.join(root, 'src/client/locales');
const lingui = (args) =>
  spawnSync('npx', ['lingui', ...args], { cwd: root, encoding: 'utf8', env: process.env });

function poFiles() {
  return fs.readdirSync(locales).flatMap((l) =>
    fs
      .readdirSync(path.join(locales, l))
      .filter((f) => f.endsWith('.po'))
      .map((f) => path.join(locales, l, f)),
  );
}

const mode = process.argv[2];
if (mode === 'extract') {
  const before = new Map(poFiles().map((f) => [f, fs.readFileSync(f, 'utf8')]));
  const res = lingui(['extract', '--clean']);
  if (res.status !== 0) {
    console.error(res.stdout, res.stderr);
    process.exit(1);
  }
  const changed = poFiles().filter((f) => before.get(f) !== fs.readFileSync(f, 'utf8'));
  // Put the files back as they were: the check reports, it does not fix.
  for (const [f, text] of before) fs.writeFileSync(f, text);
  for (const f of poFiles()) if (!before.has(f)) fs.rmSync(f);
  if (changed.length) {
    console.error(
      `Catalogues out of date with the code (run npx lingui extract and translate):\n${changed.map((f) => `  ${path.relative(root, f)}`).join('\n')}`,
    );
    process.exit(1);
  }
  console.log(`i18n: ${before.size} catalogues match the code`);
} else if (mode === 'strict') {
  const res = lingui(['compile', '--strict']);
  for (const f of fs.readdirSync(locales, { recursive: true })) {
    if (String(f).endsWith('.js')) fs.rmSync(path.join(locales, String(f)));
  }
  const out = `${res.stdout}\n${res.stderr}`;
  if (res.status !== 0) {
    console.error(
      out
        .split('\n')
        .filter((l) => /Missing|Error|fail/i.test(l))
        .join('\n') || out,
    );
    process.exit(1);
  }
  console.log('i18n: every language has every message');
} else {
  console.error('usage: node scripts/check-catalogues.mjs extract|strict');
  process.exit(2);
}
