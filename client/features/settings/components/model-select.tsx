import { SETTINGS_MODELS } from '@common/schemas/settings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { translateMessage } from '@/lib/i18n';

interface ModelSelectProps {
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string;
}

/** The default model: one of SETTINGS_MODELS. */
export function ModelSelect({ value, onChange, error }: ModelSelectProps) {
  const { t } = useTranslation('console');
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('settings.api.model')}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-invalid={error ? true : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SETTINGS_MODELS.map((model) => (
            <SelectItem key={model} value={model}>
              {model}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error ? (
        <p className="text-sm font-medium text-destructive">{translateMessage(error)}</p>
      ) : null}
    </div>
  );
}
