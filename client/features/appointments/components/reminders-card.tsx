import {
  REMINDERS_MAX,
  reminderSettingsSchema,
  type ReminderSettings,
} from '@common/schemas/reminders';
import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LoadedSettingsCard,
  SettingsSaveFooter,
  useSettingsSave,
} from '@/components/loaded-settings-card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
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
  const ids = { enabled: useId(), hint: useId(), error: useId() };
  const [enabled, setEnabled] = useState(initial.enabled);
  const [hours, setHours] = useState<number[]>(initial.hoursBefore);
  const [choices] = useState(() => reminderChoices(initial.hoursBefore));
  const save = useSaveRemindersMutation(agentId);
  const { errors, submit } = useSettingsSave(reminderSettingsSchema, save, t('reminders.saved'));
  const hoursError = Object.entries(errors).find(([path]) => path.startsWith('hoursBefore'))?.[1];
  return (
    <div className="grid gap-4" data-testid="reminders-card">
      <div className="flex items-start gap-3">
        <Checkbox
          id={ids.enabled}
          checked={enabled}
          onCheckedChange={(checked) => setEnabled(checked === true)}
          className="mt-0.5"
        />
        <Label htmlFor={ids.enabled}>{t('reminders.enabled')}</Label>
      </div>
      <fieldset
        className="grid gap-2"
        disabled={!enabled}
        aria-describedby={hoursError ? `${ids.hint} ${ids.error}` : ids.hint}
        data-testid="reminder-leads"
      >
        <legend className="text-sm font-medium">{t('reminders.hours')}</legend>
        <p id={ids.hint} className="text-sm text-muted-foreground">
          {t('reminders.hoursHint')}
        </p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {choices.map((lead) => {
            const id = `${ids.enabled}-lead-${lead}`;
            const checked = hours.includes(lead);
            return (
              <div key={lead} className="flex items-center gap-2">
                <Checkbox
                  id={id}
                  checked={checked}
                  disabled={!enabled || (!checked && hours.length >= REMINDERS_MAX)}
                  onCheckedChange={(on) =>
                    setHours((list) => toggleReminder(list, lead, on === true))
                  }
                />
                <Label htmlFor={id} className="font-normal">
                  {reminderLabel(lead, t, i18n.language)}
                </Label>
              </div>
            );
          })}
        </div>
        {hoursError ? (
          <p id={ids.error} role="alert" className="text-sm text-destructive">
            {hoursError}
          </p>
        ) : null}
      </fieldset>
      <SettingsSaveFooter
        save={save}
        errors={errors}
        label={t('reminders.save')}
        onSave={() => submit({ enabled, hoursBefore: hours })}
      />
    </div>
  );
}
