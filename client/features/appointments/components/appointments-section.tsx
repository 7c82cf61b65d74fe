import type { Appointment, Service } from '@common/schemas/appointments';
import { useQueries } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { SectionShapes } from '@/components/skeletons/section-skeleton';
import { Button } from '@/components/ui/button';
import { useAppointmentsQuery } from '@/features/appointments/api/get-appointments';
import { useOwnerTimeZoneQuery } from '@/features/appointments/api/get-owner-time-zone';
import { getServices } from '@/features/appointments/api/get-services';
import { servicesKey } from '@/features/appointments/api/appointments-keys';
import {
  dayIn,
  dayInWords,
  daysOfView,
  shiftAnchor,
  type AgendaView,
} from '@/features/appointments/lib/calendar';
import { useAgentsQuery } from '@/lib/agents/get-agents';
import { errorMessage } from '@/lib/form-errors';
import { useZoneName } from '@/lib/time-zones';
import { cn } from '@/lib/utils';
import { AgendaGrid } from './agenda-grid';
import { AppointmentDialog } from './appointment-dialog';
import { CalendarFeedCard } from './calendar-feed-card';
import { NewAppointmentDialog } from './new-appointment-dialog';

interface AppointmentsSectionProps {
  /** opens the agent's settings on its 'Agendamentos' tab (composed by the app) */
  onConfigureAgent: (agentId: number) => void;
  /** opens the agents section to create the first agent (composed by the app) */
  onCreateAgent: () => void;
}

const VIEWS: AgendaView[] = ['day', 'week'];

/** Section "appointments" ('Agenda'): the owner's day or week, new bookings, the calendar feed. */
export function AppointmentsSection({ onConfigureAgent, onCreateAgent }: AppointmentsSectionProps) {
  const { t, i18n } = useTranslation('appointments');
  const zone = useOwnerTimeZoneQuery();
  const agents = useAgentsQuery();
  const [view, setView] = useState<AgendaView>('week');
  const [anchor, setAnchor] = useState<string | null>(null);
  const [open, setOpen] = useState<Appointment | null>(null);
  const [creating, setCreating] = useState(false);
  const timeZone = zone.data;
  const zoneName = useZoneName(timeZone);
  const today = timeZone ? dayIn(new Date(), timeZone) : null;
  const shown = anchor ?? today;
  const days = shown ? daysOfView(view, shown) : [];
  const range = days.length > 0 ? { from: days[0]!, to: days.at(-1)! } : null;
  const appointments = useAppointmentsQuery(range);
  const services = useQueries({
    queries: (agents.data ?? []).map((agent) => ({
      queryKey: servicesKey(agent.id),
      queryFn: () => getServices(agent.id),
    })),
  });
  const serviceById = new Map<number, Service>();
  for (const result of services) for (const s of result.data ?? []) serviceById.set(s.id, s);
  const agentName = (id: number) => agents.data?.find((a) => a.id === id)?.name ?? '';
  // The server names the service, also one deleted since (its appointments stay).
  const serviceName = (a: Appointment) => a.serviceName;
  const hasServices = serviceById.size > 0;
  const firstAgent = agents.data?.[0];

  const error = zone.error ?? agents.error ?? appointments.error;
  if (error) return <ErrorAlert message={errorMessage(error, t('agenda.loadError'))} />;
  if (!timeZone || !shown || !today || !agents.data || !appointments.data) return <SectionShapes />;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <div
            role="group"
            aria-label={t('agenda.viewLabel')}
            className="inline-flex rounded-md border p-0.5"
          >
            {VIEWS.map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cn(
                  'rounded px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  view === v ? 'bg-brand-navy text-white' : 'hover:bg-muted',
                )}
              >
                {t(`agenda.views.${v}`)}
              </button>
            ))}
          </div>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t(`agenda.previous.${view}`)}
            onClick={() => setAnchor(shiftAnchor(view, shown, -1))}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button type="button" variant="outline" onClick={() => setAnchor(null)}>
            {t('agenda.today')}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label={t(`agenda.next.${view}`)}
            onClick={() => setAnchor(shiftAnchor(view, shown, 1))}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
          <p
            className="text-sm font-medium first-letter:uppercase"
            data-testid="agenda-period"
            aria-live="polite"
          >
            {view === 'day'
              ? dayInWords(shown, i18n.language)
              : t('agenda.weekOf', {
                  from: dayInWords(days[0]!, i18n.language),
                  to: dayInWords(days[6]!, i18n.language),
                })}
          </p>
        </div>
        <Button type="button" disabled={agents.data.length === 0} onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {t('agenda.new')}
        </Button>
      </div>

      {agents.data.length === 0 ? (
        <EmptyState
          icon={<CalendarDays className="size-6" />}
          title={t('agenda.emptyNoAgents.title')}
          action={<Button onClick={onCreateAgent}>{t('agenda.emptyNoAgents.action')}</Button>}
        >
          {t('agenda.emptyNoAgents.description')}
        </EmptyState>
      ) : !hasServices && appointments.data.length === 0 && services.every((s) => s.isSuccess) ? (
        <EmptyState
          icon={<CalendarDays className="size-6" />}
          title={t('agenda.emptySetup.title')}
          action={
            firstAgent ? (
              <Button
                // The agent's name can be long: the label wraps on a phone.
                className="h-auto max-w-full whitespace-normal"
                onClick={() => onConfigureAgent(firstAgent.id)}
              >
                {t('agenda.emptySetup.action', { agent: firstAgent.name })}
              </Button>
            ) : null
          }
        >
          {t('agenda.emptySetup.description')}
        </EmptyState>
      ) : null}

      <div aria-busy={appointments.isPlaceholderData}>
        <AgendaGrid
          view={view}
          days={days}
          today={today}
          appointments={appointments.data}
          timeZone={timeZone}
          serviceName={serviceName}
          onOpen={setOpen}
        />
      </div>
      <p className="text-xs text-muted-foreground">{t('agenda.zoneNote', { zone: zoneName })}</p>

      <CalendarFeedCard />

      {open ? (
        <AppointmentDialog
          key={open.id}
          appointment={open}
          agentName={agentName(open.agentId)}
          serviceName={serviceName(open)}
          timeZone={timeZone}
          onClose={() => setOpen(null)}
        />
      ) : null}
      {creating ? (
        <NewAppointmentDialog agents={agents.data} onClose={() => setCreating(false)} />
      ) : null}
    </div>
  );
}
