// npm test's boundary check (ADR 053): imports judged on their resolved paths, for every file in
// src (tests included), and every table queried only by its owner (src/server/db/owners.ts).
//   node scripts/check-boundaries.mjs
import { TABLE_OWNERS } from '../src/server/db/owners.ts';
import { importViolations, readAll, schemaTables, tableViolations } from './boundaries.mjs';

const files = readAll(['src']);
const tables = schemaTables();
const unowned = tables.filter((t) => !(t.sql in TABLE_OWNERS)).map((t) => t.sql);
const stale = Object.keys(TABLE_OWNERS).filter((name) => !tables.some((t) => t.sql === name));
const imports = importViolations(files);
const queries = tableViolations(files, TABLE_OWNERS, tables);

for (const v of imports) console.log(`import  ${v.file}: '${v.spec}' reaches ${v.to}: ${v.why}`);
for (const v of queries)
  console.log(`table   ${v.file} (${v.module}) queries ${v.table}, owned by ${v.owner}`);
for (const t of unowned) console.log(`owner   table ${t} has no owner in src/server/db/owners.ts`);
for (const t of stale) console.log(`owner   src/server/db/owners.ts names ${t}, which the schema has not`);
console.log(
  `${files.length} files: ${imports.length} imports past a face, ${queries.length} queries of another module's table, ${unowned.length + stale.length} ownership entries wrong`,
);
if (imports.length + queries.length + unowned.length + stale.length > 0) process.exit(1);
