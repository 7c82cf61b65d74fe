import { PublicBookingPage } from '@/features/appointments/components/public-booking-page';

/** /agendar/:slug: the agent's public booking page (no sign-in). */
export default function BookingRoute({ slug }: { slug: string }) {
  return <PublicBookingPage slug={slug} />;
}
