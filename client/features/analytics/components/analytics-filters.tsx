import { ANALYTICS_PERIODS, type AnalyticsChannel } from '@common/schemas/analytics';
import { useTranslation } from 'react-i18next';
import { OptionsSelect } from '@/components/options-select';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAgentsQuery } from '@/lib/agents/get-agents';

export type Period = (typeof ANALYTICS_PERIODS)[number] | 'custom';

export interface ReportFilters {
  period: Period;
  /** the custom range's days, YYYY-MM-DD (may be empty while being typed) */
  from: string;
  to: string;
  agentId?: number | undefined;
  channel?: AnalyticsChannel | undefined;
}

const ALL = 'all';
const PERIODS: readonly Period[] = [...ANALYTICS_PERIODS, 'custom'];

/** Period (7, 30, 90 days or from–to), agent and channel of the reports. */
export function AnalyticsFilters(props: {
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
}) {
  const { filters, onChange } = props;
  const { t } = useTranslation('analytics');
  const agents = useAgentsQuery();
  return (
    <div className="grid gap-3">
      <div role="group" aria-label={t('filters.period')} className="flex flex-wrap gap-2">
        {PERIODS.map((period) => (
          <Button
            key={period}
            type="button"
            size="sm"
            variant={filters.period === period ? 'default' : 'outline'}
            aria-pressed={filters.period === period}
            onClick={() => onChange({ ...filters, period })}
          >
            {period === 'custom' ? t('filters.custom') : t('filters.lastDays', { count: period })}
          </Button>
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {filters.period === 'custom' ? (
          <>
            <div className="grid gap-1">
              <Label htmlFor="analytics-from">{t('filters.from')}</Label>
              <Input
                id="analytics-from"
                type="date"
                value={filters.from}
                onChange={(event) => onChange({ ...filters, from: event.currentTarget.value })}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="analytics-to">{t('filters.to')}</Label>
              <Input
                id="analytics-to"
                type="date"
                value={filters.to}
                onChange={(event) => onChange({ ...filters, to: event.currentTarget.value })}
              />
            </div>
          </>
        ) : null}
        <div className="grid gap-1">
          <Label htmlFor="analytics-agent">{t('filters.agent')}</Label>
          <OptionsSelect
            id="analytics-agent"
            value={filters.agentId === undefined ? ALL : String(filters.agentId)}
            onValueChange={(value) =>
              onChange({ ...filters, agentId: value === ALL ? undefined : Number(value) })
            }
            options={[
              { value: ALL, label: t('filters.allAgents') },
              ...(agents.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
            ]}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="analytics-channel">{t('filters.channel')}</Label>
          <OptionsSelect
            id="analytics-channel"
            value={filters.channel ?? ALL}
            onValueChange={(value) =>
              onChange({
                ...filters,
                channel: value === ALL ? undefined : (value as AnalyticsChannel),
              })
            }
            options={[
              { value: ALL, label: t('filters.allChannels') },
              { value: 'whatsapp', label: t('channels.whatsapp') },
              { value: 'webchat', label: t('channels.webchat') },
            ]}
          />
        </div>
      </div>
    </div>
  );
}
