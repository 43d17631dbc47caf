import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column types every table file uses.
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
