import type { PlanId } from '@common/plans';
import type { registerFormSchema } from '@common/schemas/auth';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useRegisterMutation } from '@/features/auth/api/register';
import { deferredResolver } from '@/lib/deferred-resolver';
import { errorMessage, reportSubmitError } from '@/lib/form-errors';

type FormInput = z.input<typeof registerFormSchema>;
type FormOutput = z.output<typeof registerFormSchema>;

const FIELDS = ['username', 'name', 'email', 'password'] as const;

const resolver = deferredResolver<FormInput, FormOutput>(async () => {
  const [{ zodResolver }, { registerFormSchema }] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@common/schemas/auth'),
  ]);
  return zodResolver(registerFormSchema);
});

/** The subscription page reads the name and e-mail from the session: only the plan travels. */
function subscriptionUrl(planId: PlanId): string {
  return `/subscription?plan=${planId}`;
}

export function RegisterForm({ planId }: { planId: PlanId }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: { username: '', name: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useRegisterMutation({
    onSuccess: () => navigate(subscriptionUrl(planId)),
  });

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...values }) => {
    mutation.mutate(
      { ...values, planId },
      {
        onError: (error) =>
          reportSubmitError(error, form, FIELDS, () =>
            form.setError('root.server', {
              message: errorMessage(error, t('auth.register.errorFallback')),
            }),
          ),
      },
    );
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
        label={t('auth.fields.name')}
        autoComplete="name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormField
        label={t('auth.fields.email')}
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <FormField
        label={t('auth.fields.password')}
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        label={t('auth.fields.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      {errors.root?.server?.message ? <ErrorAlert message={errors.root.server.message} /> : null}
      <Button type="submit" size="lg" variant="brand" disabled={mutation.isPending}>
        {mutation.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
      </Button>
    </form>
  );
}
