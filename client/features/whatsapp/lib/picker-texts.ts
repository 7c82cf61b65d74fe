import { useTranslation } from 'react-i18next';
import type { AgentsGateTexts } from '@/components/agents-gate';

/** The WhatsApp screens' texts while their agent picker has nothing to offer yet. */
export function usePickerTexts(): AgentsGateTexts {
  const { t } = useTranslation('whatsapp');
  return {
    loading: t('picker.loading'),
    loadError: t('picker.loadError'),
    emptyTitle: t('picker.emptyTitle'),
    emptyDescription: t('picker.emptyDescription'),
  };
}
