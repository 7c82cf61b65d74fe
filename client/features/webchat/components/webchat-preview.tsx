import type { WebchatEmbedConfig } from '@common/schemas/webchat';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useWidgetScript } from '@/features/webchat/hooks/use-widget-script';

interface WebchatPreviewProps {
  /** the hashed widget URL of the snippet; loaded from this origin */
  widgetUrl: string;
  config: WebchatEmbedConfig;
}

/** The real widget, mounted in a box of the dialog and re-mounted as the draft changes. */
export function WebchatPreview({ widgetUrl, config }: WebchatPreviewProps) {
  const { t } = useTranslation('webchat');
  const box = useRef<HTMLDivElement>(null);
  const url = new URL(widgetUrl, window.location.origin);
  const widget = useWidgetScript(url.pathname + url.search);
  const serialized = JSON.stringify(config);

  useEffect(() => {
    if (!widget.api || !box.current) return;
    const handle = widget.api.mount({
      agentKey: config.agentKey,
      config: JSON.parse(serialized) as unknown,
      target: box.current,
    });
    return () => handle?.destroy();
  }, [widget.api, config.agentKey, serialized]);

  return (
    <section className="grid gap-2" aria-labelledby="webchat-preview-title">
      <h3 id="webchat-preview-title" className="text-sm font-semibold">
        {t('preview.title')}
      </h3>
      <p className="text-xs text-muted-foreground">{t('preview.hint')}</p>
      <div
        ref={box}
        data-testid="webchat-preview"
        aria-label={t('preview.label')}
        className="relative h-[520px] overflow-hidden rounded-md border bg-[repeating-linear-gradient(45deg,#f8fafc,#f8fafc_10px,#f1f5f9_10px,#f1f5f9_20px)]"
      >
        {!widget.api && !widget.failed ? (
          <div className="flex h-full items-center justify-center">
            <Spinner label={t('dialog.loading')} />
          </div>
        ) : null}
        {widget.failed ? (
          <p className="p-4 text-sm text-destructive">{t('preview.loadError')}</p>
        ) : null}
      </div>
    </section>
  );
}
