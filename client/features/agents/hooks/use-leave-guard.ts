import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type GuardedNavigate = (to: string, options?: NavigateOptions) => void;

/**
 * While there are unsaved changes: the browser asks before closing or reloading the tab, and
 * in-app navigation asks with `message` first. Returns the navigate function to use.
 */
export function useLeaveGuard(dirty: boolean, message: string): GuardedNavigate {
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return useCallback<GuardedNavigate>(
    (to, options) => {
      if (dirty && !window.confirm(message)) return;
      navigate(to, options);
    },
    [dirty, message, navigate],
  );
}
