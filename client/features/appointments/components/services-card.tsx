import type { Service } from '@common/schemas/appointments';
import { Pencil, Plus, Scissors, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteServiceMutation } from '@/features/appointments/api/delete-service';
import { useServicesQuery } from '@/features/appointments/api/get-services';
import { formatBrl } from '@/features/appointments/lib/money';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';
import { ServiceDialog } from './service-dialog';

type Editing = { service?: Service } | null;

/** The services the agent books: list, add, edit, delete (with a confirmation). */
export function ServicesCard({ agentId }: { agentId: number }) {
  const { t, i18n } = useTranslation('appointments');
  const services = useServicesQuery(agentId);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  const remove = useDeleteServiceMutation(agentId);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: t('services.deleted') });
        setDeleting(null);
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scissors aria-hidden="true" className="size-5" />
          {t('services.title')}
        </CardTitle>
        <CardDescription>{t('services.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {services.isError ? (
          <ErrorAlert message={errorMessage(services.error, t('settings.loadError'))} />
        ) : !services.data ? (
          <Skeleton className="h-24 w-full" />
        ) : services.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('services.empty')}</p>
        ) : (
          <ul className="grid gap-2" data-testid="services-list">
            {services.data.map((service) => (
              <li
                key={service.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
              >
                <div className="grid gap-0.5">
                  <span className="font-medium">{service.name}</span>
                  <span className="text-sm text-muted-foreground">
                    {t('services.summary', {
                      duration: service.durationMinutes,
                      price:
                        service.priceBrl == null
                          ? t('services.noPrice')
                          : formatBrl(service.priceBrl, i18n.language),
                      buffer: service.bufferMinutes,
                    })}
                  </span>
                </div>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('services.edit', { name: service.name })}
                    onClick={() => setEditing({ service })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('services.delete', { name: service.name })}
                    onClick={() => setDeleting(service)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setEditing({})}
        >
          <Plus aria-hidden="true" />
          {t('services.add')}
        </Button>
      </CardContent>
      {editing ? (
        <ServiceDialog
          agentId={agentId}
          service={editing.service}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            remove.reset();
            setDeleting(null);
          }
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('services.deleteTitle', { name: deleting?.name ?? '' })}</DialogTitle>
            <DialogDescription>{t('services.deleteWarning')}</DialogDescription>
          </DialogHeader>
          {remove.isError ? (
            <ErrorAlert message={errorMessage(remove.error, t('settings.saveError'))} />
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setDeleting(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={remove.isPending}
              onClick={confirmDelete}
            >
              {t('services.deleteConfirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
