import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '#client/lib/api.ts';
import { availabilityQuery } from '../api/bookings.ts';

export type WantedStay = { start: string; months: number | null };
// What the listing page shows where no plot is free (a waiting list, ADR 049); `refused`: the
// server refused these dates, else every month shown is full.
export type WhenFull = (stay: WantedStay, refused: boolean) => React.ReactNode;

// When the booking card has no plot to offer: the server refused a booking of these dates as
// NO_PLOT_FREE, or the availability the card shows has no free month in season. The server still
// decides: joining a waiting list while a plot is free answers "book it instead".
export function useNoPlotFree(listingId: number, stay: WantedStay) {
  const { data } = useQuery(availabilityQuery(listingId));
  const [refusedFor, setRefusedFor] = useState<string | null>(null);
  const key = `${stay.start}/${stay.months ?? ''}`;
  const allFull =
    !!data && data.months.some((m) => m.inSeason) && data.months.every((m) => !m.inSeason || m.free === 0);
  const refused = refusedFor === key;
  return {
    full: refused || allFull,
    refused,
    // A failed booking's error: remembers the dates when it was "no plot free".
    noteRefusal: (err: unknown) => {
      if (err instanceof ApiError && err.code === 'NO_PLOT_FREE') setRefusedFor(key);
    },
  };
}
