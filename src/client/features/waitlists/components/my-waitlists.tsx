import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { ListOrdered } from 'lucide-react';
import { myWaitlistsQuery } from '../api/waitlists.ts';
import { WaitlistPlace } from './waitlist-place.tsx';

// The grower's waiting lists on their bookings page (ADR 049), offers first: the notice of an
// offer links here. Nothing when they wait nowhere.
export function MyWaitlists() {
  const { data } = useQuery(myWaitlistsQuery);
  const items = [...(data?.items ?? [])].sort((a, b) => Number(!!b.offer) - Number(!!a.offer));
  if (!items.length) return null;
  return (
    <section id="waiting-lists" aria-labelledby="waiting-lists-title" className="space-y-3">
      <h2 id="waiting-lists-title" className="flex items-center gap-2 text-xl font-semibold">
        <ListOrdered className="size-5 text-primary" aria-hidden="true" />
        <Trans>Waiting lists</Trans>
      </h2>
      <ul className="space-y-3">
        {items.map((entry) => (
          <li key={entry.id}>
            <WaitlistPlace entry={entry} withListing />
          </li>
        ))}
      </ul>
    </section>
  );
}
