import {
  BOOKING_HORIZON_DAYS,
  STARTING_WEEK,
  availabilityFormSchema,
  type AvailabilityView,
} from '@common/schemas/appointments';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LoadedSettingsCard,
  SettingsSaveFooter,
  useSettingsSave,
} from '@/components/loaded-settings-card';
import { FormField } from '@/components/form-field';
import { useAvailabilityQuery } from '@/features/appointments/api/get-availability';
import { useSaveAvailabilityMutation } from '@/features/appointments/api/save-availability';
import { TimeZoneField } from './time-zone-field';
import { WeeklyWindowsEditor, type WindowRow } from './weekly-windows-editor';

/**
 * When the agent books and how many customers at once (chairs, rooms, professionals). Never saved,
 * it starts from STARTING_WEEK (not yet in force: a note says so until it is saved).
 */
export function AvailabilityCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('appointments');
  const query = useAvailabilityQuery(agentId);
  return (
    <LoadedSettingsCard
      icon={CalendarClock}
      title={t('availability.title')}
      description={t('availability.description')}
      query={query}
    >
      {(saved) => <AvailabilityForm agentId={agentId} initial={saved} />}
    </LoadedSettingsCard>
  );
}

function AvailabilityForm({ agentId, initial }: { agentId: number; initial: AvailabilityView }) {
  const { t } = useTranslation('appointments');
  const [timezone, setTimezone] = useState(initial.timezone);
  const [weekly, setWeekly] = useState<WindowRow[]>(() =>
    initial.saved ? initial.weekly : STARTING_WEEK.map((w) => ({ ...w, capacity: 1 })),
  );
  const [horizon, setHorizon] = useState(String(initial.horizonDays));
  const save = useSaveAvailabilityMutation(agentId);
  const { errors, submit } = useSettingsSave(availabilityFormSchema, save, t('availability.saved'));

  return (
    <div className="grid gap-4">
      {initial.saved ? null : (
        <p
          className="rounded-md border border-dashed p-3 text-sm text-muted-foreground"
          data-testid="availability-starting"
        >
          {t('availability.starting')}
        </p>
      )}
      <TimeZoneField value={timezone} onChange={setTimezone} error={errors.timezone} />
      <WeeklyWindowsEditor
        windows={weekly}
        onChange={setWeekly}
        withCapacity
        errors={errors}
        testId="availability-week"
      />
      <div className="grid gap-1 sm:max-w-xs">
        <FormField
          label={t('availability.horizon')}
          type="number"
          inputMode="numeric"
          min={BOOKING_HORIZON_DAYS.min}
          max={BOOKING_HORIZON_DAYS.max}
          value={horizon}
          error={errors.horizonDays}
          data-testid="availability-horizon"
          onChange={(e) => setHorizon(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">
          {t('availability.horizonHint', {
            min: BOOKING_HORIZON_DAYS.min,
            max: BOOKING_HORIZON_DAYS.max,
          })}
        </p>
      </div>
      <SettingsSaveFooter
        save={save}
        errors={errors}
        label={t('availability.save')}
        onSave={() => submit({ timezone, weekly, horizonDays: Number(horizon) })}
      />
    </div>
  );
}
