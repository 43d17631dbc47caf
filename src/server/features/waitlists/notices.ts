import type { NotifyInput } from '../../core/notifier.ts';
import { clip } from '../../core/notifier.ts';
import type { Lang } from '../../mail/lang.ts';

const TITLE_CHARS = 80;

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
