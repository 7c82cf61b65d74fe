import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { SimInstance } from '@/features/simulator/api/get-sim-instances';
import { SimInstanceRow } from '@/features/simulator/components/sim-instance-row';

/** The owner's simulated instances: scan a pending one, disconnect a connected one. */
export function SimInstanceList({ instances }: { instances: SimInstance[] }) {
  const { t } = useTranslation('simulator');
  return (
    <Card data-testid="sim-instances">
      <CardHeader>
        <CardTitle className="text-base">{t('instances.title')}</CardTitle>
        <CardDescription>{t('instances.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {instances.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('instances.empty')}</p>
        ) : (
          <ul className="grid gap-4">
            {instances.map((instance) => (
              <SimInstanceRow key={instance.instanceName} instance={instance} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
