import { createHash } from 'node:crypto';
import { and, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings, searchWords } from '../../db/schema.ts';
import type { CountCache } from './count-cache.ts';
import { NEWEST_FIRST, PRICE } from './listing-columns.ts';
import {
  GENERIC_PLAN_SAFE,
  NAMED_MAX,
  P,
  type Phase,
  type Prepared,
  type SearchCursor,
  type SearchFilter,
  type SearchRow,
  SHAPES_MAX,
  searchFilters,
  searchValues,
  textConditions,
  type Values,
} from './search-filters.ts';
import {
  summaryJson,
  summarySource,
  type TranslationRow,
  translationColumns,
  withTranslations,
} from './summary-json.ts';

// How alike a misspelt word and a word of the listings must be (pg_trgm similarity, 0..1), and
// how many close words each search word may stand for.
const CLOSE_WORD_SIMILARITY = 0.5;
const CLOSE_WORDS_MAX = 4;

// A server-side statement name from its text, so one name never stands for two texts.
const statementName = (text: string) => `ys_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

export class SearchRepository {
  private db: Db;
  private shapes = new Map<string, Prepared>();
  private named = 0;
  private readonly counts: CountCache | null;

  constructor(db: Db, counts: CountCache | null = null) {
    this.db = db;
    this.counts = counts;
  }

  // With keywords: the listings that contain every word (stemmed) first, then, once those run
  // out, the listings where each word is there or spelled close to it ("tomatose" finds
  // "tomatoes"). The close words come from the vocabulary table, so that second step is an index
  // search too, and a search whose first page fills with exact matches costs what it did before.
  async search(f: SearchFilter): Promise<SearchRow[]> {
    if (!f.q) return this.page(f, f.after, f.limit, 'all');
    const afterExact = f.after?.f === 1;
    const rows = afterExact ? [] : await this.page(f, f.after, f.limit, 'exact');
    if (rows.length >= f.limit || !f.fuzzyWords?.length) return rows;
    const close = await this.closeWords(f.fuzzyWords);
    if (!close.size) return rows;
    const more = await this.page(f, afterExact ? f.after : undefined, f.limit - rows.length, 'close', close);
    return [...rows, ...more];
  }

  // The words of the listings spelled most like each search word (not the word itself).
  async closeWords(words: string[]): Promise<Map<string, string[]>> {
    const result = await this.db.execute(sql`
      select q.w, c.word from unnest(array[${sql.join(
        words.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) as q(w)
      cross join lateral (
        select s.word from ${searchWords} s
        where s.word % q.w and s.word <> q.w and similarity(s.word, q.w) >= ${CLOSE_WORD_SIMILARITY}
        order by similarity(s.word, q.w) desc, s.word
        limit ${CLOSE_WORDS_MAX}
      ) c`);
    const rows = (result as unknown as { rows: { w: string; word: string }[] }).rows;
    const out = new Map<string, string[]>();
    for (const r of rows) out.set(r.w, [...(out.get(r.w) ?? []), r.word]);
    return out;
  }

  // One page in the asked order, after the cursor; `close` marks the rows of close spellings.
  private async page(
    f: SearchFilter,
    after: SearchCursor | undefined,
    limit: number,
    phase: Phase,
    close?: Map<string, string[]>,
  ): Promise<SearchRow[]> {
    const v = searchValues(f, after, limit);
    // Statements whose text depends only on the shape are kept; the others are built each time.
    // By distance the page size is written into the statement (FETCH FIRST, in build()).
    const size = f.sort === 'distance' ? v.limit : '';
    const key =
      phase === 'close' || f.available ? null : `${f.sort}|${size}|${phase}|${Object.keys(v).join(',')}`;
    let statement = key ? this.shapes.get(key) : undefined;
    if (!statement) {
      // Near in another order than distance: the best plan depends on how many listings the circle holds.
      const named =
        key !== null &&
        this.named < NAMED_MAX &&
        Object.keys(v).every((k) => GENERIC_PLAN_SAFE.has(k)) &&
        (!('ex' in v) || f.sort === 'distance');
      statement = this.build(f, v, phase, close, named);
      if (key && this.shapes.size < SHAPES_MAX) this.shapes.set(key, statement);
    }
    const rows = (await statement.execute(v)) as (TranslationRow & {
      id: number;
      ts: string;
      price: number | null;
      earthKey: number | string | null;
      json: string;
    })[];
    return rows.map((r) => ({
      id: r.id,
      ts: r.ts,
      price: r.price,
      earthKey: r.earthKey === null ? null : Number(r.earthKey),
      fuzzy: phase === 'close',
      json: withTranslations(r.json, r),
    }));
  }

  private build(
    f: SearchFilter,
    v: Values,
    phase: Phase,
    close: Map<string, string[]> | undefined,
    named: boolean,
  ) {
    const { where: filters, near } = searchFilters(f, v);
    const where = [...filters, ...textConditions(f, phase, close)];
    const prepare = (query: { toSQL(): { sql: string }; prepare(name: string): Prepared }) => {
      if (named) this.named++;
      return query.prepare(named ? statementName(query.toSQL().sql) : (undefined as unknown as string));
    };
    // The page's rows with their cursor keys: the inner query finds and orders them, the outer one
    // writes each as JSON (summary-json.ts) and keeps their order.
    const found = {
      ...summarySource,
      ts: sql<string>`${listings.createdAt}::text`.as('ts'),
      earthKey: (near ? near.knn : sql<number | null>`null::float8`).as('earth_key'),
      km: (near ? near.km : sql<number | null>`null::float8`).as('km'),
    };
    type Page = Record<keyof typeof found, SQLWrapper>;
    const written = (page: Page) => ({
      id: sql<number>`${page.id}`,
      ts: sql<string>`${page.ts}`,
      price: sql<number | null>`${page.price}`,
      earthKey: sql<number | null>`${page.earthKey}`,
      json: summaryJson(page, near ? page.km : null),
      ...translationColumns(page),
    });
    if (f.sort === 'distance' && near) {
      // Nearest first (ADR 027, 041): the GiST index walks outwards from the centre, and FETCH
      // FIRST ... WITH TIES stops at the page's last distance with every row tied to it; those are
      // then ordered by (distance, id) for the keyset cursor. One index read. The count is written
      // in: as a parameter it made PostgreSQL plan every run afresh.
      if ('afterE' in v)
        where.push(sql`(${near.knn}, ${listings.id}) > (${P('afterE')}::float8, ${P('afterId')})`);
      const nearest = this.db
        .select(found)
        .from(listings)
        .where(and(...where))
        .orderBy(sql`${near.knn} fetch first ${sql.raw(String(Math.trunc(Number(v.limit))))} rows with ties`)
        .as('nearest');
      return prepare(
        this.db
          .select(written(nearest))
          .from(nearest)
          .orderBy(nearest.earthKey, nearest.id)
          .limit(P('limit')),
      );
    }
    let order: SQL[];
    let again: (page: Page) => SQL[];
    if (f.sort === 'price_asc' || f.sort === 'price_desc') {
      const up = f.sort === 'price_asc';
      const dir = sql.raw(up ? 'asc' : 'desc');
      order = [sql`${PRICE} ${dir}`, sql`${listings.id} ${dir}`];
      again = (page) => [sql`coalesce(${page.price}, 0) ${dir}`, sql`${page.id} ${dir}`];
      if ('afterP' in v)
        where.push(
          up
            ? sql`(${PRICE}, ${listings.id}) > (${P('afterP')}, ${P('afterId')})`
            : sql`(${PRICE}, ${listings.id}) < (${P('afterP')}, ${P('afterId')})`,
        );
    } else {
      order = NEWEST_FIRST;
      again = (page) => [sql`${page.createdAt} desc`, sql`${page.id} desc`];
      if ('afterTs' in v)
        where.push(
          sql`(${listings.createdAt}, ${listings.id}) < (${P('afterTs')}::timestamptz, ${P('afterId')})`,
        );
    }
    const page = this.db
      .select(found)
      .from(listings)
      .where(and(...where))
      .orderBy(...order)
      .limit(P('limit'))
      .as('page');
    return prepare(
      this.db
        .select(written(page))
        .from(page)
        .orderBy(...again(page)),
    );
  }

  // The conditions of every listing the search would list, exact and close spellings together.
  private async matchWhere(f: SearchFilter) {
    const v = searchValues({ ...f, sort: 'newest', after: undefined }, undefined, 0);
    delete v.limit;
    const close = f.q && f.fuzzyWords?.length ? await this.closeWords(f.fuzzyWords) : new Map();
    const { where } = searchFilters(f, v);
    if (f.q) {
      const exact = and(...textConditions(f, 'exact'));
      where.push(close.size ? (or(exact, and(...textConditions(f, 'close', close))) as SQL) : (exact as SQL));
    }
    // Statements without close words or a day depend only on the shape: kept.
    const key = close.size || f.available ? null : Object.keys(v).join(',');
    return { v, where, key };
  }

  private async kept(key: string | null, make: () => Prepared): Promise<Prepared> {
    let statement = key ? this.shapes.get(key) : undefined;
    if (!statement) {
      statement = make();
      if (key && this.shapes.size < SHAPES_MAX) this.shapes.set(key, statement);
    }
    return statement;
  }

  // Every listing the search would list, as map points at its approximate area (to 4 decimals,
  // about 10 m), as the JSON text of [id, lat, lng, type, price] tuples; listings with no known
  // place are left out. The database writes the JSON: 100k points never become 100k row objects.
  async mapPointsJson(f: SearchFilter): Promise<string> {
    const { v, where, key } = await this.matchWhere(f);
    where.push(sql`${listings.areaLat} is not null and ${listings.areaLng} is not null`);
    const statement = await this.kept(key && `map|${key}`, () =>
      this.db
        .select({
          // Without the spaces json_agg writes (no value holds one): a tenth fewer bytes.
          json: sql<string>`translate(coalesce(json_agg(json_build_array(${listings.id},
            round(${listings.areaLat}::numeric, 4), round(${listings.areaLng}::numeric, 4),
            ${listings.type}, ${listings.price})), '[]')::text, E' \n', '')`,
        })
        .from(listings)
        .where(and(...where))
        .prepare(undefined as unknown as string),
    );
    const [row] = (await statement.execute(v)) as { json: string }[];
    return row?.json ?? '[]';
  }

  get countStats() {
    return this.counts?.stats ?? null;
  }

  get countsHeld() {
    return this.counts?.held ?? { bytes: 0, entries: 0 };
  }

  // How many listings the search finds in all: kept per search when it does not depend on who
  // asks or on the day (ADR 041).
  async count(f: SearchFilter): Promise<number> {
    if (!this.counts || f.viewer !== undefined || f.available || f.onlyId !== undefined)
      return this.countNow(f);
    const v = searchValues({ ...f, sort: 'newest', after: undefined }, undefined, 0);
    return this.counts.get(JSON.stringify(v), () => this.countNow(f));
  }

  private async countNow(f: SearchFilter): Promise<number> {
    const { v, where, key } = await this.matchWhere(f);
    const statement = await this.kept(key && `count|${key}`, () =>
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(listings)
        .where(and(...where))
        .prepare(undefined as unknown as string),
    );
    const [row] = (await statement.execute(v)) as { n: number | string }[];
    return Number(row?.n ?? 0);
  }
}
