import { serviceInputSchema, type Service } from '@common/schemas/appointments';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useSaveServiceMutation } from '@/features/appointments/api/save-service';
import { parseBrl } from '@/features/appointments/lib/money';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { issuesToMessages, serverMessages, type FieldMessages } from '@/lib/issues';

interface ServiceDialogProps {
  agentId: number;
  /** the service edited; absent for a new one */
  service?: Service | undefined;
  onClose: () => void;
}

/** Add or edit a service: name, duration, price in reais, buffer before and after. */
export function ServiceDialog({ agentId, service, onClose }: ServiceDialogProps) {
  const { t, i18n } = useTranslation('appointments');
  const [name, setName] = useState(service?.name ?? '');
  const [duration, setDuration] = useState(String(service?.durationMinutes ?? 30));
  const [price, setPrice] = useState(
    service?.priceBrl == null
      ? ''
      : service.priceBrl.toLocaleString(i18n.language, { minimumFractionDigits: 2 }),
  );
  const [buffer, setBuffer] = useState(String(service?.bufferMinutes ?? 0));
  const [errors, setErrors] = useState<FieldMessages>({});
  const save = useSaveServiceMutation(agentId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog is portalled, but its submit must never reach the agent editor's form.
    event.stopPropagation();
    const parsed = serviceInputSchema.safeParse({
      name,
      durationMinutes: duration,
      priceBrl: parseBrl(price),
      bufferMinutes: buffer === '' ? 0 : buffer,
    });
    if (!parsed.success) {
      setErrors(issuesToMessages(parsed.error));
      return;
    }
    setErrors({});
    save.mutate(
      { serviceId: service?.id, input: parsed.data },
      {
        onSuccess: () => {
          toast({ title: t('services.saved') });
          onClose();
        },
        onError: (failure) => setErrors(serverMessages(failure)),
      },
    );
  };
  const placed = Object.keys(errors).length > 0;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{service ? t('services.editTitle') : t('services.addTitle')}</DialogTitle>
          <DialogDescription>{t('services.dialogDescription')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4" data-testid="service-form">
          <FormField
            label={t('services.name')}
            value={name}
            maxLength={120}
            placeholder={t('services.namePlaceholder')}
            error={errors.name}
            onChange={(e) => setName(e.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label={t('services.duration')}
              type="number"
              inputMode="numeric"
              min={5}
              value={duration}
              error={errors.durationMinutes}
              onChange={(e) => setDuration(e.target.value)}
            />
            <FormField
              label={t('services.price')}
              inputMode="decimal"
              value={price}
              placeholder={t('services.pricePlaceholder')}
              error={errors.priceBrl}
              onChange={(e) => setPrice(e.target.value)}
            />
            <FormField
              label={t('services.buffer')}
              type="number"
              inputMode="numeric"
              min={0}
              value={buffer}
              error={errors.bufferMinutes}
              onChange={(e) => setBuffer(e.target.value)}
            />
          </div>
          <p className="text-xs text-muted-foreground">{t('services.bufferHint')}</p>
          {save.isError && !placed ? (
            <ErrorAlert message={errorMessage(save.error, t('settings.saveError'))} />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('settings.saving') : t('services.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
