import { catalogueEntry, DEFAULT_MODEL, MODEL_CATALOGUE } from '@common/models';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OptionsSelect } from '@/components/options-select';
import { useModelsQuery } from '@/lib/models/get-models';

interface ModelSelectProps {
  id: string;
  value: string | undefined;
  onChange: (value: string) => void;
  /**
   * A new agent: while the owner has not picked a model, follow the default the server names
   * (their provider may not serve the catalogue's).
   */
  followDefault?: boolean;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

/**
 * Every model picker: the owner's provider's models or the one catalogue, each catalogue model
 * with its plain-language description, and a note when the provider could not be asked. A model
 * outside the list (an older agent's) stays selectable.
 */
export function ModelSelect({ value, onChange, followDefault, ...trigger }: ModelSelectProps) {
  const { t } = useTranslation();
  const { data } = useModelsQuery();
  const models: string[] = data?.models ?? MODEL_CATALOGUE.map((model) => model.id);
  const serverDefault = data?.defaultModel;
  useEffect(() => {
    if (followDefault && serverDefault && value === DEFAULT_MODEL && serverDefault !== value) {
      onChange(serverDefault);
    }
  }, [followDefault, serverDefault, value, onChange]);
  const options = value && !models.includes(value) ? [...models, value] : models;
  const defaultModel = serverDefault ?? DEFAULT_MODEL;
  const chosen = value ? catalogueEntry(value) : undefined;

  return (
    <div className="grid gap-1">
      <OptionsSelect
        {...trigger}
        value={value}
        onValueChange={onChange}
        options={options.map((model) => {
          const entry = catalogueEntry(model);
          const recommended = model === defaultModel ? ` (${t('models.recommended')})` : '';
          return {
            value: model,
            label: `${model}${recommended}`,
            description: entry ? t(`models.${entry.key}`) : undefined,
          };
        })}
      />
      {chosen ? (
        <p className="text-xs text-muted-foreground" data-testid="model-description">
          {t(`models.${chosen.key}`)}
        </p>
      ) : null}
      {data?.note === 'providerFailed' ? (
        <p className="text-xs text-muted-foreground" data-testid="models-note">
          {t('models.providerFailed')}
        </p>
      ) : data?.source === 'provider' ? (
        <p className="text-xs text-muted-foreground">{t('models.fromProvider')}</p>
      ) : null}
    </div>
  );
}
