import { BookingsOverview } from '#client/features/bookings/components/bookings-list.tsx';
import { usePageHead } from '#client/lib/head.ts';

// /bookings: the user's bookings as grower and as host.
export default function BookingsPage() {
  usePageHead({
    title: 'Your bookings',
    description: 'The growing spaces you booked and the bookings of your spaces on Yardshare.',
    noindex: true,
    path: '/bookings',
  });
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 md:py-10">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">Bookings</h1>
        <p className="mt-1 text-muted-foreground">
          Requests, rentals and memberships, and what each needs next.
        </p>
      </div>
      <BookingsOverview />
    </div>
  );
}
