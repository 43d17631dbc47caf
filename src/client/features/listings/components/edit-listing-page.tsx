import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#client/components/ui/card.tsx';
import { CenteredSpinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { usePageHead } from '#client/lib/head.ts';
import { useUser } from '#client/lib/session.ts';
import { toast } from '#client/lib/toast-store.ts';
import type { ListingDetail } from '#shared/listings.ts';
import { useUpdateListing } from '../api/listing-mutations.ts';
import { listingQuery } from '../api/listings.ts';
import { CalendarSync } from './calendar-sync.tsx';
import { ListingForm } from './listing-form.tsx';

// `more`: the page's further sections from other features (the waiting list), composed by its route.
export default function EditListingPage({ more }: { more?: (listing: ListingDetail) => ReactNode } = {}) {
  const { t } = useLingui();
  const { id = '' } = useParams();
  usePageHead({ title: t`Edit listing`, noindex: true });
  const { user } = useUser();
  const { data: listing, isLoading, error } = useQuery({ ...listingQuery(id), enabled: /^\d+$/.test(id) });
  const update = useUpdateListing(Number(id));
  const navigate = useNavigate();
  if (isLoading) return <CenteredSpinner />;
  if (error || !listing || listing.userId !== user?.id) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">
          <Trans>Error Loading Listing</Trans>
        </h1>
        <p className="mt-3 text-muted-foreground">
          <Trans>You can only edit your own listings.</Trans>
        </p>
        <Button asChild className="mt-8">
          <Link to="/profile">
            <Trans>Back to your profile</Trans>
          </Link>
        </Button>
      </section>
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">
            <Trans>Edit your listing</Trans>
          </h1>
        </CardHeader>
        <CardContent>
          <ListingForm
            initial={listing}
            submitLabel={t`Save Changes`}
            pending={update.isPending}
            onSubmit={(input) =>
              update.mutate(input, {
                onSuccess: () => {
                  toast({ title: t`Listing updated`, description: t`Your changes are live` });
                  navigate(`/listings/${listing.id}`);
                },
                onError: (err) =>
                  toast({
                    title: t`Failed to update listing`,
                    description: errorMessage(err, t`Please try again`),
                    variant: 'destructive',
                  }),
              })
            }
          />
        </CardContent>
      </Card>
      <CalendarSync listingId={listing.id} />
      {more?.(listing)}
    </div>
  );
}
