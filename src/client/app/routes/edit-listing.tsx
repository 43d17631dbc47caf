import EditListingPage from '#client/features/listings/components/edit-listing-page.tsx';
import { HostWaitlist } from '#client/features/waitlists/components/host-waitlist.tsx';

// /listings/:id/edit: the host's listing (form, calendar sync) and its waiting list (ADR 049); a
// work exchange has none.
export default function EditListingRoute() {
  return (
    <EditListingPage
      more={(listing) => (listing.type === 'exchange' ? null : <HostWaitlist listingId={listing.id} />)}
    />
  );
}
