// The code's boundaries (ADR 053), checked on what the code does, not on how an import is spelt:
//   imports: every import of every file in src (tests included) is resolved to the file it reaches,
//     then judged by where that file is; a path that leaves a feature and re-enters it is the same
//     path as the direct one.
//   tables: every table belongs to one module (src/server/db/owners.ts); a query of a table, through
//     the schema's objects or in SQL text, is allowed only in its owner's files.
//   node scripts/check-boundaries.mjs prints both lists and exits 1 when either has an entry.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export const root = join(import.meta.dirname, '..');

export const sourceFiles = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(m?[jt]sx?)$/.test(name) ? [p] : [];
  });

const posix = (p) => p.split(sep).join('/');
const ALIASES = { '#server/': 'src/server/', '#shared/': 'src/shared/', '#client/': 'src/client/' };

// Comments out, so a path or a table named in prose is not taken for code.
export const withoutComments = (code) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');

const IMPORT =
  /(?:^|[;\s])(?:import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|vi\.mock\(\s*['"]([^'"]+)['"]/g;

// Each import of a file: the specifier, the path it reaches (repository-relative, posix), and the
// names it takes (for the schema's tables).
export function importsOf(file, code) {
  const out = [];
  for (const m of withoutComments(code).matchAll(IMPORT)) {
    const spec = m[3] ?? m[4] ?? m[5];
    let target = null;
    if (spec.startsWith('.')) target = resolve(dirname(join(root, file)), spec);
    else {
      const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
      if (alias) target = join(root, ALIASES[alias], spec.slice(alias.length));
    }
    if (!target) continue;
    out.push({ spec, to: posix(relative(root, target)), clause: m[2] ?? '' });
  }
  return out;
}

// The feature a path is in. A path that leaves src/server and names it again
// (features/users/../../server/features/auth/x.ts reaches src/server/server/features/auth/x.ts, a
// file that cannot exist) is judged as the path it spells out: auth's.
const featureOf = (p, side) => p.match(new RegExp(`^src/(?:${side}/)+features/([^/]+)/`))?.[1] ?? null;

// The plain-Node tools (npm run seed, admin, backup and restore) run without the .tsx loader, so
// they import these few modules of a feature directly; each loads no .tsx.
const TOOL_DIRS = ['src/server/demo/', 'src/server/cli/', 'src/server/ops/backup/'];
const TOOL_MODULES = new Set([
  'src/server/features/admin/handoff.ts',
  'src/server/features/auth/password.ts',
  'src/server/features/bookings/agreement.service.ts',
  'src/server/features/bookings/bookings.service.ts',
  'src/server/features/bookings/capacity.ts',
  'src/server/features/listings/geo.ts',
  'src/server/features/payments/payouts/ledger.ts',
  'src/server/features/reviews/booking-reviews.service.ts',
  'src/server/features/uploads/upload-store.ts',
]);

// A server feature's two faces: index.ts (its services and routes) and queries.ts (its data: the
// query functions and SQL of its own tables that other modules may use).
const isFace = (to) => /^src\/server\/features\/[^/]+\/(index|queries)\.ts$/.test(to);

// Why an import of `file` reaching `to` is refused, or null.
export function importRule(file, to) {
  if (file.startsWith('src/shared/') && /^src\/(server|client)\//.test(to))
    return 'src/shared is isomorphic: it imports neither the server nor the client';
  if (file.startsWith('src/client/') && to.startsWith('src/server/'))
    return 'the client never imports server code';
  if (/^src\/client\/(lib|components)\//.test(file) && featureOf(to, 'client'))
    return 'lib/ and components/ serve every client feature: they import none';
  const clientFrom = featureOf(file, 'client');
  const clientTo = featureOf(to, 'client');
  if (clientFrom && clientTo && clientFrom !== clientTo)
    return 'a client feature imports only lib/, components/, its own folder and #shared';
  if (file.startsWith('src/server/core/') && /^src\/server\/(features|plugins)\//.test(to))
    return 'src/server/core is below the features and the plugins: it imports neither';
  const from = featureOf(file, 'server');
  const target = featureOf(to, 'server');
  if (!target || target === from) return null;
  if (from && /\/queries\.ts$/.test(file) && file === `src/server/features/${from}/queries.ts`)
    return "a feature's queries.ts reads its own tables only: it imports no other feature";
  if (isFace(to)) return null;
  if (TOOL_DIRS.some((d) => file.startsWith(d)) && TOOL_MODULES.has(to)) return null;
  return `a server feature is used through its faces, features/${target}/index.ts or features/${target}/queries.ts`;
}

export function importViolations(files) {
  const out = [];
  for (const { file, code } of files)
    for (const imp of importsOf(file, code)) {
      const why = importRule(file, imp.to);
      if (why) out.push({ file, spec: imp.spec, to: imp.to, why });
    }
  return out;
}

// The schema's tables: the object's name and the SQL table's name, read from the schema's files.
export function schemaTables() {
  const dir = join(root, 'src/server/db/schema');
  const tables = [];
  for (const name of readdirSync(dir)) {
    const code = readFileSync(join(dir, name), 'utf8');
    for (const m of code.matchAll(/export const (\w+) = pgTable\(\s*['"](\w+)['"]/g))
      tables.push({ id: m[1], sql: m[2] });
  }
  return tables;
}

// The module a server file belongs to, as owners.ts names owners; null for files that are not code
// of the running server's modules (the schema itself, tests, the test helpers, the demo's fixture).
export function moduleOf(file) {
  if (!file.startsWith('src/server/')) return null;
  if (/\.test\.tsx?$/.test(file)) return null;
  const rest = file.slice('src/server/'.length);
  if (/^(db|testing|demo)\//.test(rest)) return null;
  const feature = rest.match(/^features\/([^/]+)\//);
  if (feature) return feature[1];
  const dir = rest.match(/^([^/]+)\//);
  return dir ? dir[1] : rest.replace(/\.tsx?$/, '');
}

const SQL_TABLE = /\b(?:from|join|update|into|table)\s+"?([a-z_]+)"?/gi;

// Every query of a table outside its owner: schema objects imported (by name or as a namespace)
// and table names in SQL text.
export function tableViolations(files, owners, tables = schemaTables()) {
  const byId = new Map(tables.map((t) => [t.id, t.sql]));
  const sqlNames = new Set(tables.map((t) => t.sql));
  const out = [];
  for (const { file, code } of files) {
    const mod = moduleOf(file);
    if (!mod) continue;
    const plain = withoutComments(code);
    const found = new Set();
    for (const imp of importsOf(file, code)) {
      if (!/^src\/server\/db\/schema(\.ts|\/)/.test(imp.to)) continue;
      const ns = imp.clause.match(/\*\s+as\s+(\w+)/);
      if (ns) for (const m of plain.matchAll(new RegExp(`\\b${ns[1]}\\.(\\w+)`, 'g'))) found.add(m[1]);
      const named = imp.clause.match(/\{([\s\S]*)\}/);
      if (named)
        for (const part of named[1].split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          if (name) found.add(name);
        }
    }
    const used = new Set([...found].filter((id) => byId.has(id)).map((id) => byId.get(id)));
    for (const m of plain.matchAll(
      /\bsql(?:\.raw)?(?:<[^`(]*?>)?(?:`([^`]*)`|\(\s*'([^']*)'|\(\s*"([^"]*)")/g,
    )) {
      const text = m[1] ?? m[2] ?? m[3];
      for (const t of text.matchAll(SQL_TABLE)) if (sqlNames.has(t[1])) used.add(t[1]);
    }
    for (const table of used) {
      const owner = owners[table];
      if (owner !== mod) out.push({ file, table, owner: owner ?? '(none)', module: mod });
    }
  }
  return out;
}

export const readAll = (dirs) =>
  dirs
    .map((d) => join(root, d))
    .filter(existsSync)
    .flatMap(sourceFiles)
    .map((p) => ({ file: posix(relative(root, p)), code: readFileSync(p, 'utf8') }));
