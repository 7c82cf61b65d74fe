import type { ConnectWhatsappCloudInput } from '@common/schemas/whatsapp';
import { useTranslation } from 'react-i18next';
import { useConnectWhatsappCloudMutation } from '@/features/whatsapp/api/connect-whatsapp-cloud';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

/**
 * Connects the official number, from the signup, the simulator or the manual form, with one
 * toast for the outcome. `placeError` may put a failure on the form's fields instead (then no
 * toast repeats it). Awaited rather than through mutate's callbacks: the screen that asked is
 * replaced by the number's card as soon as the view changes, and its toast must still show.
 */
export function useCloudConnect(agentId: number) {
  const { t } = useTranslation('whatsapp');
  const mutation = useConnectWhatsappCloudMutation();

  const connect = async (
    body: ConnectWhatsappCloudInput,
    placeError?: (error: unknown) => boolean,
  ): Promise<boolean> => {
    try {
      await mutation.mutateAsync({ agentId, body });
    } catch (error) {
      if (!placeError?.(error)) {
        toast({
          variant: 'destructive',
          title: t('cloud.toasts.connectFailed'),
          description: errorMessage(error, t('cloud.toasts.connectFailedFallback')),
        });
      }
      return false;
    }
    toast({
      title: t('cloud.toasts.connected'),
      description: t('cloud.toasts.connectedDescription'),
    });
    return true;
  };

  return { connect, pending: mutation.isPending };
}
