import { useQuery } from '@tanstack/react-query';
import { type BookableListing, BookingCard } from '#client/features/bookings/components/booking-card.tsx';
import { myWaitlistsQuery } from '#client/features/waitlists/api/waitlists.ts';
import { JoinWaitlist } from '#client/features/waitlists/components/join-waitlist.tsx';
import { WaitlistPlace } from '#client/features/waitlists/components/waitlist-place.tsx';
import { useUser } from '#client/lib/session.ts';

// The booking part of the listing page with its waiting list (ADR 049): a grower in line sees
// their place (and any offer) instead of the form; where the form finds no plot free, it offers
// to join the list. A work exchange has no list (its request already waits for the host).
export function ListingBooking({ listing }: { listing: BookableListing }) {
  const { user } = useUser();
  const listed = listing.type !== 'exchange';
  const mine = useQuery({ ...myWaitlistsQuery, enabled: listed && !!user && user.id !== listing.userId });
  const entry = mine.data?.items.find((e) => e.listingId === listing.id);
  if (mine.isLoading) return null;
  if (entry) return <WaitlistPlace entry={entry} />;
  const type = listing.type;
  return (
    <BookingCard
      listing={listing}
      whenFull={
        type === 'exchange'
          ? undefined
          : (stay, refused) => (
              <JoinWaitlist listingId={listing.id} type={type} stay={stay} refused={refused} />
            )
      }
    />
  );
}
