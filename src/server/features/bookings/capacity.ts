import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ALL_PLOTS, blockedDuring } from '../calendars/queries.ts';
import { openOfferHolds } from '../waitlists/queries.ts';

type Executor = Pick<Db, 'execute'>;

// A booking holds a plot for its dates when it is paid or running, when an exchange or community
// membership is accepted, and when an accepted rental is still inside its payment window. A request
// holds nothing until the host accepts it.
export const holdsPlot = (now: Date) => sql`(
  b.status in ('paid', 'active')
  or (b.status = 'accepted' and (b.type <> 'rental' or b.expires_at > ${now.toISOString()}::timestamptz))
)`;

// The most plots the listing's other holding bookings use on any one day of [start, end); `end`
// null is open-ended. The busiest day is the start or the start of a booking that begins inside.
// A blocked day (an imported calendar's, ADR 048) uses them all; an open waiting-list offer holds a
// plot as a booking does (ADR 049).
export async function plotsInUse(
  tx: Executor,
  p: { listingId: number; start: string; end: string | null; exceptId?: number; now: Date },
): Promise<number> {
  const [used] = await plotsInUseEach(tx, { ...p, ranges: [{ start: p.start, end: p.end }] });
  return used;
}

// plotsInUse for several ranges in one statement (the availability calendar asks for 12 months).
export async function plotsInUseEach(
  tx: Executor,
  p: { listingId: number; ranges: { start: string; end: string | null }[]; exceptId?: number; now: Date },
): Promise<number[]> {
  const ranges = sql.join(
    p.ranges.map((r, i) => sql`(${i}::int, ${r.start}::date, ${r.end}::date)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with r(i, s, e) as (values ${ranges}),
    h as (
      select b.start, b."end" from bookings b
      where b.listing_id = ${p.listingId} and b.id <> ${p.exceptId ?? 0}
        and ${holdsPlot(p.now)}
        and exists (select 1 from r where (r.e is null or b.start < r.e) and (b."end" is null or b."end" > r.s))
      union all
      select w.start, w."end" from (${openOfferHolds(p.listingId, p.now)}) w
      where exists (select 1 from r where (r.e is null or w.start < r.e) and (w."end" is null or w."end" > r.s))
    ),
    pts as (
      select r.i, r.s as d from r
      union
      select r.i, h.start from r join h on h.start > r.s and (r.e is null or h.start < r.e)
    )
    select pts.i, coalesce(max((select count(*) from h where h.start <= pts.d and (h."end" is null or h."end" > pts.d))), 0)::int as n
    from pts group by pts.i
    union all
    select r.i, ${ALL_PLOTS} from r where ${blockedDuring(p.listingId, sql`r.s`, sql`r.e`)}`);
  const used = new Array<number>(p.ranges.length).fill(0);
  for (const row of (result as unknown as { rows: { i: number; n: number }[] }).rows)
    used[Number(row.i)] = Math.max(used[Number(row.i)], Number(row.n));
  return used;
}

// Whether every month a booking touches lies in the listing's season (which may wrap past December).
export function inSeason(season: { start: number | null; end: number | null }, month: number): boolean {
  if (season.start === null || season.end === null) return true;
  return season.start <= season.end
    ? month >= season.start && month <= season.end
    : month >= season.start || month <= season.end;
}

export function monthsTouched(start: string, end: string | null, openMonths = 12): number[] {
  const out: number[] = [];
  const [y, m] = start.split('-').map(Number);
  const last = end
    ? (() => {
        // The end is exclusive: the last day booked is the day before.
        const d = new Date(Date.parse(`${end}T00:00:00Z`) - 86_400_000);
        return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1 };
      })()
    : null;
  for (let i = 0; i < 240; i++) {
    const yy = y + Math.floor((m - 1 + i) / 12);
    const mm = ((m - 1 + i) % 12) + 1;
    if (last ? yy > last.y || (yy === last.y && mm > last.m) : i >= openMonths) break;
    out.push(mm);
  }
  return out;
}
