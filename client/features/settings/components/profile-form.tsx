import { zodResolver } from '@hookform/resolvers/zod';
import { profileSchema, type ProfileInput } from '@common/schemas/settings';
import { UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useUpdateProfileMutation } from '@/features/settings/api/update-profile';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { toast } from '@/hooks/use-toast';
import { useAuth } from '@/lib/auth/auth-provider';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

const FIELDS = ['name', 'email'] as const;

export function ProfileForm() {
  const { t } = useTranslation('console');
  const { user } = useAuth();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '' },
  });
  const { errors } = form.formState;
  const mutation = useUpdateProfileMutation();

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ name: saved.name, email: saved.email });
        toast({ title: t('settings.profile.saved') });
      },
      onError: (error) =>
        reportSubmitError(error, form, FIELDS, () =>
          toast({
            variant: 'destructive',
            title: t('settings.profile.failed'),
            description: errorMessage(error, t('settings.failedFallback')),
          }),
        ),
    });
  });

  return (
    <SettingsCard
      icon={UserRound}
      title={t('settings.profile.title')}
      description={t('settings.profile.description')}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
        <FormField
          label={t('settings.profile.name')}
          autoComplete="name"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormField
          label={t('settings.profile.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? t('settings.saving') : t('settings.profile.save')}
        </Button>
      </form>
    </SettingsCard>
  );
}
