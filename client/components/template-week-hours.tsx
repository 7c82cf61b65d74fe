import {
  WEEK_PARTS,
  type PartHours,
  type TemplateWeek,
  type WeekPart,
} from '@common/template-hours';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@/components/ui/checkbox';
import { TimeField } from '@/components/time-field';

/** One part of the week as the form holds it: both times typed, or closed, or not answered. */
export interface PartRow {
  open: string;
  close: string;
  closed: boolean;
}
export type WeekRows = Record<WeekPart, PartRow>;

export const emptyWeekRows = (): WeekRows => ({
  weekdays: { open: '', close: '', closed: false },
  saturday: { open: '', close: '', closed: false },
  sunday: { open: '', close: '', closed: false },
});

/** The answers the rows give: a part with one time only, or none, is not answered. */
export function weekOfRows(rows: WeekRows): TemplateWeek {
  const week: TemplateWeek = {};
  for (const part of WEEK_PARTS) {
    const row = rows[part];
    const answer: PartHours | null = row.closed
      ? { closed: true }
      : row.open && row.close
        ? { closed: false, open: row.open, close: row.close }
        : null;
    if (answer) week[part] = answer;
  }
  return week;
}

/**
 * The week's hours a template asks: Monday to Friday, Saturday and Sunday, each with
 * its opening and closing time or "Fechado". They go into the agent's text and its schedule.
 */
export function TemplateWeekHours({
  rows,
  onChange,
  invalid,
}: {
  rows: WeekRows;
  onChange: (rows: WeekRows) => void;
  /** the parts whose closing is not after their opening */
  invalid: readonly WeekPart[];
}) {
  const { t } = useTranslation('agents');
  const set = (part: WeekPart, patch: Partial<PartRow>) =>
    onChange({ ...rows, [part]: { ...rows[part], ...patch } });
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">{t('templates.week.title')}</legend>
      <p className="text-xs text-muted-foreground">{t('templates.week.hint')}</p>
      {WEEK_PARTS.map((part) => {
        const row = rows[part];
        const wrong = invalid.includes(part);
        return (
          <fieldset key={part} className="grid gap-1 rounded-md border p-2">
            <legend className="px-1 text-sm">{t(`templates.week.parts.${part}`)}</legend>
            <div className="flex flex-wrap items-end gap-3">
              <TimeField
                label={t('templates.week.opens')}
                value={row.open}
                disabled={row.closed}
                invalid={wrong}
                onChange={(open) => set(part, { open })}
              />
              <TimeField
                label={t('templates.week.closes')}
                value={row.close}
                disabled={row.closed}
                invalid={wrong}
                onChange={(close) => set(part, { close })}
              />
              <label className="flex items-center gap-2 pb-2 text-sm">
                <Checkbox
                  checked={row.closed}
                  onCheckedChange={(checked) => set(part, { closed: checked === true })}
                />
                {t('templates.week.closed')}
              </label>
            </div>
            {wrong ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {t('templates.week.invalid')}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </fieldset>
  );
}
