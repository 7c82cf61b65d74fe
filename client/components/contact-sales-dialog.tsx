import { zodResolver } from '@hookform/resolvers/zod';
import type { PlanId } from '@common/plans';
import {
  contactRequestSchema,
  type ContactRequestInput,
  type ContactRequestResult,
} from '@common/schemas/subscription';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MessageCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';

type FormInput = z.input<typeof contactRequestSchema>;

interface ContactSalesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planId: PlanId;
  defaults?: { name?: string; email?: string };
}

/**
 * 'Falar com consultor': the consultoria plan is above the payment provider's range, so it is
 * sold by a person. The request is stored and confirmed (plus a WhatsApp link when configured).
 */
export function ContactSalesDialog({
  open,
  onOpenChange,
  planId,
  defaults,
}: ContactSalesDialogProps) {
  const { t } = useTranslation('billing');
  const form = useForm<FormInput, unknown, ContactRequestInput>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: {
      planId,
      name: defaults?.name ?? '',
      email: defaults?.email ?? '',
      phone: '',
      message: '',
    },
  });
  const mutation = useMutation({
    mutationFn: (input: ContactRequestInput) =>
      apiRequest<ContactRequestResult>('/api/contact-requests', { method: 'POST', body: input }),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) => mutation.mutate({ ...values, planId }));
  const done = mutation.data;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="contact-sales-dialog">
        <DialogHeader>
          <DialogTitle>{done ? t('contact.successTitle') : t('contact.title')}</DialogTitle>
          <DialogDescription>
            {done ? t('contact.successText') : t('contact.description')}
          </DialogDescription>
        </DialogHeader>
        {done ? (
          <div className="grid gap-4">
            <p className="flex items-center gap-2 text-green-700" role="status">
              <CheckCircle2 aria-hidden="true" className="size-5" />
              {t('contact.successTitle')}
            </p>
            <DialogFooter>
              {done.whatsappUrl ? (
                <Button asChild variant="brand">
                  <a href={done.whatsappUrl} target="_blank" rel="noreferrer">
                    <MessageCircle aria-hidden="true" />
                    {t('contact.whatsapp')}
                  </a>
                </Button>
              ) : null}
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                {t('contact.close')}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
            <FormField
              label={t('contact.name')}
              autoComplete="name"
              error={errors.name?.message}
              {...form.register('name')}
            />
            <FormField
              label={t('contact.email')}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register('email')}
            />
            <FormField
              label={t('contact.phone')}
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...form.register('phone')}
            />
            <div className="grid gap-2">
              <Label htmlFor="contact-message">{t('contact.message')}</Label>
              <Textarea id="contact-message" rows={3} {...form.register('message')} />
            </div>
            {mutation.isError ? (
              <ErrorAlert message={errorMessage(mutation.error, t('contact.errorFallback'))} />
            ) : null}
            <DialogFooter>
              <Button type="submit" variant="brand" disabled={mutation.isPending}>
                {mutation.isPending ? t('contact.sending') : t('contact.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
