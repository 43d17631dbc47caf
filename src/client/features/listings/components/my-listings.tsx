import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Eye, Pencil, Plus, Sprout, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { ConfirmDialog } from '#client/components/ui/dialog.tsx';
import { LoadError, SectionSpinner } from '#client/components/ui/spinner.tsx';
import { errorMessage } from '#client/lib/api.ts';
import { toast } from '#client/lib/toast-store.ts';
import { localTitle } from '#shared/listing-title.ts';
import { photoSrcSet } from '#shared/photos.ts';
import { useDeleteListing } from '../api/listing-mutations.ts';
import { myListingsQuery } from '../api/listings.ts';
import { priceLabel, typeLabel } from '../listing-labels.ts';

// The profile's 'My Listings' tab: the owner's listings with view, edit and delete.
export function MyListings() {
  const { t, i18n } = useLingui();
  const { data: listings, isLoading, error } = useQuery(myListingsQuery);
  const remove = useDeleteListing();
  const [pending, setPending] = useState<number | null>(null);

  if (isLoading) return <SectionSpinner />;
  if (error) return <LoadError what="listings" />;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h2 className="text-xl font-semibold">
          <Trans>My Listings</Trans>
        </h2>
        <Button asChild>
          <Link to="/create-listing">
            <Plus aria-hidden="true" /> <Trans>Add New Listing</Trans>
          </Link>
        </Button>
      </div>
      {!listings?.length ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
            <Sprout aria-hidden="true" className="h-10 w-10 text-primary" />
            <h3 className="text-lg font-semibold">
              <Trans>No Listings Yet</Trans>
            </h3>
            <p className="max-w-sm text-sm text-muted-foreground">
              <Trans>Share your yard, garden or farm with growers near you.</Trans>
            </p>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {listings.map((l) => {
            const title = localTitle(l, i18n.locale);
            return (
              <li key={l.id}>
                <Card className="flex h-full gap-4 overflow-hidden p-3">
                  {l.images[0] ? (
                    <img
                      src={l.images[0]}
                      srcSet={photoSrcSet(l.images[0])}
                      sizes="96px"
                      alt=""
                      className="h-24 w-24 shrink-0 rounded-lg object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <div className="h-24 w-24 shrink-0 rounded-lg bg-muted" />
                  )}
                  <div className="flex min-w-0 flex-1 flex-col">
                    <div className="flex flex-wrap gap-1">
                      <Badge className="w-fit">{typeLabel(i18n, l.type)}</Badge>
                      {l.hiddenBy && (
                        <Badge className="w-fit bg-red-100 text-red-900">
                          <Trans>Hidden by Yardshare</Trans>
                        </Badge>
                      )}
                    </div>
                    <h3 className="mt-1 truncate font-semibold">{title}</h3>
                    <p className="truncate text-sm text-muted-foreground">
                      {l.city}, {l.state} · {priceLabel(i18n, l)}
                    </p>
                    {l.hiddenBy ? (
                      <p className="mt-auto pt-2 text-sm text-muted-foreground">
                        {l.hiddenBy === 'suspension'
                          ? t`Nobody can see it while your account is suspended.`
                          : t`It broke our rules, so nobody can see it. See your notifications to ask about it.`}
                      </p>
                    ) : (
                      <div className="mt-auto flex flex-wrap gap-1 pt-2">
                        <Button asChild size="sm" variant="outline">
                          <Link to={`/listings/${l.id}`} aria-label={t`View ${title}`}>
                            <Eye aria-hidden="true" /> <Trans>View</Trans>
                          </Link>
                        </Button>
                        <Button asChild size="sm" variant="outline">
                          <Link to={`/listings/${l.id}/edit`} aria-label={t`Edit ${title}`}>
                            <Pencil aria-hidden="true" /> <Trans>Edit</Trans>
                          </Link>
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          className="text-destructive"
                          aria-label={t`Delete ${title}`}
                          onClick={() => setPending(l.id)}
                        >
                          <Trash2 aria-hidden="true" /> <Trans>Delete</Trans>
                        </Button>
                      </div>
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t`Are you sure?`}
        description={t`This will permanently delete your listing`}
        confirmLabel={t`Delete`}
        onConfirm={() => {
          if (pending === null) return;
          remove.mutate(pending, {
            onSuccess: () => toast({ title: t`Listing deleted` }),
            onError: (err) =>
              toast({
                title: t`Failed to delete listing`,
                description: errorMessage(err, t`Please try again`),
                variant: 'destructive',
              }),
          });
          setPending(null);
        }}
      />
    </div>
  );
}
