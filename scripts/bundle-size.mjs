// npm run size: the JavaScript a first visit to / downloads, from the build's output
// (<dist>/client: index.html and .vite/manifest.json). Counts the scripts and modulepreloads in
// index.html, the entry's static imports, the home route's chunk with its static imports and the
// English shell messages (the server preloads them and the browser loads them before the first render). Each file gzipped at
// level 9; exits 1 over the budget. Usage: node scripts/bundle-size.mjs [--budget=KB] [--json]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1024; // 1 KB = 1024 bytes
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const budgetKb = Number(arg('budget') ?? 130);
// The route modules a signed-out first visit to / renders (keys of the Vite manifest), and the
// messages it loads before the first render: English's shell catalogue (ADR 031).
// A pre-rendered page's first script, boot.ts, which loads the entry after the first paint (ADR 042).
const ROUTES = ['boot.ts', 'app/routes/home.tsx', 'locales/en/shell.po'];

const client = path.resolve(process.env.YS_DIST ?? 'dist', 'client');
const read = (f) => fs.readFileSync(path.join(client, f));
let manifest;
let html;
try {
  manifest = JSON.parse(read('.vite/manifest.json').toString());
  html = read('index.html').toString();
} catch {
  console.error(`no build in ${client}: run npm run build first`);
  process.exit(2);
}

const byFile = new Map(Object.values(manifest).map((c) => [c.file, c]));
const files = []; // in load order, each once
const add = (file, why) => {
  if (!file.endsWith('.js') || files.some((f) => f.file === file)) return;
  files.push({ file, why });
  for (const key of byFile.get(file)?.imports ?? []) {
    const dep = manifest[key];
    if (dep) add(dep.file, 'static import');
  }
};

for (const m of html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+)"/g))
  add(m[1], 'index.html');
for (const route of ROUTES) {
  const chunk = manifest[route];
  if (!chunk && route === 'boot.ts') continue; // a build from before ADR 042
  if (!chunk) {
    console.error(`the manifest has no chunk for ${route}`);
    process.exit(2);
  }
  add(chunk.file, `route ${route}`);
}

const rows = files.map(({ file, why }) => {
  const raw = read(file);
  return { file, why, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length };
});
const total = rows.reduce((n, r) => n + r.gzip, 0);
const rawTotal = rows.reduce((n, r) => n + r.raw, 0);
const kb = (b) => (b / KB).toFixed(2);
const over = total > budgetKb * KB;

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ budgetKb, total, rawTotal, files: rows }, null, 2));
} else {
  console.log('JavaScript for a first visit to / (gzip -9; 1 KB = 1024 bytes)');
  for (const r of [...rows].sort((a, b) => b.gzip - a.gzip))
    console.log(`${kb(r.gzip).padStart(8)} KB  ${kb(r.raw).padStart(8)} KB raw  ${r.file}  (${r.why})`);
  console.log(
    `total ${kb(total)} KB gzip (${kb(rawTotal)} KB raw) in ${rows.length} files; budget ${budgetKb} KB: ${over ? 'OVER' : 'ok'}`,
  );
}
process.exit(over ? 1 : 0);
