import { ExternalLink, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * With the built-in simulator playing the gateway there is no real phone to scan with: this opens
 * the simulator page, clearly labelled, where the owner scans and chats as a customer.
 */
export function SimulatorLink({ className }: { className?: string }) {
  const { t } = useTranslation('whatsapp');
  return (
    <div className={className}>
      <Button asChild variant="outline" size="sm">
        <a href="/simulator" target="_blank" rel="noopener" data-testid="simulator-link">
          <Smartphone aria-hidden="true" />
          {t('simulator.link')}
          <ExternalLink aria-hidden="true" />
        </a>
      </Button>
      <p className="mt-1 text-xs text-muted-foreground">{t('simulator.hint')}</p>
    </div>
  );
}
