import { count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

// The operator console's lists (ADR 029), for the owners' queries.ts that serve them: a search
// box's condition, and one page of the owner's table with the count of all.

export type Page = { limit: number; offset: number };

// Text search on the admin screens: a number is an id; otherwise a case-insensitive substring.
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// A console search box: the text anywhere in the columns (any case), or the id when it is a number.
export function textOrId(q: string | undefined, id: PgColumn, columns: PgColumn[]): SQL | undefined {
  if (!q) return undefined;
  const like = likeOf(q);
  const byText = or(...columns.map((c) => ilike(c, like)));
  return /^\d{1,9}$/.test(q) ? or(eq(id, Number(q)), byText) : byText;
}

// One page of the table's rows in that order, and how many rows match in all.
export async function onePage<T extends PgTable>(
  db: Pick<Db, 'select'>,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  { limit, offset }: Page,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, n] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: Number(n[0]?.n ?? 0) };
}
