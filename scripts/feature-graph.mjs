// The server's import graph (ADR 035): which feature imports which (through its face), and any
// import cycle, between features (any import) or between files of src/server (imports that run).
// Exits 1 on a cycle.
//   node scripts/feature-graph.mjs
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '..');
const server = join(root, 'src/server');
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
const all = files(server);
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm;
const targets = (file) => {
  const code = readFileSync(file, 'utf8');
  const out = [];
  for (const m of code.matchAll(IMPORT)) {
    const type = /^\s*(import|export)\s+type\s/.test(m[0]);
    const spec = m[1];
    if (spec.startsWith('.')) out.push({ to: resolve(dirname(file), spec), type });
    else if (spec.startsWith('#server/')) out.push({ to: join(server, spec.slice('#server/'.length)), type });
  }
  return out.filter((t) => t.to.startsWith(server));
};
const featureOf = (p) => relative(join(server, 'features'), p).match(/^([^./][^/]*)\//)?.[1] ?? null;

const fileEdges = new Map(all.map((f) => [f, targets(f)]));
const featureEdges = new Map();
for (const [from, tos] of fileEdges) {
  const a = featureOf(from);
  if (!a) continue;
  for (const { to } of tos) {
    const b = featureOf(to);
    // A feature's queries.ts imports no other feature (scripts/boundaries.mjs): it is a leaf, and
    // an import of it closes no cycle (ADR 053).
    if (b && b !== a && !to.endsWith(`/features/${b}/queries.ts`)) {
      if (!featureEdges.has(a)) featureEdges.set(a, new Set());
      featureEdges.get(a).add(b);
    }
  }
}

// Strongly connected components (Tarjan): every one with more than one node is a cycle.
function cycles(nodes, next) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc);
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return found;
}

for (const [a, bs] of [...featureEdges].sort()) console.log(`${a} -> ${[...bs].sort().join(', ')}`);
const featureCycles = cycles([...featureEdges.keys()], (v) => featureEdges.get(v) ?? []);
const runtime = (v) =>
  (fileEdges.get(v) ?? []).filter((t) => !t.type && fileEdges.has(t.to)).map((t) => t.to);
const fileCycles = cycles(all, runtime);
console.log(
  `${all.length} files of src/server, tests aside (file cycles: runtime imports, import type aside)`,
);
console.log(`cycles between features: ${featureCycles.length}`);
for (const c of featureCycles) console.log(`  ${c.join(' <-> ')}`);
console.log(`cycles between files: ${fileCycles.length}`);
for (const c of fileCycles) console.log(`  ${c.map((f) => relative(root, f)).join(' <-> ')}`);
if (featureCycles.length + fileCycles.length > 0) process.exit(1);
