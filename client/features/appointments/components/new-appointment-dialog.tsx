import type { Agent } from '@common/schemas/agent';
import { appointmentCreateSchema, type Slot } from '@common/schemas/appointments';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NativeSelect } from '@/components/ui/native-select';
import { useCreateAppointmentMutation } from '@/features/appointments/api/create-appointment';
import { useAvailabilityQuery } from '@/features/appointments/api/get-availability';
import { useServicesQuery } from '@/features/appointments/api/get-services';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { issuesToMessages, serverMessages, type FieldMessages } from '@/lib/issues';
import { SlotPicker } from './slot-picker';

interface NewAppointmentDialogProps {
  agents: Agent[];
  onClose: () => void;
}

/** 'Novo agendamento': agent, service, a free slot, the customer's name and phone. */
export function NewAppointmentDialog({ agents, onClose }: NewAppointmentDialogProps) {
  const { t } = useTranslation('appointments');
  const ids = { agent: useId(), service: useId() };
  const [agentId, setAgentId] = useState<number | undefined>(agents[0]?.id);
  const [serviceId, setServiceId] = useState<number | undefined>(undefined);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const services = useServicesQuery(agentId);
  const availability = useAvailabilityQuery(agentId ?? 0);
  const create = useCreateAppointmentMutation();
  const chosenService = serviceId ?? services.data?.[0]?.id;
  const zone = availability.data?.timezone;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = appointmentCreateSchema.safeParse({
      agentId,
      serviceId: chosenService,
      startsAt: slot?.startsAt,
      customerName: name,
      customerPhone: phone,
    });
    if (!parsed.success) {
      setErrors(issuesToMessages(parsed.error));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast({ title: t('agenda.created') });
        onClose();
      },
      onError: (failure) => {
        setErrors(serverMessages(failure));
        // A 409: someone took it; the refreshed slots no longer offer it.
        setSlot(null);
      },
    });
  };
  const placed = Object.keys(errors).some((path) => path !== 'startsAt');

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('agenda.newTitle')}</DialogTitle>
          <DialogDescription>{t('agenda.newDescription')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" data-testid="new-appointment">
          <LabelledField htmlFor={ids.agent} label={t('agenda.agent')} error={errors.agentId}>
            <NativeSelect
              {...fieldA11y(ids.agent, errors.agentId)}
              value={agentId ?? ''}
              onChange={(e) => {
                setAgentId(Number(e.target.value));
                setServiceId(undefined);
                setSlot(null);
              }}
            >
              {agents.map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
          <LabelledField
            htmlFor={ids.service}
            label={t('agenda.service')}
            error={errors.serviceId}
            hint={services.data?.length === 0 ? t('agenda.noServices') : undefined}
          >
            <NativeSelect
              {...fieldA11y(ids.service, errors.serviceId)}
              value={chosenService ?? ''}
              disabled={!services.data?.length}
              onChange={(e) => {
                setServiceId(Number(e.target.value));
                setSlot(null);
              }}
            >
              {services.data?.map((service) => (
                <option key={service.id} value={service.id}>
                  {t('agenda.serviceOption', {
                    name: service.name,
                    duration: service.durationMinutes,
                  })}
                </option>
              ))}
            </NativeSelect>
          </LabelledField>
          {agentId !== undefined && chosenService !== undefined && zone ? (
            <SlotPicker
              key={`${agentId}-${chosenService}`}
              agentId={agentId}
              serviceId={chosenService}
              timeZone={zone}
              value={slot}
              onChange={setSlot}
            />
          ) : null}
          {errors.startsAt ? (
            <p className="text-sm font-medium text-destructive">{t('agenda.pickSlot')}</p>
          ) : null}
          <FormField
            label={t('booking.name')}
            autoComplete="off"
            value={name}
            maxLength={120}
            error={errors.customerName}
            onChange={(e) => setName(e.target.value)}
          />
          <FormField
            label={t('booking.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            placeholder={t('booking.phonePlaceholder')}
            error={errors.customerPhone}
            onChange={(e) => setPhone(e.target.value)}
          />
          {create.isError && !placed ? (
            <ErrorAlert message={errorMessage(create.error, t('agenda.createError'))} />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('agenda.saving') : t('agenda.book')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
