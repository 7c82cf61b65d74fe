import type { LoginInput } from '@common/schemas/auth';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useLoginMutation } from '@/features/auth/api/login';
import { deferredSchema, useSchemaForm } from '@/features/auth/hooks/use-schema-form';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';
import { useHydrated } from '@/hooks/use-hydrated';

const FIELDS = ['username', 'password'] as const;

const schema = deferredSchema<LoginInput>(
  async () => (await import('@common/schemas/auth')).loginSchema,
);

export function LoginForm() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const mutation = useLoginMutation({ onSuccess: () => navigate('/dashboard') });
  const hydrated = useHydrated();
  const form = useSchemaForm({
    fields: FIELDS,
    schema,
    unavailableMessage: t('auth.login.errorFallback'),
    onValid: (values) =>
      mutation.mutate(values, {
        onError: (error) =>
          reportSubmitError(error, form, FIELDS, () =>
            form.setFormError(errorMessage(error, t('auth.login.errorFallback'))),
          ),
      }),
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
      <FormField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
      />
      {form.formError ? <ErrorAlert message={form.formError} /> : null}
      <Button type="submit" size="lg" disabled={mutation.isPending || !hydrated}>
        {mutation.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
    </form>
  );
}
