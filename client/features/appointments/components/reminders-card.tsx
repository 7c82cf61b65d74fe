import { reminderSettingsSchema, type ReminderSettings } from '@common/schemas/reminders';
import { BellRing } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRemindersQuery } from '@/features/appointments/api/get-reminders';
import { useSaveRemindersMutation } from '@/features/appointments/api/save-reminders';
import {
  formatReminderHours,
  parseReminderHours,
} from '@/features/appointments/lib/reminder-hours';
import { ScheduleSaveFooter, ScheduleSettingsCard, useScheduleSave } from './schedule-settings';

/** Reminders on WhatsApp before each appointment: on or off, and how many hours before. */
export function RemindersCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('appointments');
  const query = useRemindersQuery(agentId);
  return (
    <ScheduleSettingsCard
      icon={BellRing}
      title={t('reminders.title')}
      description={t('reminders.description')}
      query={query}
    >
      {(saved) => <RemindersForm agentId={agentId} initial={saved} />}
    </ScheduleSettingsCard>
  );
}

function RemindersForm({ agentId, initial }: { agentId: number; initial: ReminderSettings }) {
  const { t } = useTranslation('appointments');
  const ids = { enabled: useId(), hours: useId() };
  const [enabled, setEnabled] = useState(initial.enabled);
  const [hours, setHours] = useState(formatReminderHours(initial.hoursBefore));
  const save = useSaveRemindersMutation(agentId);
  const { errors, submit } = useScheduleSave(reminderSettingsSchema, save, t('reminders.saved'));
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
      <LabelledField
        htmlFor={ids.hours}
        label={t('reminders.hours')}
        hint={t('reminders.hoursHint')}
        error={hoursError}
      >
        <Input
          {...fieldA11y(ids.hours, hoursError)}
          className="w-44"
          inputMode="decimal"
          value={hours}
          disabled={!enabled}
          onChange={(e) => setHours(e.target.value)}
        />
      </LabelledField>
      <ScheduleSaveFooter
        save={save}
        errors={errors}
        label={t('reminders.save')}
        onSave={() => submit({ enabled, hoursBefore: parseReminderHours(hours) })}
      />
    </div>
  );
}
