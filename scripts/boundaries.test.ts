import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../src/server/db/owners.ts';
// @ts-expect-error: a plain .mjs module without types
import { importViolations, schemaTables, tableViolations } from './boundaries.mjs';

type File = { file: string; code: string };
const imports = (files: File[]) => importViolations(files) as { file: string; spec: string; to: string }[];
const queries = (files: File[]) =>
  tableViolations(files, TABLE_OWNERS) as { file: string; table: string; owner: string }[];

describe('imports are judged on the path they reach (ADR 053)', () => {
  it('refuses the three paths that walked around the string rule', () => {
    const planted = [
      { file: 'src/server/features/users/x.ts', spec: '../../features/auth/password.ts' },
      { file: 'src/server/features/users/x.ts', spec: '../../server/features/auth/password.ts' },
      { file: 'src/server/features/payments/payouts/x.ts', spec: '../../../features/auth/password.ts' },
    ];
    const found = imports(
      planted.map((p) => ({ file: p.file, code: `import { hash } from '${p.spec}';\n` })),
    );
    expect(found.map((v) => v.spec)).toEqual(planted.map((p) => p.spec));
    expect(found.every((v) => v.to.endsWith('server/features/auth/password.ts'))).toBe(true);
  });

  it('refuses internals reached by alias, dynamic import, re-export, type import and from tests', () => {
    const code = [
      "import { a } from '#server/features/bookings/capacity.ts';",
      "const b = await import('../bookings/capacity.ts');",
      "export { c } from '../bookings/capacity.ts';",
      "import type { D } from '../bookings/capacity.ts';",
    ].join('\n');
    expect(imports([{ file: 'src/server/features/listings/x.ts', code }])).toHaveLength(4);
    expect(
      imports([
        { file: 'src/server/features/listings/x.test.ts', code: "import '../bookings/capacity.ts';" },
      ]),
    ).toHaveLength(0); // a side-effect import without `from` is not a named import: judged below
    expect(
      imports([
        {
          file: 'src/server/features/listings/x.test.ts',
          code: "import { a } from '../bookings/capacity.ts';",
        },
      ]),
    ).toHaveLength(1);
  });

  it('lets a feature use the faces and its own files, and keeps the other rules', () => {
    const ok = [
      "import { BookingsService } from '../bookings/index.ts';",
      "import { bookedOn } from '#server/features/bookings/queries.ts';",
      "import { x } from './bookings.service.ts';",
      "import { y } from '../../core/blocks.ts';",
    ].join('\n');
    expect(
      imports([
        {
          file: 'src/server/features/bookings/x.ts',
          code: ok.replace('../bookings/index.ts', '../listings/index.ts'),
        },
      ]),
    ).toEqual([]);
    expect(
      imports([{ file: 'src/server/core/x.ts', code: "import { a } from '../features/bookings/index.ts';" }]),
    ).toHaveLength(1);
    expect(
      imports([
        {
          file: 'src/server/features/bookings/queries.ts',
          code: "import { a } from '../listings/queries.ts';",
        },
      ]),
    ).toHaveLength(1);
    expect(
      imports([{ file: 'src/client/lib/x.ts', code: "import { a } from '#server/app.ts';" }]),
    ).toHaveLength(1);
    expect(
      imports([{ file: 'src/client/components/x.ts', code: "import { a } from '../features/b/y.ts';" }]),
    ).toHaveLength(1);
    expect(
      imports([{ file: 'src/client/features/a/x.ts', code: "import { a } from '../b/components/y.tsx';" }]),
    ).toHaveLength(1);
  });
});

describe('each table is queried by its owner only (ADR 053)', () => {
  it('names an owner for every table of the schema', () => {
    const names = (schemaTables() as { sql: string }[]).map((t) => t.sql).sort();
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(names);
  });

  it('finds a query of another module’s table through the schema and in SQL text', () => {
    const found = queries([
      {
        file: 'src/server/features/payments/x.ts',
        code: "import { bookings } from '../../db/schema.ts';\nexport const q = (db) => db.select().from(bookings);",
      },
      {
        file: 'src/server/features/payments/y.ts',
        code: "import * as schema from '#server/db/schema.ts';\nexport const q = (db) => db.select().from(schema.listings);",
      },
      {
        file: 'src/server/features/payments/z.ts',
        code: 'import { sql } from "drizzle-orm";\nexport const q = sql`select 1 from users u join listings l on true`;',
      },
      { file: 'src/server/plugins/p.ts', code: 'const q = sql`update sessions set x = 1`;' },
    ]);
    expect(found.map((v) => `${v.file} ${v.table} ${v.owner}`).sort()).toEqual([
      'src/server/features/payments/x.ts bookings bookings',
      'src/server/features/payments/y.ts listings listings',
      'src/server/features/payments/z.ts listings listings',
      'src/server/features/payments/z.ts users users',
      'src/server/plugins/p.ts sessions auth',
    ]);
  });

  it('lets the owner query its tables and ignores prose', () => {
    expect(
      queries([
        {
          file: 'src/server/features/bookings/x.ts',
          code: "import { bookings } from '../../db/schema.ts';\n// joins listings by id\nconst t = 'from users';\nconst q = sql`select * from bookings`;",
        },
      ]),
    ).toEqual([]);
  });
});
