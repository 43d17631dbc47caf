import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { BookingsOverview } from '#client/features/bookings/components/bookings-list.tsx';
import { CalendarFeed } from '#client/features/bookings/components/calendar-feed.tsx';
import { MyWaitlists } from '#client/features/waitlists/components/my-waitlists.tsx';
import { usePageHead } from '#client/lib/head.ts';

// /bookings: the user's bookings as grower and as host, and the waiting lists they are on.
export default function BookingsPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Your bookings`,
    description: t`The growing spaces you booked and the bookings of your spaces on Yardshare.`,
    noindex: true,
    path: '/bookings',
  });
  return (
    <div className="mx-auto max-w-3xl space-y-5 px-4 py-6 md:py-10">
      <div>
        <h1 className="text-2xl font-bold md:text-3xl">
          <Trans>Bookings</Trans>
        </h1>
        <p className="mt-1 text-muted-foreground">
          <Trans>Requests, rentals and memberships, and what each needs next.</Trans>
        </p>
        <p className="mt-1 text-sm">
          <Link to="/earnings" className="underline">
            <Trans>Hosting? See your earnings and payouts</Trans>
          </Link>
        </p>
      </div>
      <MyWaitlists />
      <CalendarFeed />
      <BookingsOverview />
    </div>
  );
}
