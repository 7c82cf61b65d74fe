import { copyDayToAll } from '@common/schemas/appointments';
import { CopyPlus, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { TimeField } from '@/components/time-field';
import { weekdayNames } from '@/features/appointments/lib/calendar';
import type { FieldMessages } from '@/lib/issues';
import { translateMessage } from '@/lib/i18n';

/** One window of a weekly schedule as the editor holds it (capacity only for availability). */
export interface WindowRow {
  weekday: number;
  start: string;
  end: string;
  capacity?: number | undefined;
}

interface WeeklyWindowsEditorProps {
  windows: WindowRow[];
  onChange: (windows: WindowRow[]) => void;
  /** availability shows capacity; business hours do not */
  withCapacity: boolean;
  /** messages by path, `weekly.<index>.<field>` */
  errors: FieldMessages;
  testId: string;
}

/**
 * The week, Sunday first: each weekday with its windows (start, end, and how many at once). A
 * break is the gap between two windows of a day, so "add a break" is adding a second window; a
 * day typed once is copied to the others with "Copiar para todos os dias".
 */
export function WeeklyWindowsEditor(props: WeeklyWindowsEditorProps) {
  const { windows, onChange, withCapacity, errors, testId } = props;
  const { t, i18n } = useTranslation('appointments');
  const names = weekdayNames(i18n.language);

  const update = (index: number, patch: Partial<WindowRow>) =>
    onChange(windows.map((w, i) => (i === index ? { ...w, ...patch } : w)));
  const remove = (index: number) => onChange(windows.filter((_, i) => i !== index));
  const add = (weekday: number) => {
    const last = windows.filter((w) => w.weekday === weekday).at(-1);
    // A second window starts an hour after the first ends (after a lunch break, say).
    const start = last ? laterBy(last.end, 60) : '09:00';
    const row: WindowRow = { weekday, start, end: laterBy(start, 4 * 60) };
    if (withCapacity) row.capacity = last?.capacity ?? 1;
    onChange([...windows, row]);
  };

  return (
    <div className="grid gap-3" data-testid={testId}>
      {names.map((name, weekday) => {
        const rows = windows
          .map((w, index) => ({ w, index }))
          .filter(({ w }) => w.weekday === weekday);
        return (
          <fieldset
            key={weekday}
            className="grid gap-2 rounded-md border p-3"
            data-weekday={weekday}
          >
            <legend className="px-1 text-sm font-medium first-letter:uppercase">{name}</legend>
            {rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('windows.closed')}</p>
            ) : null}
            {rows.map(({ w, index }) => {
              const error =
                errors[`weekly.${index}.end`] ??
                errors[`weekly.${index}.start`] ??
                errors[`weekly.${index}.capacity`] ??
                errors[`weekly.${index}`];
              return (
                <div key={index} className="grid gap-1">
                  <div className="flex flex-wrap items-end gap-2">
                    <TimeField
                      label={t('windows.start')}
                      value={w.start}
                      invalid={Boolean(error)}
                      onChange={(start) => update(index, { start })}
                    />
                    <TimeField
                      label={t('windows.end')}
                      value={w.end}
                      invalid={Boolean(error)}
                      onChange={(end) => update(index, { end })}
                    />
                    {withCapacity ? (
                      <label className="grid gap-1 text-xs">
                        {t('windows.capacity')}
                        <Input
                          type="number"
                          inputMode="numeric"
                          min={1}
                          className="w-24"
                          value={w.capacity ?? ''}
                          aria-invalid={error ? true : undefined}
                          onChange={(e) =>
                            update(index, {
                              capacity: e.target.value === '' ? Number.NaN : Number(e.target.value),
                            })
                          }
                        />
                      </label>
                    ) : null}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={t('windows.remove', { day: name })}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                  {error ? (
                    <p role="alert" className="text-sm font-medium text-destructive">
                      {translateMessage(error)}
                    </p>
                  ) : null}
                </div>
              );
            })}
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => add(weekday)}>
                <Plus aria-hidden="true" />
                {rows.length === 0 ? t('windows.add') : t('windows.addAfterBreak')}
              </Button>
              {rows.length > 0 ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={t('windows.copyToAllOf', { day: name })}
                  onClick={() => onChange(copyDayToAll(windows, weekday))}
                >
                  <CopyPlus aria-hidden="true" />
                  {t('windows.copyToAll')}
                </Button>
              ) : null}
            </div>
          </fieldset>
        );
      })}
      {errors.weekly ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {translateMessage(errors.weekly)}
        </p>
      ) : null}
    </div>
  );
}

/** `HH:MM` plus minutes, held at 24:00 (a window cannot run past midnight). */
function laterBy(hhmm: string, minutes: number): string {
  const [h, m] = hhmm.split(':').map(Number);
  const total = Math.min(24 * 60, (h ?? 0) * 60 + (m ?? 0) + minutes);
  if (total >= 24 * 60) return '23:59';
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
