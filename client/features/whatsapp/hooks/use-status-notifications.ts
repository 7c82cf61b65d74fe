import type { WhatsappStatus } from '@common/schemas/whatsapp';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { statusChange } from '@/features/whatsapp/lib/status';
import { toast } from '@/hooks/use-toast';

/** Toasts 'WhatsApp Conectado!' on the way into CONNECTED, 'Conexão perdida' away from it. */
export function useStatusNotifications(status: WhatsappStatus | null | undefined) {
  const { t } = useTranslation('whatsapp');
  const previous = useRef(status);
  useEffect(() => {
    const change = statusChange(previous.current, status);
    previous.current = status;
    if (change === 'connected') {
      toast({ title: t('toasts.connectedTitle'), description: t('toasts.connectedDescription') });
    } else if (change === 'lost') {
      toast({
        variant: 'destructive',
        title: t('toasts.lostTitle'),
        description: t('toasts.lostDescription'),
      });
    }
  }, [status, t]);
}
