import { Link, useSearchParams } from 'react-router';
import { Card } from '#client/components/ui/card.tsx';
import { formatDate } from '#client/lib/format.ts';
import type { AdminListing } from '#shared/moderation.ts';
import { useAdminListings } from '../api/admin.ts';
import { ActionButton } from './action-dialog.tsx';
import { hideListing, unhideListing } from './actions.ts';
import { Loaded, Pager, pageParam, ScreenHeader, SearchForm, UserRef } from './parts.tsx';
import { ListingHiddenBadge } from './reports-queue.tsx';

const TYPE_WORDS = { rental: 'Rental', exchange: 'Work exchange', community: 'Community garden' } as const;

// Listings with their state and the hide / restore action (the console's listings and a user's page).
export function ListingRows({ listings, showHost = true }: { listings: AdminListing[]; showHost?: boolean }) {
  return (
    <Card>
      <ul className="divide-y divide-border">
        {listings.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap">
            {l.images[0] ? (
              <img
                src={l.images[0]}
                alt=""
                className="h-12 w-16 shrink-0 rounded-md object-cover"
                loading="lazy"
              />
            ) : (
              <div aria-hidden="true" className="h-12 w-16 shrink-0 rounded-md bg-accent" />
            )}
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                {l.active && !l.hidden ? (
                  <Link
                    to={`/listings/${l.id}`}
                    className="font-medium text-primary underline decoration-current/30 underline-offset-2 hover:decoration-current"
                  >
                    {l.title}
                  </Link>
                ) : (
                  <span className="font-medium">{l.title}</span>
                )}
                <ListingHiddenBadge listing={l} />
                {l.openReports ? (
                  <span className="text-xs font-semibold text-amber-800">
                    {l.openReports} open {l.openReports === 1 ? 'report' : 'reports'}
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-muted-foreground">
                #{l.id} · {TYPE_WORDS[l.type]}
                {l.price !== null ? ` · $${l.price}/month` : ''} · {l.city}, {l.state} · listed{' '}
                {formatDate(l.createdAt)}
              </p>
              {showHost ? (
                <p className="text-xs text-muted-foreground">
                  Host: <UserRef user={l.host} />
                </p>
              ) : null}
            </div>
            <div className="ml-auto shrink-0">
              {l.hidden === 'admin' ? (
                <ActionButton request={unhideListing(l)}>Restore</ActionButton>
              ) : !l.hidden && l.active ? (
                <ActionButton variant="danger" request={hideListing(l)}>
                  Hide
                </ActionButton>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}

// /admin/listings: every listing (the host's unpublished and hidden ones too), newest first, or
// those whose title, city, description or id matches.
export function ListingsScreen() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params);
  const listings = useAdminListings(q, page);
  const data = listings.data;
  return (
    <section aria-labelledby="admin-listings-heading">
      <ScreenHeader title="Listings" id="admin-listings-heading">
        <SearchForm
          key={q}
          label="Search listings"
          placeholder="Title, city, words or id"
          initial={q}
          onSearch={(next) => setParams(next ? { q: next } : {})}
        />
      </ScreenHeader>
      <Loaded
        query={listings}
        isEmpty={!data?.items.length}
        empty={q ? `No listing matches “${q}”.` : 'No listings yet.'}
      >
        {data ? <ListingRows listings={data.items} /> : null}
        {data ? (
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(p) => setParams({ ...(q ? { q } : {}), page: String(p) })}
          />
        ) : null}
      </Loaded>
    </section>
  );
}
