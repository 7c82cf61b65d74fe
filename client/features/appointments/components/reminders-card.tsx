import {
  REMINDERS_MAX,
  reminderSettingsSchema,
  type ReminderSettings,
} from '@common/schemas/reminders';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LoadedSettingsCard,
  SettingsSaveFooter,
  useSettingsSave,
} from '@/components/loaded-settings-card';
import { HourChoicesFieldset } from '@/components/hour-choices-fieldset';
import { useRemindersQuery } from '@/features/appointments/api/get-reminders';
import { useSaveRemindersMutation } from '@/features/appointments/api/save-reminders';
import {
  reminderChoices,
  reminderLabel,
  toggleReminder,
} from '@/features/appointments/lib/reminder-hours';

/** Reminders on WhatsApp before each appointment: on or off, and which leads (up to three). */
export function RemindersCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('appointments');
  const query = useRemindersQuery(agentId);
  return (
    <LoadedSettingsCard
      icon={BellRing}
      title={t('reminders.title')}
      description={t('reminders.description')}
      query={query}
    >
      {(saved) => <RemindersForm agentId={agentId} initial={saved} />}
    </LoadedSettingsCard>
  );
}

function RemindersForm({ agentId, initial }: { agentId: number; initial: ReminderSettings }) {
  const { t, i18n } = useTranslation('appointments');
  const [enabled, setEnabled] = useState(initial.enabled);
  const [hours, setHours] = useState<number[]>(initial.hoursBefore);
  const [choices] = useState(() => reminderChoices(initial.hoursBefore));
  const save = useSaveRemindersMutation(agentId);
  const { errors, submit } = useSettingsSave(reminderSettingsSchema, save, t('reminders.saved'));
  const hoursError = Object.entries(errors).find(([path]) => path.startsWith('hoursBefore'))?.[1];
  return (
    <div className="grid gap-4" data-testid="reminders-card">
      <HourChoicesFieldset
        enabled={enabled}
        onEnabledChange={setEnabled}
        enabledLabel={t('reminders.enabled')}
        legend={t('reminders.hours')}
        hint={t('reminders.hoursHint')}
        choices={choices}
        chosen={hours}
        max={REMINDERS_MAX}
        onToggle={(lead, on) => setHours((list) => toggleReminder(list, lead, on))}
        label={(lead) => reminderLabel(lead, t, i18n.language)}
        error={hoursError}
        testId="reminder-leads"
        wideColumns="sm:grid-cols-4"
      />
      <SettingsSaveFooter
        save={save}
        errors={errors}
        label={t('reminders.save')}
        onSave={() => submit({ enabled, hoursBefore: hours })}
      />
    </div>
  );
}
