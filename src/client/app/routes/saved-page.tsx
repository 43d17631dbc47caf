import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { ListingCard } from '#client/features/listings/components/listing-card.tsx';
import { savedListingsQuery } from '#client/features/saved/api/saved.ts';
import { SaveButton } from '#client/features/saved/components/save-button.tsx';
import { SavedSearches } from '#client/features/saved/components/saved-searches.tsx';
import { usePageHead } from '#client/lib/head.ts';
import { cardPhotos } from '#shared/photos.ts';

// /saved: the spaces the user hearted and the searches they saved.
export default function SavedPage() {
  const { t } = useLingui();
  usePageHead({
    title: t`Saved`,
    description: t`The growing spaces and searches you saved on Yardshare.`,
    noindex: true,
    path: '/saved',
  });
  const { data, isLoading, isError } = useQuery(savedListingsQuery);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">
        <Trans>Saved</Trans>
      </h1>
      <section className="mt-8" aria-labelledby="saved-spaces">
        <h2 id="saved-spaces" className="text-xl font-semibold">
          <Trans>Saved spaces</Trans>
        </h2>
        <div className="mt-4">
          {isLoading ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : isError ? (
            <p className="text-muted-foreground">
              <Trans>Your saved spaces could not be loaded.</Trans>
            </p>
          ) : !data?.length ? (
            <p className="rounded-xl border border-border bg-card p-6 text-muted-foreground">
              <Trans>
                No saved spaces yet. Tap the heart on a listing to keep it here.{' '}
                <Link to="/listings" className="text-primary underline underline-offset-4">
                  Browse listings
                </Link>
              </Trans>
            </p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.map((l) => (
                <li key={l.id}>
                  <ListingCard
                    listing={l}
                    photos={cardPhotos(l.images[0])}
                    action={<SaveButton listingId={l.id} title={l.title} titles={l.titles} />}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <section className="mt-10" aria-labelledby="saved-searches">
        <h2 id="saved-searches" className="text-xl font-semibold">
          <Trans>Saved searches</Trans>
        </h2>
        <div className="mt-4">
          <SavedSearches />
        </div>
      </section>
    </div>
  );
}
