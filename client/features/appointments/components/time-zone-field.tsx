import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { NativeSelect } from '@/components/ui/native-select';
import { useZoneOptions } from '@/lib/time-zones';

interface TimeZoneFieldProps {
  value: string;
  onChange: (zone: string) => void;
  error?: string | undefined;
}

/** The schedule's time zone, Brazil's zones first by city (the native select: hundreds of options). */
export function TimeZoneField({ value, onChange, error }: TimeZoneFieldProps) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const options = useZoneOptions(value);
  return (
    <LabelledField htmlFor={id} label={t('settings.timezone')} error={error}>
      <NativeSelect
        {...fieldA11y(id, error)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <optgroup label={t('settings.zonesBrazil')}>
          {options.brazil.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('settings.zonesOthers')}>
          {options.others.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </optgroup>
      </NativeSelect>
    </LabelledField>
  );
}
