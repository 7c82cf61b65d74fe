import { useTranslation } from 'react-i18next';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@/components/ui/toast';
import { TOAST_DURATION_MS, useToast } from '@/hooks/use-toast';
// A toast's variants override its base classes (lib/utils.ts).
import '@/lib/app-styles';

/** Renders the queued toasts. Radix defaults give the swipe threshold (50 px) and F8 hotkey. */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" label={t('toast.label')}>
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} data-testid="toast" {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose label={t('common.close')} />
        </Toast>
      ))}
      <ToastViewport label={t('toast.viewportLabel')} />
    </ToastProvider>
  );
}
