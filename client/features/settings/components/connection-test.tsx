import { CircleCheck, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useTestProviderConnectionMutation } from '@/features/settings/api/test-provider-connection';
import { errorMessage } from '@/lib/form-errors';

interface ConnectionTestProps {
  /** the form as typed: a key or base URL not saved yet is what gets tried */
  getValues: () => { apiKey?: string | undefined; baseUrl?: string | null | undefined };
}

/** 'Testar conexão': lists the provider's models and says how many there are, or why not. */
export function ConnectionTest({ getValues }: ConnectionTestProps) {
  const { t, i18n } = useTranslation('console');
  const test = useTestProviderConnectionMutation();

  function run() {
    const { apiKey, baseUrl } = getValues();
    test.mutate({ apiKey: apiKey?.trim() || undefined, baseUrl: baseUrl?.trim() || undefined });
  }

  return (
    <>
      <Button
        type="button"
        variant="secondary"
        lang={i18n.language}
        onClick={run}
        disabled={test.isPending}
      >
        {test.isPending ? t('settings.api.testing') : t('settings.api.test')}
      </Button>
      <div
        role="status"
        aria-live="polite"
        className="basis-full text-sm"
        data-testid="connection-result"
      >
        {test.isSuccess ? (
          <p className="flex items-center gap-2 text-green-700">
            <CircleCheck aria-hidden="true" className="size-4" />
            {t('settings.api.testOk', { count: test.data.models.length })}
          </p>
        ) : null}
        {test.isError ? (
          <p className="flex items-center gap-2 text-destructive">
            <CircleX aria-hidden="true" className="size-4" />
            {t('settings.api.testFailed')}: {errorMessage(test.error, t('settings.failedFallback'))}
          </p>
        ) : null}
      </div>
    </>
  );
}
