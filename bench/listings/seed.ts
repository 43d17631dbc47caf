// Fast bulk listings for the benchmark: one INSERT ... SELECT FROM generate_series per 100k rows,
// computed inside the database (no rows cross the wire), with the listings' secondary indexes
// dropped during large loads and built again afterwards (a sorted build is far cheaper than
// 1M index insertions). The same spread as src/server/demo/bulk.ts: 48 cities, three types, the
// same words (so ?q=tomatoes matches about one listing in six), points jittered by ±0.04°.
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../src/server/db/client.ts';
import { BULK_SPREAD } from '../../src/server/demo/bulk.ts';
import { geocode } from '../../src/server/features/listings/geo.ts';

const { cities: CITIES, place } = BULK_SPREAD;
const words = {
  streets: BULK_SPREAD.streets,
  adj: BULK_SPREAD.adj,
  // One row per type (rental, exchange, community), five places each.
  place: [place.rental, place.exchange, place.community],
  amenities: BULK_SPREAD.amenities,
  soil: BULK_SPREAD.soil,
  crops: BULK_SPREAD.crops,
  sizes: ['120 sq ft', '200 sq ft', '400 sq ft', '1/4 acre', '1/2 acre', '2 acres'],
};

const BATCH = 100_000;
// Above this many new rows the secondary indexes are dropped and rebuilt.
const REBUILD_ABOVE = 50_000;

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const textArray = (list: readonly string[]) =>
  sql`(array[${sql.join(
    list.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[])`;
const floatArray = (list: (number | null)[]) =>
  sql.raw(`(array[${list.map((n) => (n === null ? 'null' : n.toFixed(6))).join(',')}]::float8[])`);

// Adds listings until the table holds `total` bench listings (numbered from the current count).
export async function growListings(
  handle: DbHandle,
  total: number,
  log: (line: string) => void = console.log,
): Promise<void> {
  const { db } = handle;
  const started = Date.now();
  const [{ n: have }] = rows<{ n: number }>(await db.execute(sql`select count(*)::int as n from listings`));
  const adding = total - have;
  if (adding <= 0) return;
  // 40 hosts who cannot sign in (an impossible password hash), made once.
  await db.execute(sql`insert into users (username, email, password_hash, name)
    select 'bench_host_' || g, 'bench_host_' || g || '@bench.localhost', '!', 'Bench host ' || g
    from generate_series(1, 40) g on conflict do nothing`);
  const hosts = rows<{ id: number }>(
    await db.execute(sql`select id from users where username like 'bench\\_host\\_%' order by id`),
  ).map((h) => h.id);
  const points = CITIES.map(([c, s]) => geocode(c, s));

  const rebuild = adding > REBUILD_ABOVE && handle.kind === 'postgres';
  let indexes: { name: string; def: string }[] = [];
  if (rebuild) {
    indexes = rows<{ def: string; name: string }>(
      await db.execute(sql`select indexname as name, indexdef as def from pg_indexes
        where tablename = 'listings' and indexname <> 'listings_pkey'`),
    );
    for (const i of indexes) await db.execute(sql.raw(`drop index if exists "${i.name}"`));
  }
  const w = words;
  try {
    for (let from = have; from < total; from += BATCH) {
      const to = Math.min(total, from + BATCH) - 1;
      // Volatile random() per row; setseed makes each batch repeatable.
      await db.execute(sql`select setseed(${((from / BATCH) % 1000) / 1000})`);
      await db.execute(sql`
      insert into listings (user_id, type, title, description, price, work_hours, location, city, state,
        size, amenities, images, lat, lng, created_at, updated_at)
      select h[1 + i % cardinality(h)], x.type,
        ${textArray(w.adj)}[1 + floor(random() * ${w.adj.length})::int] || ' ' || x.place || ' in ' || c[1 + i % ${CITIES.length}],
        'A ' || x.place || ' with ' || ${textArray(w.soil)}[1 + floor(random() * ${w.soil.length})::int]
          || '. Ideal for ' || ${textArray(w.crops)}[1 + floor(random() * ${w.crops.length})::int] || '. '
          || case x.type when 'rental' then 'Rent by the month; water is included.'
               when 'exchange' then 'Help with weeding and harvest in return for your own beds.'
               else 'Free to join: bring your own seeds and share the tools.' end
          || ' The host is nearby and glad to help newcomers get started.',
        case when x.type = 'rental' then 25 + floor(random() * 40)::int * 5 end,
        case when x.type = 'exchange' then 2 + floor(random() * 12)::int end,
        (100 + floor(random() * 9800)::int) || ' ' || ${textArray(w.streets)}[1 + floor(random() * ${w.streets.length})::int],
        c[1 + i % ${CITIES.length}], s[1 + i % ${CITIES.length}],
        ${textArray(w.sizes)}[1 + floor(random() * ${w.sizes.length})::int],
        array(select distinct a[1 + floor(random() * ${w.amenities.length})::int]
              from generate_series(1, 3 + 0 * i)),
        case when i % 10 = 0 then array['/uploads/bench-' || (i / 10) % 12 || '.webp'] else '{}'::text[] end,
        la[1 + i % ${CITIES.length}] + (random() - 0.5) * 0.08,
        lo[1 + i % ${CITIES.length}] + (random() - 0.5) * 0.08,
        t, t
      from generate_series(${from}::int, ${to}::int) i,
        lateral (select ${sql.raw(`array[${hosts.join(',')}]::int[]`)} as h,
          ${textArray(CITIES.map((c) => c[0]))} as c, ${textArray(CITIES.map((c) => c[1]))} as s,
          ${floatArray(points.map((p) => p?.lat ?? null))} as la, ${floatArray(points.map((p) => p?.lng ?? null))} as lo,
          ${textArray(w.amenities)} as a,
          timestamptz '2025-06-01 00:00:00+00' + i * interval '25 seconds'
            + floor(random() * 1000000) * interval '1 microsecond' as t) k,
        lateral (select (array['rental', 'exchange', 'community'])[1 + i % 3] as type,
          (${sql.raw(`array[${w.place.map((row) => `[${row.map((p) => `'${p}'`).join(',')}]`).join(',')}]`)})[1 + i % 3][1 + floor(random() * 5)::int] as place) x`);
      log(`  ${to + 1} listings (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  } finally {
    if (rebuild) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        for (const i of indexes) await tx.execute(sql.raw(i.def));
      });
      log(`  indexes rebuilt (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  }
  await db.execute(sql`analyze listings`);
  await db.execute(sql`analyze search_words`);
  log(`${adding} listings added in ${Math.round((Date.now() - started) / 1000)} s`);
}
