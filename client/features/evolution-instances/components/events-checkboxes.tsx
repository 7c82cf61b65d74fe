import { REGISTRY_WEBHOOK_EVENTS } from '@common/schemas/whatsapp';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/** The webhook events a gateway instance sends us, by their gateway (UPPER_SNAKE) names. */
export function EventsCheckboxes({
  value,
  onChange,
}: {
  value: string[];
  onChange: (events: string[]) => void;
}) {
  const { t } = useTranslation('evolution');
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t('dialog.events')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {REGISTRY_WEBHOOK_EVENTS.map((event) => {
          const checkboxId = `${id}-${event}`;
          return (
            <div key={event} className="flex items-center gap-2">
              <Checkbox
                id={checkboxId}
                checked={value.includes(event)}
                onCheckedChange={(checked) =>
                  onChange(
                    checked === true ? [...value, event] : value.filter((item) => item !== event),
                  )
                }
              />
              <Label htmlFor={checkboxId} className="font-normal">
                {t(`events.${event}`)}
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
