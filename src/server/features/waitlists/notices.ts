import type { NotifyInput } from '../../core/notifier.ts';
import { clip } from '../../core/notifier.ts';
import type { Lang } from '../../mail/lang.ts';

const TITLE_CHARS = 80;
const BODY_CHARS = 140;

// The grower's notice (and e-mail) of a plot offered to them: which dates, held until when.
export function offerNotice(o: {
  growerId: number;
  listing: { id: number; title: string };
  start: string;
  end: string | null;
  expiresAt: Date;
}): NotifyInput {
  const title = ({ t }: Lang) => t.waitlistOffer(clip(o.listing.title, TITLE_CHARS));
  const dates = (l: Lang) => (o.end ? `${l.day(o.start)} – ${l.day(o.end)}` : l.day(o.start));
  const body = (l: Lang) => l.t.waitlistOfferBody(dates(l), l.at(o.expiresAt));
  // The grower's waiting lists, with the offer to accept or decline, are on their bookings page.
  const link = '/bookings';
  return {
    userId: o.growerId,
    kind: 'waitlist_offer',
    listingId: o.listing.id,
    title,
    body,
    link,
    email: (l) => ({
      subject: title(l),
      paragraphs: [body(l)],
      action: { label: l.t.waitlistOfferAction, url: link },
    }),
  };
}

// The host's notice (and e-mail) of an offered plot the grower declined with a reason (ADR 059):
// who, where, why. A decline without a reason tells the host nothing, as before.
export function declineNotice(o: {
  hostId: number;
  grower: { id: number; name: string };
  listing: { id: number; title: string };
  reason: string;
}): NotifyInput {
  const title = ({ t }: Lang) => t.waitlistDeclined(o.grower.name, clip(o.listing.title, TITLE_CHARS));
  const body = (l: Lang) =>
    `${l.t.waitlistDeclinedBody} ${l.t.reasonGiven(l.t.quote(clip(o.reason, BODY_CHARS)))}`;
  // The host's waiting list is on the listing's page.
  const link = `/listings/${o.listing.id}`;
  return {
    userId: o.hostId,
    kind: 'waitlist_offer',
    actorId: o.grower.id,
    listingId: o.listing.id,
    title,
    body,
    link,
    email: (l) => ({
      subject: title(l),
      paragraphs: [l.t.waitlistDeclinedBody, l.t.reasonGiven(l.t.quote(o.reason))],
      action: { label: l.t.viewListing, url: link },
    }),
  };
}
