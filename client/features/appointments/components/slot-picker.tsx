import type { Slot } from '@common/schemas/appointments';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useSlotsQuery } from '@/features/appointments/api/get-slots';
import { dayIn, timeIn } from '@/features/appointments/lib/calendar';
import { errorMessage } from '@/lib/form-errors';
import { cn } from '@/lib/utils';

interface SlotPickerProps {
  agentId: number;
  serviceId: number;
  /** the agent's zone: the day and the times are the agent's */
  timeZone: string;
  initialDay?: string | undefined;
  value: Slot | null;
  onChange: (slot: Slot | null) => void;
}

/** A day, then one of its free starts (GET /api/agents/{id}/slots), as buttons. */
export function SlotPicker(props: SlotPickerProps) {
  const { agentId, serviceId, timeZone, initialDay, value, onChange } = props;
  const { t } = useTranslation('appointments');
  const id = useId();
  const [day, setDay] = useState(() => initialDay ?? dayIn(new Date(), timeZone));
  const slots = useSlotsQuery(day ? { agentId, serviceId, from: day, to: day } : null);

  return (
    <div className="grid gap-3">
      <div className="grid gap-2">
        <Label htmlFor={id}>{t('slots.day')}</Label>
        <Input
          id={id}
          type="date"
          className="w-44"
          value={day}
          min={dayIn(new Date(), timeZone)}
          onChange={(e) => {
            setDay(e.target.value);
            onChange(null);
          }}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('slots.time')}</legend>
        {slots.isError ? (
          <ErrorAlert message={errorMessage(slots.error, t('slots.loadError'))} />
        ) : !day ? null : !slots.data ? (
          <Skeleton className="h-10 w-full" />
        ) : slots.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('slots.none')}</p>
        ) : (
          <div className="flex flex-wrap gap-2" data-testid="slot-list">
            {slots.data.map((slot) => {
              const selected = value?.startsAt === slot.startsAt;
              return (
                <button
                  key={slot.startsAt}
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onChange(slot)}
                  className={cn(
                    'rounded-md border px-3 py-2 text-sm font-medium tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    selected ? 'border-brand-navy bg-brand-navy text-white' : 'hover:bg-muted',
                  )}
                >
                  {timeIn(slot.startsAt, timeZone)}
                </button>
              );
            })}
          </div>
        )}
      </fieldset>
    </div>
  );
}
