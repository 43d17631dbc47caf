import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { ReportButton } from '#client/components/safety/safety-actions.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { ContactHostButton } from '#client/features/messages/components/contact-host-button.tsx';
import { formatMoney, formatMonthYear, formatNumber } from '#client/lib/format.ts';
import { useUser } from '#client/lib/session.ts';
import type { ListingDetail } from '#shared/listings.ts';
import { ListingBooking } from './listing-booking.tsx';

// The side card's price, big then small: "$50" "per month", "6 hrs" "per week", "Free community" "garden".
function sidePrice(i18n: I18n, type: string, price: number | null, workHours: number | null) {
  if (type === 'rental') {
    if (price === null) return null;
    return { big: formatMoney(price * 100, i18n.locale, { whole: true }), small: i18n._(msg`per month`) };
  }
  if (type === 'exchange') {
    if (workHours === null) return null;
    const hours = formatNumber(workHours, i18n.locale);
    return { big: i18n._(msg`${hours} hrs`), small: i18n._(msg`per week`) };
  }
  return { big: i18n._(msg`Free community`), small: i18n._(msg`garden`) };
}

// The listing's side card: its price, the booking part, 'Contact Host', the host as the spec shows
// them ('Host #id', member since), and a report link for signed-in visitors who are not the host.
export function ListingSideCard({ listing }: { listing: ListingDetail }) {
  const { user } = useUser();
  const { t, i18n } = useLingui();
  const side = sidePrice(i18n, listing.type, listing.price, listing.workHours);
  const memberSince = formatMonthYear(listing.host.memberSince, i18n.locale);
  const hostId = listing.userId;
  return (
    // Sticky only in a window tall enough for the whole booking form.
    <Card className="top-20 [@media(min-height:60rem)]:sticky">
      <CardContent className="space-y-4 pt-6">
        {side ? (
          <p>
            <span className="text-2xl font-bold text-primary">{side.big}</span>{' '}
            <span className="text-muted-foreground">{side.small}</span>
          </p>
        ) : null}
        <ListingBooking listing={listing} />
        <ContactHostButton hostId={listing.userId} listingId={listing.id} />
        <div className="border-t border-border pt-4 text-sm">
          <p className="font-semibold">
            <Link to={`/users/${hostId}`} className="underline-offset-4 hover:underline">
              <Trans>Host #{hostId}</Trans>
            </Link>
          </p>
          <p className="text-muted-foreground">
            <Trans>Member since {memberSince}</Trans>
          </p>
        </div>
        {/* Signed-in visitors who are not the host (signed out: nothing, as pre-rendered). */}
        {user && user.id !== listing.userId ? (
          <div className="-mb-2 flex justify-end border-t border-border pt-2">
            <ReportButton
              target={{ subjectType: 'listing', subjectId: listing.id, title: t`Report this listing` }}
              label={t`Report this listing`}
              className="-mr-2"
            />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
