import { z } from 'zod';
import { decodeCursor, idSchema, pgTimestampSchema } from '#shared/fields.ts';
import { PRICE_MAX } from '#shared/listings.ts';
import { badRequest } from '../../errors.ts';
import type { SearchCursor, SearchRow, SearchSort } from './search-filters.ts';

// A search page's cursor: the last row's sort key (time, distance or price) and id, and whether
// the page had reached the close spellings of the keywords.
const fuzzy = z.literal(1).optional();
const cursorSchema = z.union([
  z.object({ ts: pgTimestampSchema, id: idSchema('id'), f: fuzzy }),
  // The straight-line distance through the earth, in metres: at most its diameter.
  z.object({ e: z.number().min(0).max(13e6), id: idSchema('id'), f: fuzzy }),
  z.object({ p: z.number().int().min(0).max(PRICE_MAX), id: idSchema('id'), f: fuzzy }),
]);

const cursorKey = (sort: SearchSort) =>
  sort === 'distance' ? 'e' : sort === 'price_asc' || sort === 'price_desc' ? 'p' : 'ts';

// The cursor of a page that ends with this row: its sort key and id, and whether it was a close
// spelling.
export function cursorOf(sort: SearchSort, row: SearchRow): SearchCursor {
  const f = row.fuzzy ? { f: 1 as const } : {};
  const key = cursorKey(sort);
  if (key === 'e') return { e: row.earthKey ?? 0, id: row.id, ...f };
  if (key === 'p') return { p: row.price ?? 0, id: row.id, ...f };
  return { ts: row.ts, id: row.id, ...f };
}

// A cursor made for this sort (and for keywords, when it points into the close spellings).
export function readCursor(raw: string, sort: SearchSort, withKeywords: boolean): SearchCursor {
  const c = decodeCursor(raw, cursorSchema);
  if (!c || !(cursorKey(sort) in c) || (c.f === 1 && !withKeywords))
    throw badRequest('Invalid cursor', 'INVALID_CURSOR');
  return c;
}
