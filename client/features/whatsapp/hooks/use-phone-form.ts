import { zodResolver } from '@hookform/resolvers/zod';
import {
  createWhatsappInstanceSchema,
  type CreateWhatsappInstanceInput,
  type WhatsappInstanceView,
} from '@common/schemas/whatsapp';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCreateWhatsappInstanceMutation } from '@/features/whatsapp/api/create-whatsapp-instance';
import { toast } from '@/hooks/use-toast';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

type PhoneOutput = z.output<typeof createWhatsappInstanceSchema>;

/**
 * The phone of a new instance, checked with the server's own schema before any request: a letter
 * or a short number is said under the field, and a server field error lands there too; only a
 * failure no field explains (gateway down, network) becomes a toast.
 */
export function usePhoneForm(onCreated: (view: WhatsappInstanceView) => void) {
  const { t } = useTranslation('whatsapp');
  const form = useForm<CreateWhatsappInstanceInput, unknown, PhoneOutput>({
    resolver: zodResolver(createWhatsappInstanceSchema),
    // Said on leaving the field, then re-checked while typing.
    mode: 'onTouched',
    defaultValues: { phoneNumber: '' },
  });
  const create = useCreateWhatsappInstanceMutation();

  const submitFor = (agentId: number) =>
    form.handleSubmit(({ phoneNumber }) => {
      create.mutate(
        { agentId, phoneNumber },
        {
          onSuccess: (view) => {
            form.reset({ phoneNumber: '' });
            onCreated(view);
          },
          onError: (error) =>
            reportSubmitError(error, form, ['phoneNumber'], () =>
              toast({
                variant: 'destructive',
                title: t('toasts.createFailed'),
                description: errorMessage(error, t('toasts.createFailedFallback')),
              }),
            ),
        },
      );
    });

  return { form, create, submitFor, error: form.formState.errors.phoneNumber?.message };
}
