import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The QR code with the steps to link the phone (shown only while not connected). */
export function QrCard({ qrCode }: { qrCode: string }) {
  const { t } = useTranslation('whatsapp');
  const steps = [t('qr.step1'), t('qr.step2'), t('qr.step3'), t('qr.step4')];
  return (
    <Card data-testid="whatsapp-qr-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <QrCode aria-hidden="true" className="size-5" />
          {t('qr.title')}
        </CardTitle>
        <CardDescription>{t('qr.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[auto_1fr] md:items-center">
        <img
          src={qrCode}
          alt={t('qr.alt')}
          data-testid="whatsapp-qr"
          className="mx-auto size-64 rounded-lg border bg-white p-2"
        />
        <ol className="grid list-decimal gap-2 pl-5 text-sm">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
