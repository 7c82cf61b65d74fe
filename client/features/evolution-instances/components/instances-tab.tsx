import type { EvolutionInstanceView } from '@common/schemas/whatsapp';
import { Plus, Server } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDeleteEvolutionInstanceMutation } from '@/features/evolution-instances/api/delete-evolution-instance';
import { useEvolutionInstancesQuery } from '@/features/evolution-instances/api/get-evolution-instances';
import { InstanceCard } from '@/features/evolution-instances/components/instance-card';
import { InstanceDialog } from '@/features/evolution-instances/components/instance-dialog';
import { MonitorDialog } from '@/features/evolution-instances/components/monitor-dialog';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/form-errors';

/** Instances tab: the cards, the create/Configure dialog and the monitor. */
export function InstancesTab() {
  const { t } = useTranslation('evolution');
  const instances = useEvolutionInstancesQuery();
  const remove = useDeleteEvolutionInstanceMutation();
  const [editing, setEditing] = useState<EvolutionInstanceView | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [monitoring, setMonitoring] = useState<EvolutionInstanceView | null>(null);

  const openDialog = (instance: EvolutionInstanceView | null) => {
    setEditing(instance);
    setDialogOpen(true);
  };
  const onDelete = (instance: EvolutionInstanceView) => {
    if (!window.confirm(t('card.deleteConfirm', { name: instance.name }))) return;
    remove.mutate(instance.id, {
      onSuccess: () => toast({ title: t('toasts.deleted') }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('toasts.deleteFailed'),
          description: errorMessage(error, t('toasts.deleteFailed')),
        }),
    });
  };

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button type="button" onClick={() => openDialog(null)}>
          <Plus aria-hidden="true" />
          {t('instances.add')}
        </Button>
      </div>
      {instances.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : instances.isError ? (
        <ErrorAlert title={t('instances.loadError')} message={instances.error.message} />
      ) : instances.data.length === 0 ? (
        <section className="flex flex-col items-center gap-3 rounded-xl border-2 border-dashed bg-card px-6 py-12 text-center">
          <Server aria-hidden="true" className="size-8 text-brand-navy" />
          <h2 className="text-lg font-semibold text-brand-navy">{t('instances.emptyTitle')}</h2>
          <p className="max-w-xl text-muted-foreground">{t('instances.emptyDescription')}</p>
        </section>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {instances.data.map((instance) => (
            <InstanceCard
              key={instance.id}
              instance={instance}
              onConfigure={() => openDialog(instance)}
              onMonitor={() => setMonitoring(instance)}
              onDelete={() => onDelete(instance)}
              deleting={remove.isPending && remove.variables === instance.id}
            />
          ))}
        </div>
      )}
      <InstanceDialog open={dialogOpen} onOpenChange={setDialogOpen} instance={editing} />
      {monitoring ? (
        <MonitorDialog instance={monitoring} onClose={() => setMonitoring(null)} />
      ) : null}
    </div>
  );
}
