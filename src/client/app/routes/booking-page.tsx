import { useParams } from 'react-router';
import { BookingDetailView } from '#client/features/bookings/components/booking-detail.tsx';
import { usePageHead } from '#client/lib/head.ts';

// /bookings/:id: one booking, its actions, hours and history.
export default function BookingPage() {
  const { id = '' } = useParams();
  usePageHead({ title: 'Booking', noindex: true, path: `/bookings/${id}` });
  return <BookingDetailView id={id} />;
}
