import { TEMPERATURE_MAX, TEMPERATURE_MIN } from '@common/agent-options';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Slider } from '@/components/ui/slider';

/** The user's default temperature, over the whole range the schema accepts, in steps of 0.1. */
export function TemperatureSlider({
  value,
  onChange,
}: {
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation('console');
  const labelId = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between text-sm font-medium">
        <span id={labelId}>{t('settings.api.temperature')}</span>
        {/* The technical value stays in sight for who knows it, second to the plain words. */}
        <output
          data-testid="temperature-value"
          title={t('settings.api.temperatureValue', { value: value.toFixed(1) })}
          className="text-xs font-normal text-muted-foreground"
        >
          {value.toFixed(1)}
        </output>
      </div>
      <Slider
        aria-labelledby={labelId}
        min={TEMPERATURE_MIN}
        max={TEMPERATURE_MAX}
        step={0.1}
        value={value}
        onValueChange={onChange}
      />
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{t('settings.api.precise')}</span>
        <span>{t('settings.api.creative')}</span>
      </div>
    </div>
  );
}
