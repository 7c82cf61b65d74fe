import type { Appointment } from '@common/schemas/appointments';
import { useTranslation } from 'react-i18next';
import {
  dayShort,
  groupByDay,
  timeIn,
  type AgendaView,
} from '@/features/appointments/lib/calendar';
import { cn } from '@/lib/utils';

interface AgendaGridProps {
  view: AgendaView;
  days: string[];
  today: string;
  appointments: Appointment[];
  timeZone: string;
  serviceName: (appointment: Appointment) => string;
  onOpen: (appointment: Appointment) => void;
}

/** The days in columns (stacked on a phone), each appointment a block in time order. */
export function AgendaGrid(props: AgendaGridProps) {
  const { view, days, today, appointments, timeZone, serviceName, onOpen } = props;
  const { t, i18n } = useTranslation('appointments');
  const byDay = groupByDay(appointments, days, timeZone);
  return (
    <div
      className={cn('grid gap-3', view === 'week' ? 'md:grid-cols-7' : 'grid-cols-1')}
      data-testid="agenda-grid"
    >
      {days.map((day) => {
        const items = byDay.get(day) ?? [];
        return (
          <section
            key={day}
            aria-label={dayShort(day, i18n.language)}
            data-day={day}
            className={cn(
              'grid min-h-24 content-start gap-2 rounded-lg border bg-card p-2',
              day === today && 'border-brand-navy',
            )}
          >
            <h3
              className={cn(
                'text-xs font-semibold uppercase',
                day === today ? 'text-brand-navy' : 'text-muted-foreground',
              )}
            >
              {dayShort(day, i18n.language)}
            </h3>
            {items.length === 0 ? (
              <p className="text-xs text-muted-foreground">{t('agenda.dayEmpty')}</p>
            ) : null}
            {items.map((appointment) => {
              const cancelled = appointment.status === 'cancelled';
              return (
                <button
                  key={appointment.id}
                  type="button"
                  data-testid="agenda-appointment"
                  data-status={appointment.status}
                  onClick={() => onOpen(appointment)}
                  className={cn(
                    'grid gap-0.5 rounded-md border-l-4 p-2 text-left text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    cancelled
                      ? 'border-muted-foreground/40 bg-muted text-muted-foreground'
                      : 'border-brand-navy bg-brand-lime/20 hover:bg-brand-lime/30',
                  )}
                >
                  <span className="font-semibold tabular-nums">
                    {t('agenda.range', {
                      start: timeIn(appointment.startsAt, timeZone),
                      end: timeIn(appointment.endsAt, timeZone),
                    })}
                  </span>
                  <span className={cn('font-medium', cancelled && 'line-through')}>
                    {appointment.customerName}
                  </span>
                  <span>{serviceName(appointment)}</span>
                  <span className="text-[0.7rem] uppercase">
                    {t(`status.${appointment.status}`)}
                  </span>
                </button>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
