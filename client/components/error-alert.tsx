import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/** The red alert used for a failed submission. */
export function ErrorAlert({
  title,
  message,
  children,
}: {
  title?: string;
  message: string;
  children?: ReactNode;
}) {
  return (
    <Alert variant="destructive" data-testid="error-alert">
      <CircleAlert aria-hidden="true" />
      {title ? <AlertTitle>{title}</AlertTitle> : null}
      <AlertDescription>{message}</AlertDescription>
      {children ? <div>{children}</div> : null}
    </Alert>
  );
}
