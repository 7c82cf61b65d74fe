import { useId, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { translateMessage } from '@/lib/i18n';

interface ApiKeyFieldProps extends ComponentProps<'input'> {
  /** the saved key as the server masks it; the key itself never reaches the page */
  maskedKey: string | null;
  error?: string;
}

export function ApiKeyField({ maskedKey, error, ...inputProps }: ApiKeyFieldProps) {
  const { t } = useTranslation('console');
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('settings.api.apiKey')}</Label>
      <Input
        id={id}
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder={maskedKey ? t('settings.api.keepKey') : t('settings.api.keyPlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        {...inputProps}
      />
      <p id={hintId} className="text-sm text-muted-foreground" data-testid="saved-key">
        {maskedKey ? t('settings.api.savedKey', { masked: maskedKey }) : t('settings.api.noKey')}
      </p>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
