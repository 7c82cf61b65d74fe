import { LoaderCircle, Power, ScanLine } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { LabelledField } from '@/components/labelled-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useDisconnectSimInstanceMutation } from '@/features/simulator/api/disconnect-sim-instance';
import type { SimInstance } from '@/features/simulator/api/get-sim-instances';
import { useScanSimInstanceMutation } from '@/features/simulator/api/scan-sim-instance';
import { toast } from '@/hooks/use-toast';

/** How long the "camera" shows the code before the scan goes through. */
const SCAN_DELAY_MS = 1200;

const STATE_TONE: Record<string, string> = {
  open: 'bg-green-100 text-green-800',
  connecting: 'bg-yellow-100 text-yellow-800',
  close: 'bg-red-100 text-red-800',
};

export function SimInstanceRow({ instance }: { instance: SimInstance }) {
  const { t } = useTranslation('simulator');
  const scan = useScanSimInstanceMutation();
  const disconnect = useDisconnectSimInstanceMutation();
  const [scanning, setScanning] = useState(false);
  // Empty: the phone that scans is the number the owner typed for the agent.
  const [otherNumber, setOtherNumber] = useState('');
  const numberId = useId();
  const state =
    instance.state === 'open' || instance.state === 'connecting' || instance.state === 'close'
      ? instance.state
      : 'other';

  // Showing the QR first, then reading it, like pointing a phone at the screen.
  const onScan = () => {
    setScanning(true);
    window.setTimeout(() => {
      scan.mutate(
        { instanceName: instance.instanceName, number: otherNumber.replace(/\D/g, '') },
        {
          onSuccess: () =>
            toast({ title: t('toasts.scanned'), description: t('toasts.scannedDescription') }),
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: t('toasts.scanFailed'),
              description: error.message,
            }),
          onSettled: () => setScanning(false),
        },
      );
    }, SCAN_DELAY_MS);
  };

  const onDisconnect = () =>
    disconnect.mutate(instance.instanceName, {
      onSuccess: () => toast({ title: t('toasts.disconnected') }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: t('toasts.disconnectFailed'),
          description: error.message,
        }),
    });

  return (
    <li
      className="grid gap-3 rounded-lg border p-3"
      data-testid="sim-instance"
      data-instance={instance.instanceName}
      data-state={instance.state}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 truncate font-mono text-xs">{instance.instanceName}</span>
        <Badge className={`border-transparent ${STATE_TONE[state] ?? 'bg-gray-100 text-gray-700'}`}>
          {state === 'other' ? instance.state : t(`states.${state}`)}
        </Badge>
      </div>
      {instance.wuid ? (
        <p className="text-xs text-muted-foreground">
          {t('instances.linkedNumber', { number: instance.wuid.split('@')[0] })}
        </p>
      ) : null}
      {instance.state === 'connecting' ? (
        instance.qr ? (
          <>
            {scanning ? (
              <div className="grid justify-items-center gap-2" data-testid="sim-scanning">
                <img
                  src={instance.qr.base64}
                  alt={t('instances.qrAlt')}
                  className="size-48 rounded border bg-white p-1"
                />
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  {t('instances.scanning')}
                </p>
              </div>
            ) : null}
            <LabelledField
              htmlFor={numberId}
              label={t('instances.otherNumber')}
              hint={t('instances.otherNumberHint')}
            >
              <Input
                id={numberId}
                inputMode="tel"
                autoComplete="off"
                maxLength={25}
                value={otherNumber}
                onChange={(event) => setOtherNumber(event.target.value)}
              />
            </LabelledField>
            <Button type="button" onClick={onScan} disabled={scanning || scan.isPending}>
              <ScanLine aria-hidden="true" />
              {t('instances.scan')}
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t('instances.noQr')}</p>
        )
      ) : null}
      {instance.state === 'close' ? (
        <p className="text-sm text-muted-foreground">{t('instances.closedHint')}</p>
      ) : null}
      {instance.state === 'open' ? (
        <Button
          type="button"
          variant="outline"
          onClick={onDisconnect}
          disabled={disconnect.isPending}
        >
          <Power aria-hidden="true" />
          {t('instances.disconnect')}
        </Button>
      ) : null}
    </li>
  );
}
