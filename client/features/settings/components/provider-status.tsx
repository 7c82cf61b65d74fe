import type { ProviderSettingsView } from '@common/schemas/settings';
import { useTranslation } from 'react-i18next';

/** Which provider answers right now, and how knowledge is retrieved. */
export function ProviderStatus({ view }: { view: ProviderSettingsView }) {
  const { t } = useTranslation('console');
  return (
    <dl className="grid gap-3 rounded-lg bg-muted/60 p-4 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-medium text-muted-foreground">{t('settings.api.activeLabel')}</dt>
        <dd className="mt-1 font-semibold text-brand-navy" data-testid="provider-active">
          {t(`settings.api.active.${view.active}`)}
        </dd>
      </div>
      <div>
        <dt className="font-medium text-muted-foreground">{t('settings.api.retrievalLabel')}</dt>
        <dd className="mt-1 font-semibold text-brand-navy" data-testid="provider-retrieval">
          {t(`settings.api.retrieval.${view.retrieval}`)}
        </dd>
      </div>
    </dl>
  );
}
