import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** The owner's plan does not sell the official number: what it needs, and the way to get it. */
export function CloudPlanGate() {
  const { t } = useTranslation('whatsapp');
  return (
    <div className="grid gap-3 rounded-lg bg-muted/60 p-4 text-sm" data-testid="cloud-plan-gate">
      <p className="flex items-center gap-2 font-medium">
        <Lock aria-hidden="true" className="size-4" />
        {t('cloud.official.planTitle')}
      </p>
      <p className="text-muted-foreground">{t('cloud.official.planDescription')}</p>
      <Button asChild variant="brand" className="w-fit">
        <Link href="/subscription">{t('cloud.official.changePlan')}</Link>
      </Button>
    </div>
  );
}
