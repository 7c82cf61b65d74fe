import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Customer messages by weekday × hour as a table whose cells are shaded by their count: a real
 * table, so screen readers read it as one (no canvas, no chart.js).
 */
/**
 * Light shades carry dark figures and dark shades white ones, each pair well above the 4.5:1
 * contrast WCAG asks of small text.
 */
function shade(intensity: number): CSSProperties {
  if (intensity === 0) return { backgroundColor: 'var(--color-muted)' };
  if (intensity <= 0.5) return { backgroundColor: `rgba(11, 61, 92, ${0.1 + 0.7 * intensity})` };
  return { backgroundColor: `rgba(11, 61, 92, ${0.6 + 0.4 * intensity})`, color: 'white' };
}

export function HourlyHeatmap({ hourly }: { hourly: number[][] }) {
  const { t } = useTranslation('analytics');
  const max = Math.max(1, ...hourly.flat());
  return (
    // `relative`: the table's visually hidden caption (absolutely placed) stays inside what scrolls
    <div className="relative overflow-x-auto">
      <table className="w-full border-separate border-spacing-0.5 text-xs">
        <caption className="sr-only">{t('charts.hoursCaption')}</caption>
        <thead>
          <tr>
            <td />
            {Array.from({ length: 24 }, (_, hour) => (
              <th key={hour} scope="col" className="font-normal text-muted-foreground">
                {hour}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hourly.map((hours, day) => (
            <tr key={day}>
              <th scope="row" className="pr-1 text-left font-normal whitespace-nowrap">
                {t(`weekdays.${day}` as 'weekdays.0')}
              </th>
              {hours.map((count, hour) => (
                <td
                  key={hour}
                  className="h-6 min-w-6 rounded-sm text-center tabular-nums"
                  style={shade(count / max)}
                >
                  {count === 0 ? <span className="sr-only">0</span> : count}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
