import { type AnyColumn, Column, getTableName, is, type SQL, sql } from 'drizzle-orm';

// A column written with its table's name, whatever the query around it: Drizzle writes a column
// bare in a single-table select list, which inside a subquery of another table would name that
// table's column. SQL and values pass as they are. For the id arguments of SQL fragments.
export const qualified = <T>(ref: AnyColumn | T): SQL | T =>
  is(ref, Column) ? sql`${sql.identifier(getTableName(ref.table))}.${sql.identifier(ref.name)}` : ref;
