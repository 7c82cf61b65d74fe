import type { Appointment } from '@common/schemas/appointments';
import { CalendarCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOwnerTimeZone } from '@/lib/owner-time-zone';

/** The contact's appointments (by their phone, any agent), newest first; a cancelled one says so. */
export function ContactAppointments({ appointments }: { appointments: Appointment[] }) {
  const { t, i18n } = useTranslation('contacts');
  const timeZone = useOwnerTimeZone();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(iso));
  return (
    <section className="grid gap-2" aria-labelledby="contact-appointments">
      <h3 id="contact-appointments" className="font-medium">
        {t('panel.appointments')}
      </h3>
      {appointments.length === 0 ? (
        <p className="text-muted-foreground">{t('panel.noAppointments')}</p>
      ) : (
        <ul className="grid gap-2" data-testid="contact-appointments">
          {appointments.map((appointment) => (
            <li key={appointment.id} className="flex items-center gap-3 rounded-md border p-2">
              <CalendarCheck aria-hidden="true" className="size-4 shrink-0" />
              <span className="grid">
                <span className="font-medium">{appointment.serviceName}</span>
                <span className="text-xs text-muted-foreground">
                  {appointment.status === 'cancelled'
                    ? t('panel.appointmentCancelled', { when: when(appointment.startsAt) })
                    : when(appointment.startsAt)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
