import type { Availability } from './bookings.ts';

// The day a booking whose start is left empty starts (ADR 058): today when this month has a plot
// free on every day of it, else the first day of the first month in season that has; null when
// none of the next twelve months has one (the listing is full: its waiting list is offered).
// The booking card says this day and sends it; the plain form's route reads the same.
export function firstFreeDay(availability: Pick<Availability, 'months'>, today: string): string | null {
  const month = availability.months.find((m) => m.inSeason && m.free > 0 && `${m.month}-31` >= today);
  if (!month) return null;
  const first = `${month.month}-01`;
  return first < today ? today : first;
}
