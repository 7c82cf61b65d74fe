import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** Tab 'WhatsApp': the integration card arrives with the WhatsApp issue; until then, said plainly. */
export function EditorWhatsappTab() {
  const { t } = useTranslation('agents');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageCircle aria-hidden="true" className="size-5" />
          {t('editor.whatsappTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-muted-foreground">{t('editor.whatsappSoon')}</p>
      </CardContent>
    </Card>
  );
}
