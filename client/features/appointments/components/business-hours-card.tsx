import {
  businessHoursSchema,
  OUT_OF_HOURS_MODES,
  type BusinessHours,
  type OutOfHoursMode,
} from '@common/schemas/appointments';
import { Clock, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import {
  LoadedSettingsCard,
  SettingsSaveFooter,
  useSettingsSave,
} from '@/components/loaded-settings-card';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useBusinessHoursQuery } from '@/features/appointments/api/get-business-hours';
import { useSaveBusinessHoursMutation } from '@/features/appointments/api/save-business-hours';
import { dayInWords } from '@/features/appointments/lib/calendar';
import { translateMessage } from '@/lib/i18n';
import { TimeZoneField } from './time-zone-field';
import { WeeklyWindowsEditor, type WindowRow } from './weekly-windows-editor';

/**
 * When a person answers: the availability's week by default (one schedule, ADR 0035) or a week of
 * their own, the holidays, and what the agent does outside those hours.
 */
export function BusinessHoursCard({ agentId }: { agentId: number }) {
  const { t } = useTranslation('appointments');
  const query = useBusinessHoursQuery(agentId);
  return (
    <LoadedSettingsCard
      icon={Clock}
      title={t('hours.title')}
      description={t('hours.description')}
      query={query}
    >
      {(saved) => (
        // Following, the week shown on separating is the availability's as saved last.
        <BusinessHoursForm
          key={saved.followsAvailability ? `follows:${JSON.stringify(saved.weekly)}` : 'own'}
          agentId={agentId}
          initial={saved}
        />
      )}
    </LoadedSettingsCard>
  );
}

function BusinessHoursForm({ agentId, initial }: { agentId: number; initial: BusinessHours }) {
  const { t, i18n } = useTranslation('appointments');
  const ids = { holiday: useId(), message: useId(), mode: useId(), separate: useId() };
  const [separate, setSeparate] = useState(!initial.followsAvailability);
  const [timezone, setTimezone] = useState(initial.timezone);
  const [weekly, setWeekly] = useState<WindowRow[]>(initial.weekly);
  const [holidays, setHolidays] = useState<string[]>(initial.holidays);
  const [holiday, setHoliday] = useState('');
  const [outOfHours, setOutOfHours] = useState<OutOfHoursMode>(initial.outOfHours);
  const [message, setMessage] = useState(initial.outOfHoursMessage);
  const save = useSaveBusinessHoursMutation(agentId);
  const { errors, submit } = useSettingsSave(businessHoursSchema, save, t('hours.saved'));

  const addHoliday = () => {
    if (!holiday || holidays.includes(holiday)) return;
    setHolidays([...holidays, holiday].sort());
    setHoliday('');
  };

  const holidayError = Object.entries(errors).find(([path]) => path.startsWith('holidays'))?.[1];

  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-2">
        <Checkbox
          id={ids.separate}
          className="mt-0.5"
          checked={separate}
          aria-describedby={`${ids.separate}-hint`}
          onCheckedChange={(checked) => setSeparate(checked === true)}
        />
        <div className="grid gap-1">
          <label htmlFor={ids.separate} className="text-sm font-medium">
            {t('hours.separate')}
          </label>
          <p id={`${ids.separate}-hint`} className="text-xs text-muted-foreground">
            {t('hours.separateHint')}
          </p>
        </div>
      </div>
      {separate ? (
        <>
          <TimeZoneField value={timezone} onChange={setTimezone} error={errors.timezone} />
          <WeeklyWindowsEditor
            windows={weekly}
            onChange={setWeekly}
            withCapacity={false}
            errors={errors}
            testId="business-hours-week"
          />
        </>
      ) : (
        <p
          className="rounded-md border border-dashed p-3 text-sm text-muted-foreground"
          data-testid="business-hours-following"
        >
          {t('hours.following')}
        </p>
      )}
      <LabelledField
        htmlFor={ids.holiday}
        label={t('hours.holidays')}
        hint={t('hours.holidaysHint')}
        error={holidayError}
      >
        <div className="flex flex-wrap gap-2">
          <Input
            {...fieldA11y(ids.holiday, holidayError)}
            type="date"
            className="w-44"
            value={holiday}
            onChange={(e) => setHoliday(e.target.value)}
          />
          <Button type="button" variant="outline" onClick={addHoliday} disabled={!holiday}>
            <Plus aria-hidden="true" />
            {t('hours.addHoliday')}
          </Button>
        </div>
        {holidays.length > 0 ? (
          <ul className="flex flex-wrap gap-2" data-testid="holidays">
            {holidays.map((day) => (
              <li
                key={day}
                className="inline-flex items-center gap-1 rounded-full border bg-muted px-3 py-1 text-sm"
              >
                {dayInWords(day, i18n.language)}
                <button
                  type="button"
                  className="rounded-full p-0.5 hover:bg-background"
                  aria-label={t('hours.removeHoliday', { day: dayInWords(day, i18n.language) })}
                  onClick={() => setHolidays(holidays.filter((d) => d !== day))}
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </LabelledField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('hours.outOfHours')}</legend>
        {OUT_OF_HOURS_MODES.map((mode) => (
          <label key={mode} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={ids.mode}
              className="mt-1"
              checked={outOfHours === mode}
              onChange={() => setOutOfHours(mode)}
            />
            <span>
              <span className="font-medium">{t(`hours.modes.${mode}.label`)}</span>
              <span className="block text-muted-foreground">
                {t(`hours.modes.${mode}.description`)}
              </span>
            </span>
          </label>
        ))}
        {errors.outOfHours ? (
          <p className="text-sm font-medium text-destructive">
            {translateMessage(errors.outOfHours)}
          </p>
        ) : null}
      </fieldset>
      <LabelledField
        htmlFor={ids.message}
        label={t('hours.message')}
        hint={t('hours.messageHint')}
        error={errors.outOfHoursMessage}
      >
        <Textarea
          {...fieldA11y(ids.message, errors.outOfHoursMessage)}
          rows={3}
          maxLength={1000}
          value={message}
          placeholder={t('hours.messagePlaceholder')}
          onChange={(e) => setMessage(e.target.value)}
        />
      </LabelledField>
      <SettingsSaveFooter
        save={save}
        errors={errors}
        label={t('hours.save')}
        onSave={() =>
          submit({
            timezone,
            weekly,
            holidays,
            outOfHours,
            outOfHoursMessage: message,
            followsAvailability: !separate,
          })
        }
      />
    </div>
  );
}
