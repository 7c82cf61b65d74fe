import type { Appointment, Slot } from '@common/schemas/appointments';
import { CalendarX2, MoveRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAvailabilityQuery } from '@/features/appointments/api/get-availability';
import { useUpdateAppointmentMutation } from '@/features/appointments/api/update-appointment';
import { dayIn, dayInWords, timeIn } from '@/features/appointments/lib/calendar';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { SlotPicker } from './slot-picker';

interface AppointmentDialogProps {
  appointment: Appointment;
  agentName: string;
  serviceName: string;
  /** the owner's zone, the agenda's */
  timeZone: string;
  onClose: () => void;
}

type Mode = 'view' | 'move' | 'cancel';

/** One appointment: what and when, then move it to another free slot or cancel it. */
export function AppointmentDialog(props: AppointmentDialogProps) {
  const { appointment, agentName, serviceName, timeZone, onClose } = props;
  const { t, i18n } = useTranslation('appointments');
  const [mode, setMode] = useState<Mode>('view');
  const [slot, setSlot] = useState<Slot | null>(null);
  const update = useUpdateAppointmentMutation();
  const availability = useAvailabilityQuery(appointment.agentId);
  const agentZone = availability.data?.timezone;
  const when = t('agenda.when', {
    day: dayInWords(dayIn(appointment.startsAt, timeZone), i18n.language),
    start: timeIn(appointment.startsAt, timeZone),
    end: timeIn(appointment.endsAt, timeZone),
  });
  const active = appointment.status === 'confirmed';

  const move = () => {
    if (!slot) return;
    update.mutate(
      { id: appointment.id, patch: { startsAt: slot.startsAt } },
      {
        onSuccess: () => {
          toast({ title: t('agenda.moved') });
          onClose();
        },
        // Taken meanwhile: the slots were refreshed; the customer's choice is gone.
        onError: () => setSlot(null),
      },
    );
  };
  const cancel = () =>
    update.mutate(
      { id: appointment.id, patch: { status: 'cancelled' } },
      {
        onSuccess: () => {
          toast({ title: t('agenda.cancelled') });
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto" data-testid="appointment-dialog">
        <DialogHeader>
          <DialogTitle>{appointment.customerName}</DialogTitle>
          <DialogDescription>{when}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('agenda.service')}</dt>
          <dd>{serviceName}</dd>
          <dt className="text-muted-foreground">{t('agenda.agent')}</dt>
          <dd>{agentName}</dd>
          <dt className="text-muted-foreground">{t('agenda.phone')}</dt>
          <dd className="tabular-nums">{appointment.customerPhone}</dd>
          <dt className="text-muted-foreground">{t('agenda.status')}</dt>
          <dd>{t(`status.${appointment.status}`)}</dd>
        </dl>
        {mode === 'move' ? (
          agentZone ? (
            <div className="grid gap-2 rounded-md border p-3">
              <p className="text-sm font-medium">{t('agenda.moveTitle')}</p>
              <SlotPicker
                agentId={appointment.agentId}
                serviceId={appointment.serviceId}
                timeZone={agentZone}
                initialDay={dayIn(appointment.startsAt, agentZone)}
                value={slot}
                onChange={setSlot}
              />
            </div>
          ) : availability.isError ? (
            <ErrorAlert message={errorMessage(availability.error, t('slots.loadError'))} />
          ) : (
            <Skeleton className="h-24 w-full" />
          )
        ) : null}
        {mode === 'cancel' ? (
          <p className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
            {t('agenda.cancelWarning')}
          </p>
        ) : null}
        {update.isError ? (
          <ErrorAlert message={errorMessage(update.error, t('agenda.updateError'))} />
        ) : null}
        <DialogFooter className="gap-2">
          {mode === 'view' && active ? (
            <>
              <Button type="button" variant="outline" onClick={() => setMode('cancel')}>
                <CalendarX2 aria-hidden="true" />
                {t('agenda.cancel')}
              </Button>
              <Button type="button" onClick={() => setMode('move')}>
                <MoveRight aria-hidden="true" />
                {t('agenda.move')}
              </Button>
            </>
          ) : null}
          {mode === 'view' && !active ? (
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.close')}
            </Button>
          ) : null}
          {mode === 'move' ? (
            <>
              <Button type="button" variant="outline" onClick={() => setMode('view')}>
                {t('common.back')}
              </Button>
              <Button type="button" disabled={!slot || update.isPending} onClick={move}>
                {update.isPending ? t('agenda.saving') : t('agenda.moveConfirm')}
              </Button>
            </>
          ) : null}
          {mode === 'cancel' ? (
            <>
              <Button type="button" variant="outline" onClick={() => setMode('view')}>
                {t('agenda.keep')}
              </Button>
              <Button
                type="button"
                variant="destructive"
                disabled={update.isPending}
                onClick={cancel}
              >
                {update.isPending ? t('agenda.saving') : t('agenda.cancelConfirm')}
              </Button>
            </>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
