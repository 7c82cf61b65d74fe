import { AvailabilityCard } from './availability-card';
import { BookingLinkCard } from './booking-link-card';
import { BusinessHoursCard } from './business-hours-card';
import { RemindersCard } from './reminders-card';
import { ServicesCard } from './services-card';

/** The agent editor's 'Agendamentos' tab: what it books, when, its hours, its reminders and its
 * booking page. */
export function AgentAppointmentsTab({ agentId }: { agentId: number }) {
  // One column: a weekday's windows (start, end, capacity, remove) need the width of a row.
  return (
    <div className="grid max-w-3xl gap-6" data-testid="agent-appointments-tab">
      <BookingLinkCard agentId={agentId} />
      <ServicesCard agentId={agentId} />
      <AvailabilityCard agentId={agentId} />
      <BusinessHoursCard agentId={agentId} />
      <RemindersCard agentId={agentId} />
    </div>
  );
}
