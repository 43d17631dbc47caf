import { Trans, useLingui } from '@lingui/react/macro';
import { ImageOff, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { localDescription, localTitle } from '#shared/listing-title.ts';
import type { Listing } from '#shared/listings.ts';
import { priceLabel, typeLabel } from '../listing-labels.ts';

export const TYPE_BADGE: Record<Listing['type'], string> = {
  rental: 'bg-accent text-accent-foreground',
  exchange: 'bg-amber-100 text-amber-900',
  community: 'bg-sky-100 text-sky-900',
};

// The listing card. action: a control the composing page puts on the photo (the heart).
export function ListingCard({
  listing,
  eager = false,
  action,
  photos,
}: {
  listing: Pick<
    Listing,
    | 'id'
    | 'title'
    | 'titles'
    | 'description'
    | 'descriptions'
    | 'type'
    | 'price'
    | 'workHours'
    | 'city'
    | 'state'
    | 'images'
  >;
  eager?: boolean;
  action?: ReactNode;
  // The cover in the width the screen needs (cardPhotos, ADR 039). The home page leaves it out:
  // its first visit's script budget (ADR 028) has no room for it.
  photos?: { srcSet: string; sizes: string };
}) {
  const { t, i18n } = useLingui();
  const cover = listing.images[0];
  const price = priceLabel(i18n, listing);
  const title = localTitle(listing, i18n.locale);
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <div className="relative aspect-[4/3] bg-muted">
        {cover ? (
          <img
            src={cover}
            {...photos}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            width={640}
            height={480}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-muted-foreground">
            <ImageOff aria-hidden="true" className="h-6 w-6" />
            <Trans>No image available</Trans>
          </div>
        )}
        <Badge className={`absolute left-3 top-3 shadow-sm ${TYPE_BADGE[listing.type]}`}>
          {typeLabel(i18n, listing.type)}
        </Badge>
        {action ? <div className="absolute right-3 top-3">{action}</div> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg font-semibold leading-snug">{title}</h3>
        {price ? <p className="font-semibold text-primary">{price}</p> : null}
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
          {listing.city}, {listing.state}
        </p>
        <p className="line-clamp-2 text-sm text-muted-foreground">{localDescription(listing, i18n.locale)}</p>
        <div className="mt-auto pt-2">
          <Button asChild variant="outline" className="w-full">
            <Link to={`/listings/${listing.id}`} aria-label={t`View ${title}`}>
              <Trans>View</Trans>
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
