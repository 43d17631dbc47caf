import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { BookingDetailView } from '#client/features/bookings/components/booking-detail.tsx';
import { BookingReview } from '#client/features/reviews/components/booking-review.tsx';
import { usePageHead } from '#client/lib/head.ts';

// /bookings/:id: one booking, its actions, hours and history; once completed, the two reviews.
export default function BookingPage() {
  const { id = '' } = useParams();
  const { t } = useLingui();
  usePageHead({ title: t`Booking`, noindex: true, path: `/bookings/${id}` });
  return (
    <BookingDetailView
      id={id}
      reviews={(b) =>
        b.status === 'completed' ? (
          <BookingReview
            bookingId={b.id}
            role={b.role}
            otherName={b.role === 'host' ? b.grower.name : b.host.name}
          />
        ) : null
      }
    />
  );
}
