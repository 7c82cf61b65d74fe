import { AvailabilityCard } from './availability-card';
import { BookingLinkCard } from './booking-link-card';
import { BusinessHoursCard } from './business-hours-card';
import { ServicesCard } from './services-card';

/** The agent editor's 'Agendamentos' tab: what it books, when, its hours and its booking page. */
export function AgentAppointmentsTab({ agentId }: { agentId: number }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2" data-testid="agent-appointments-tab">
      <div className="grid content-start gap-6">
        <ServicesCard agentId={agentId} />
        <BookingLinkCard agentId={agentId} />
        <BusinessHoursCard agentId={agentId} />
      </div>
      <div className="grid content-start gap-6">
        <AvailabilityCard agentId={agentId} />
      </div>
    </div>
  );
}
