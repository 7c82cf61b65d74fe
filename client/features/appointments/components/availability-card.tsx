import { availabilitySchema, type Availability } from '@common/schemas/appointments';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LoadedSettingsCard,
  SettingsSaveFooter,
  useSettingsSave,
} from '@/components/loaded-settings-card';
import { useAvailabilityQuery } from '@/features/appointments/api/get-availability';
import { useSaveAvailabilityMutation } from '@/features/appointments/api/save-availability';
import { TimeZoneField } from './time-zone-field';
import { WeeklyWindowsEditor, type WindowRow } from './weekly-windows-editor';

/** When the agent books and how many customers at once (chairs, rooms, professionals). */
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

function AvailabilityForm({ agentId, initial }: { agentId: number; initial: Availability }) {
  const { t } = useTranslation('appointments');
  const [timezone, setTimezone] = useState(initial.timezone);
  const [weekly, setWeekly] = useState<WindowRow[]>(initial.weekly);
  const save = useSaveAvailabilityMutation(agentId);
  const { errors, submit } = useSettingsSave(availabilitySchema, save, t('availability.saved'));

  return (
    <div className="grid gap-4">
      <TimeZoneField value={timezone} onChange={setTimezone} error={errors.timezone} />
      <WeeklyWindowsEditor
        windows={weekly}
        onChange={setWeekly}
        withCapacity
        errors={errors}
        testId="availability-week"
      />
      <SettingsSaveFooter
        save={save}
        errors={errors}
        label={t('availability.save')}
        onSave={() => submit({ timezone, weekly })}
      />
    </div>
  );
}
