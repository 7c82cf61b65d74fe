import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeSchema, type PasswordChangeInput } from '@common/schemas/settings';
import { ShieldCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useChangePasswordMutation } from '@/features/settings/api/change-password';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { toast } from '@/hooks/use-toast';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordChangeInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function SecurityForm() {
  const { t } = useTranslation('console');
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const mutation = useChangePasswordMutation();

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast({
          title: t('settings.security.saved'),
          description: t('settings.security.savedDescription'),
        });
      },
      onError: (error) =>
        reportSubmitError(error, form, FIELDS, () =>
          toast({
            variant: 'destructive',
            title: t('settings.security.failed'),
            description: errorMessage(error, t('settings.failedFallback')),
          }),
        ),
    });
  });

  return (
    <SettingsCard
      icon={ShieldCheck}
      title={t('settings.security.title')}
      description={t('settings.security.description')}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormField
          label={t('settings.security.current')}
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <FormField
          label={t('settings.security.new')}
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <FormField
          label={t('settings.security.confirm')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? t('settings.saving') : t('settings.security.save')}
        </Button>
      </form>
    </SettingsCard>
  );
}
