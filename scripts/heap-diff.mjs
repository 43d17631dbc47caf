// node scripts/heap-diff.mjs a.heapsnapshot b.heapsnapshot: what grew from one V8 heap snapshot to
// the next, by constructor (node type and name): count and self size, the 25 largest growths.
import fs from 'node:fs';

function summary(file) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const f = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [iType, iName, iSize] = ['type', 'name', 'self_size'].map((k) => f.indexOf(k));
  const out = new Map();
  const n = snap.nodes;
  for (let i = 0; i < n.length; i += f.length) {
    const type = types[n[i + iType]];
    const name =
      type === 'string' || type === 'concatenated string' || type === 'sliced string'
        ? '(string)'
        : snap.strings[n[i + iName]].slice(0, 80);
    const key = `${type} ${name}`;
    const e = out.get(key) ?? { count: 0, size: 0 };
    e.count += 1;
    e.size += n[i + iSize];
    out.set(key, e);
  }
  return out;
}

const [a, b] = process.argv.slice(2).map(summary);
const rows = [...b].map(([k, v]) => {
  const w = a.get(k) ?? { count: 0, size: 0 };
  return { k, dCount: v.count - w.count, dSize: v.size - w.size, size: v.size };
});
rows.sort((x, y) => y.dSize - x.dSize);
const mb = (x) => (x / 1048576).toFixed(1);
const total = (m) => [...m.values()].reduce((s, v) => s + v.size, 0);
console.log(`heap: ${mb(total(a))} MB -> ${mb(total(b))} MB`);
for (const r of rows.slice(0, 25))
  console.log(`${mb(r.dSize).padStart(7)} MB ${String(r.dCount).padStart(8)}  ${r.k}`);
