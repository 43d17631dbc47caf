import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label, Textarea } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { intlLocale } from '#client/lib/format.ts';
import { RATING_MAX, REVIEW_COMMENT_MAX } from '#shared/constants.ts';
import type { BookingReview as Review } from '#shared/reviews.ts';
import { useBookingReviews, useWriteBookingReview } from '../api/booking-reviews.ts';
import { RatingInput } from './rating-input.tsx';
import { reviewDate, Stars } from './review-item.tsx';

type Role = 'grower' | 'host';

// A deadline, in the reader's time zone.
const dayText = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(intlLocale(locale), { month: 'long', day: 'numeric', year: 'numeric' });

// The two blind reviews of a completed booking (ADR 018): the host reviews the grower, the grower
// the space. Each sees only their own until both are in or the window ends; then both show.
export function BookingReview({
  bookingId,
  role,
  otherName,
}: {
  bookingId: number;
  role: Role;
  // The other party's full name.
  otherName: string;
}) {
  const { t, i18n } = useLingui();
  const reviews = useBookingReviews(bookingId);
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const first = otherName.trim().split(/\s+/)[0] || otherName;
  const r = reviews.data;
  const revealed = Boolean(r?.mine?.revealedAt || r?.theirs);
  const title = revealed ? t`Reviews` : role === 'host' ? t`Review ${otherName}` : t`Review this space`;
  const endedOn = r?.revealBy ? dayText(r.revealBy, i18n.locale) : null;

  let body: React.ReactNode;
  if (reviews.isLoading) body = <Spinner />;
  else if (reviews.isError || !r)
    body = (
      <p className="text-sm text-destructive">
        <Trans>Could not load reviews.</Trans>
      </p>
    );
  else if (revealed)
    body = (
      <div className="space-y-3">
        {r.mine ? (
          <ReviewBlock
            label={role === 'host' ? t`Your review of ${first}` : t`Your review of the space`}
            review={r.mine}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>You did not write a review.</Trans>
          </p>
        )}
        {r.theirs ? (
          <ReviewBlock
            label={role === 'host' ? t`${first}’s review of your space` : t`${first}’s review of you`}
            review={r.theirs}
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans>{first} did not write a review.</Trans>
          </p>
        )}
      </div>
    );
  else if (!r.canWrite)
    body = r.mine ? (
      <div className="space-y-3">
        <ReviewBlock label={t`Your review`} review={r.mine} />
        <p className="text-sm text-muted-foreground">
          <Trans>The time to review has ended: both reviews show shortly.</Trans>
        </p>
      </div>
    ) : (
      <p className="text-sm text-muted-foreground">
        {endedOn ? (
          <Trans>The time to review this booking has ended ({endedOn}).</Trans>
        ) : (
          <Trans>The time to review this booking has ended.</Trans>
        )}
      </p>
    );
  else if (r.mine && !editing)
    body = (
      <div className="space-y-3">
        <BlindRule first={first} revealBy={r.revealBy} theirsIn={false} />
        <ReviewBlock label={t`Your review`} review={r.mine} />
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          <Trans>Edit review</Trans>
        </Button>
      </div>
    );
  else
    body = (
      <div className="space-y-4">
        <BlindRule first={first} revealBy={r.revealBy} theirsIn={r.theirsIn} />
        <ReviewForm
          bookingId={bookingId}
          role={role}
          first={first}
          label={title}
          initial={r.mine}
          onDone={() => setEditing(false)}
          onCancel={r.mine ? () => setEditing(false) : undefined}
        />
      </div>
    );

  return (
    <Card role="region" aria-labelledby={headingId} data-testid="booking-review">
      <CardHeader className="pb-3">
        <CardTitle id={headingId} className="text-lg break-words">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

// The blind rule, said plainly.
function BlindRule({
  first,
  revealBy,
  theirsIn,
}: {
  first: string;
  revealBy: string | null;
  theirsIn: boolean;
}) {
  const { t, i18n } = useLingui();
  const until = revealBy ? dayText(revealBy, i18n.locale) : null;
  return (
    <p className="flex gap-2 rounded-lg bg-muted/60 p-3 text-sm">
      {theirsIn ? (
        <Eye aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
      ) : (
        <EyeOff aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
      )}
      <span>
        {theirsIn
          ? t`${first} has reviewed already: both reviews show as soon as you send yours.`
          : until
            ? t`Your review is hidden until ${first} reviews too, or until ${until}.`
            : t`Your review is hidden until ${first} reviews too.`}
      </span>
    </p>
  );
}

function ReviewBlock({ label, review }: { label: string; review: Review }) {
  const { i18n } = useLingui();
  return (
    <div className="rounded-lg border border-border bg-background/60 p-3" data-testid="booking-review-item">
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <p className="text-sm font-medium break-words">{label}</p>
        <time dateTime={review.updatedAt} className="text-xs text-muted-foreground">
          {reviewDate(review.updatedAt, i18n.locale)}
        </time>
      </div>
      <Stars rating={review.rating} className="mt-1" />
      {review.comment ? (
        <p className="mt-2 whitespace-pre-wrap break-words text-sm text-foreground/90">{review.comment}</p>
      ) : null}
    </div>
  );
}

function ReviewForm({
  bookingId,
  role,
  first,
  label,
  initial,
  onDone,
  onCancel,
}: {
  bookingId: number;
  role: Role;
  first: string;
  label: string;
  initial: Review | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const write = useWriteBookingReview(bookingId, role);
  const max = RATING_MAX;
  // No stars until the reviewer picks: a blind review should not start from a given rating.
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [missing, setMissing] = useState(false);
  const id = useId();
  return (
    <form
      aria-label={label}
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!rating) {
          setMissing(true);
          return;
        }
        write.mutate({ rating, comment: comment.trim() || null }, { onSuccess: onDone });
      }}
    >
      <div className="space-y-1">
        <RatingInput
          name={`${id}-rating`}
          value={rating}
          onChange={(n) => {
            setRating(n);
            setMissing(false);
          }}
        />
        {missing ? (
          <p role="alert" className="text-sm text-destructive">
            <Trans>Choose a rating from 1 to {max} stars.</Trans>
          </p>
        ) : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-comment`}>
          <Trans>Comment (optional)</Trans>
        </Label>
        <Textarea
          id={`${id}-comment`}
          maxLength={REVIEW_COMMENT_MAX}
          placeholder={
            role === 'host' ? t`How was ${first} as a grower?` : t`How were the space and the host?`
          }
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={write.isPending}>
          {write.isPending ? t`Submitting...` : initial ? t`Update review` : t`Submit review`}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}
