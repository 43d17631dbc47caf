import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { generatedTextsOf } from '#shared/generated-descriptions.ts';
import type { Kind } from '#shared/generated-texts.ts';
import { columns } from './listing-columns.ts';

// The columns a search result is written from (the approximate area, never the home nor the
// agreement: ADR 038): the page's query reads them, and the JSON is written from its rows.
const { location: _location, lat: _lat, lng: _lng, agreement: _agreement, ...summaryFields } = columns;
export const summarySource = summaryFields;
type Source = Record<keyof typeof summarySource, SQLWrapper>;

// A search result as PostgreSQL writes it (ADR 041): the ListingSummary's fields, at the
// approximate area and without the home (ADR 038), as compact JSON text, so a page's rows never
// become row objects, Dates and arrays only to be written out again. Times as toISOString() writes
// them (UTC, milliseconds cut off, as a Date keeps them). The generated texts' translations are
// added in withTranslations(). Written from the page's rows only (an outer query): below a sort,
// PostgreSQL would write it for every row that matches.
const ISO = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);
const iso = (column: SQLWrapper) => sql`to_char(${column} at time zone 'UTC', ${ISO})`;

export function summaryJson(l: Source, km: SQLWrapper | null): SQL<string> {
  // Math.round's rule (halves up), which round() on a float8 is not (halves to even).
  const distance = km ? sql`, floor(${km} * 10 + 0.5) / 10 as "distanceKm"` : sql``;
  return sql<string>`(select row_to_json(j)::text from (select ${l.id} as "id", ${l.userId} as "userId",
    ${l.title} as "title", ${l.description} as "description", ${l.type} as "type", ${l.price} as "price",
    ${l.workHours} as "workHours", '' as "location", ${l.city} as "city", ${l.state} as "state",
    ${l.size} as "size", ${l.amenities} as "amenities", ${l.images} as "images",
    ${l.areaLat} as "lat", ${l.areaLng} as "lng", false as "exactLocation",
    ${iso(l.createdAt)} as "createdAt", ${iso(l.updatedAt)} as "updatedAt", ${l.active} as "active",
    ${l.plots} as "plots", ${l.seasonStart} as "seasonStart", ${l.seasonEnd} as "seasonEnd",
    ${l.bookingMode} as "bookingMode", ${l.cancellationPolicy} as "cancellationPolicy"${distance}) j)`;
}

// What withTranslations() needs of a row: the parts as their jsonb text (one text for the same
// parts), and the English texts only when there are parts.
export const translationColumns = (l: Source) => ({
  type: sql<Kind>`${l.type}`,
  parts: sql<string | null>`${l.generatedParts}::text`,
  title: sql<string | null>`case when ${l.generatedParts} is not null then ${l.title} end`,
  description: sql<string | null>`case when ${l.generatedParts} is not null then ${l.description} end`,
});
export type TranslationRow = {
  type: Kind;
  parts: string | null;
  title: string | null;
  description: string | null;
};

// The texts each set of parts generates, as JSON, kept by the parts' text (at most WRITTEN_MAX):
// the pages read most come back with the same listings, and their texts are written out once.
type Written = { title: string; titles: string; description?: string; descriptions?: string } | null;
const written = new Map<string, Written>();
const WRITTEN_MAX = 10_000;

function writtenOf(type: Kind, parts: string): Written {
  const key = `${type}\n${parts}`;
  let w = written.get(key);
  if (w === undefined) {
    const g = generatedTextsOf(JSON.parse(parts), type);
    w = g && {
      title: g.title,
      titles: JSON.stringify(g.titles),
      ...(g.description === undefined
        ? {}
        : { description: g.description, descriptions: JSON.stringify(g.descriptions) }),
    };
    if (written.size >= WRITTEN_MAX) written.clear();
    written.set(key, w);
  }
  return w;
}

// The summary's JSON with `titles` and `descriptions` added while the English still reads as its
// parts (translationsOf's rule).
export function withTranslations(json: string, r: TranslationRow): string {
  if (r.parts === null) return json;
  const w = writtenOf(r.type, r.parts);
  if (!w) return json;
  let extra = '';
  if (w.title === r.title) extra += `,"titles":${w.titles}`;
  if (w.description !== undefined && w.description === r.description)
    extra += `,"descriptions":${w.descriptions}`;
  return extra ? `${json.slice(0, -1)}${extra}}` : json;
}
