import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { farOver } from '#shared/agreement.ts';
import { type HoursEntry, type HoursEntryInput, type HoursLedger, todayUtc } from '#shared/bookings.ts';
import type { Notifier } from '../../core/notifier.ts';
import type { Db } from '../../db/client.ts';
import { bookings, hoursEntries } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { weekOverNotice } from './stay-notices.ts';

type EntryRow = typeof hoursEntries.$inferSelect;

const toEntry = (e: EntryRow): HoursEntry => ({
  id: e.id,
  date: e.day,
  hours: e.quarters / 4,
  note: e.note,
  status: e.status,
  createdAt: e.createdAt.toISOString(),
  decidedAt: e.decidedAt?.toISOString() ?? null,
  disputeReason: e.disputeReason,
});

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// Monday of the week a day falls in.
const weekStart = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};

// The hours ledger of a work exchange: the grower logs the hours worked, the host confirms or
// disputes each entry, and both see the weekly commitment against the confirmed hours.
export class HoursService {
  private db: Db;
  // The host hears of logged hours, the grower of the host's decision.
  private notifier: Notifier;

  constructor(db: Db, notifier: Notifier) {
    this.db = db;
    this.notifier = notifier;
  }

  private async booking(id: number, userId: number) {
    const [b] = await this.db.select().from(bookings).where(eq(bookings.id, id));
    if (!b || (b.growerId !== userId && b.hostId !== userId))
      throw notFound('Booking not found', 'BOOKING_NOT_FOUND');
    if (b.type !== 'exchange') throw conflict('Only work exchanges have an hours ledger', 'NOT_AN_EXCHANGE');
    return b;
  }

  async ledger(id: number, userId: number, now = new Date()): Promise<HoursLedger> {
    const b = await this.booking(id, userId);
    const rows = await this.db
      .select()
      .from(hoursEntries)
      .where(eq(hoursEntries.bookingId, id))
      .orderBy(asc(hoursEntries.day), asc(hoursEntries.id));
    const entries = rows.map(toEntry);
    const perWeek = b.hoursPerWeek ?? 0;
    const weeks = new Map<
      string,
      { weekStart: string; committed: number; logged: number; confirmed: number }
    >();
    // The weeks of the exchange so far (up to today, or its end), each with its commitment.
    const today = todayUtc(now);
    const accepted = ['accepted', 'active', 'completed', 'cancelled'].includes(b.status);
    for (let w = weekStart(b.start); accepted && w <= today && (!b.end || w < b.end); ) {
      weeks.set(w, { weekStart: w, committed: perWeek, logged: 0, confirmed: 0 });
      const d = new Date(`${w}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 7);
      w = d.toISOString().slice(0, 10);
    }
    for (const e of entries) {
      const w = weeks.get(weekStart(e.date)) ?? {
        weekStart: weekStart(e.date),
        committed: 0,
        logged: 0,
        confirmed: 0,
      };
      w.logged += e.hours;
      if (e.status === 'confirmed') w.confirmed += e.hours;
      weeks.set(w.weekStart, w);
    }
    const list = [...weeks.values()]
      .sort((a, c) => (a.weekStart < c.weekStart ? -1 : 1))
      .map((w) => ({ ...w, farOver: farOver(w.logged, perWeek) }));
    const sum = (f: (e: HoursEntry) => boolean) => entries.filter(f).reduce((n, e) => n + e.hours, 0);
    return {
      hoursPerWeek: perWeek,
      entries,
      weeks: list,
      totals: {
        committed: list.reduce((n, w) => n + w.committed, 0),
        logged: sum(() => true),
        confirmed: sum((e) => e.status === 'confirmed'),
        disputed: sum((e) => e.status === 'disputed'),
      },
    };
  }

  async log(id: number, userId: number, input: HoursEntryInput, now = new Date()): Promise<HoursEntry> {
    const b = await this.booking(id, userId);
    if (b.growerId !== userId) throw forbidden('Only the grower logs hours', 'NOT_YOURS');
    if (!['accepted', 'active', 'completed'].includes(b.status))
      throw conflict(`This exchange is ${b.status}: hours cannot be logged`, 'BAD_TRANSITION');
    if (input.date < b.start || (b.end && input.date >= b.end))
      throw badRequest('The date must fall within the exchange', 'OUT_OF_RANGE');
    if (input.date > todayUtc(now)) throw badRequest('Hours cannot be logged ahead of time', 'IN_FUTURE');
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(hoursEntries)
        .values({ bookingId: id, day: input.date, quarters: Math.round(input.hours * 4), note: input.note })
        .returning();
      await this.notifier.hoursLogged(tx, id, inserted);
      // The entry that takes its week far over the agreement tells both, once per week.
      const week = weekStart(input.date);
      const [{ quarters }] = await tx
        .select({ quarters: sql<number>`coalesce(sum(${hoursEntries.quarters}), 0)::int` })
        .from(hoursEntries)
        .where(
          and(
            eq(hoursEntries.bookingId, id),
            gte(hoursEntries.day, week),
            lt(hoursEntries.day, addDays(week, 7)),
          ),
        );
      const agreed = b.hoursPerWeek ?? 0;
      const before = Number(quarters) - inserted.quarters;
      if (farOver(Number(quarters) / 4, agreed) && !farOver(before / 4, agreed))
        await weekOverNotice(this.notifier, tx, b, week, Number(quarters) / 4);
      return inserted;
    });
    return toEntry(row);
  }

  // One guarded UPDATE: an entry is decided once. A dispute may say why (ADR 059): kept on the
  // entry and told to the grower; a confirmation has no reason.
  async decide(
    id: number,
    entryId: number,
    userId: number,
    decision: 'confirm' | 'dispute',
    reason: string | null = null,
    now = new Date(),
  ) {
    const b = await this.booking(id, userId);
    if (b.hostId !== userId) throw forbidden('Only the host confirms or disputes hours', 'NOT_YOURS');
    const row = await this.db.transaction(async (tx) => {
      const [decided] = await tx
        .update(hoursEntries)
        .set(
          decision === 'confirm'
            ? { status: 'confirmed', decidedAt: now }
            : { status: 'disputed', decidedAt: now, disputeReason: reason },
        )
        .where(
          and(
            eq(hoursEntries.id, entryId),
            eq(hoursEntries.bookingId, id),
            eq(hoursEntries.status, 'logged'),
          ),
        )
        .returning();
      if (decided?.status === 'confirmed' || decided?.status === 'disputed')
        await this.notifier.hoursDecided(tx, id, { ...decided, status: decided.status });
      return decided;
    });
    if (row) return toEntry(row);
    const [exists] = await this.db
      .select({ status: hoursEntries.status })
      .from(hoursEntries)
      .where(and(eq(hoursEntries.id, entryId), eq(hoursEntries.bookingId, id)));
    if (!exists) throw notFound('Entry not found', 'ENTRY_NOT_FOUND');
    throw conflict(`This entry is already ${exists.status}`, 'ALREADY_DECIDED');
  }
}
