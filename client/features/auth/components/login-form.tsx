import type { LoginInput } from '@common/schemas/auth';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useLoginMutation } from '@/features/auth/api/login';
import { deferredResolver } from '@/lib/deferred-resolver';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

const FIELDS = ['username', 'password'] as const;

const resolver = deferredResolver<LoginInput, LoginInput>(async () => {
  const [{ zodResolver }, { loginSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@common/schemas/auth'),
  ]);
  return zodResolver(loginSchema);
});

export function LoginForm() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useForm<LoginInput>({
    resolver,
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const mutation = useLoginMutation({ onSuccess: () => navigate('/dashboard') });

  const onSubmit = form.handleSubmit((values) => {
    mutation.mutate(values, {
      onError: (error) =>
        reportSubmitError(error, form, FIELDS, () =>
          form.setError('root.server', {
            message: errorMessage(error, t('auth.login.errorFallback')),
          }),
        ),
    });
  });

  return (
    <form
      noValidate
      onFocus={resolver.preload}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-4"
    >
      <FormField
        label={t('auth.fields.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <FormField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {errors.root?.server?.message ? <ErrorAlert message={errors.root.server.message} /> : null}
      <Button type="submit" size="lg" disabled={mutation.isPending}>
        {mutation.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
    </form>
  );
}
