import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { ModelSelect as SharedModelSelect } from '@/components/model-select';

interface ModelSelectProps {
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/** The default model of new agents: the same list every model picker offers. */
export function ModelSelect({ value, onChange, error }: ModelSelectProps) {
  const { t } = useTranslation('console');
  const id = useId();
  return (
    <LabelledField htmlFor={id} label={t('settings.api.model')} error={error}>
      <SharedModelSelect {...fieldA11y(id, error)} value={value} onChange={onChange} />
    </LabelledField>
  );
}
