import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Spinner } from '@/components/ui/spinner';
import { useProviderSettingsQuery } from '@/features/settings/api/get-provider-settings';
import { ApiConfigForm } from '@/features/settings/components/api-config-form';
import { ProviderStatus } from '@/features/settings/components/provider-status';
import { SettingsCard } from '@/features/settings/components/settings-card';

/** API configuration: the user's own OpenAI-compatible provider, and what is active now. */
export function ApiConfigCard() {
  const { t } = useTranslation('console');
  const settings = useProviderSettingsQuery();
  return (
    <SettingsCard
      icon={KeyRound}
      title={t('settings.api.title')}
      description={t('settings.api.description')}
    >
      {settings.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner label={t('settings.api.loading')} />
        </div>
      ) : settings.isError ? (
        <ErrorAlert title={t('settings.api.loadError')} message={settings.error.message} />
      ) : (
        <div className="grid gap-6">
          <ProviderStatus view={settings.data} />
          <ApiConfigForm view={settings.data} />
        </div>
      )}
    </SettingsCard>
  );
}
