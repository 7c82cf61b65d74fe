import type { PlanId } from '@common/plans';
import type { RegisterFormInput } from '@common/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useRegisterMutation } from '@/features/auth/api/register';
import { deferredSchema, useSchemaForm } from '@/features/auth/hooks/use-schema-form';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';
import { useHydrated } from '@/hooks/use-hydrated';

const FIELDS = ['username', 'name', 'email', 'password', 'confirmPassword'] as const;

const schema = deferredSchema<RegisterFormInput>(
  async () => (await import('@common/schemas/auth')).registerFormSchema,
);

/** The subscription page reads the name and e-mail from the session: only the plan travels. */
function subscriptionUrl(planId: PlanId): string {
  return `/subscription?plan=${planId}`;
}

export function RegisterForm({ planId }: { planId: PlanId }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const mutation = useRegisterMutation({
    onSuccess: () => navigate(subscriptionUrl(planId)),
  });
  const hydrated = useHydrated();
  const form = useSchemaForm({
    fields: FIELDS,
    schema,
    unavailableMessage: t('auth.register.errorFallback'),
    onValid: ({ confirmPassword: _confirm, ...values }) =>
      mutation.mutate(
        { ...values, planId },
        {
          onError: (error) =>
            reportSubmitError(error, form, FIELDS, () =>
              form.setFormError(errorMessage(error, t('auth.register.errorFallback'))),
            ),
        },
      ),
  });

  return (
    <form {...form.formProps} className="grid gap-4">
      <FormField
        label={t('auth.fields.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...form.field('username')}
      />
      <FormField label={t('auth.fields.name')} autoComplete="name" {...form.field('name')} />
      <FormField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        {...form.field('email')}
      />
      <FormField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        {...form.field('password')}
      />
      <FormField
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      {form.formError ? <ErrorAlert message={form.formError} /> : null}
      <Button type="submit" size="lg" variant="brand" disabled={mutation.isPending || !hydrated}>
        {mutation.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
      </Button>
    </form>
  );
}
