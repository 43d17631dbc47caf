import { customType, timestamp } from 'drizzle-orm/pg-core';

// Column types every table file uses.
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
// A point of the cube extension, as its text "(x, y, z)".
export const cube = customType<{ data: string }>({ dataType: () => 'cube' });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
// Binary data: a Buffer from node-postgres; PGlite answers a Uint8Array, made a Buffer here.
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
