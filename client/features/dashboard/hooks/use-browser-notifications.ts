import type { OwnerNotification } from '@common/schemas/inbox';
import { useCallback, useState } from 'react';
import { useOwnerEvent } from '@/lib/owner-events';

const STORAGE_KEY = 'notifications.browser';

export type BrowserAlertsState = 'unsupported' | 'denied' | 'off' | 'on';

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

function readState(): BrowserAlertsState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage blocked: the switch starts off
  }
  return stored === 'on' && Notification.permission === 'granted' ? 'on' : 'off';
}

function remember(on: boolean) {
  try {
    if (on) window.localStorage.setItem(STORAGE_KEY, 'on');
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // not remembered: it asks again next time
  }
}

/**
 * Opt-in system alerts for live notifications, remembered per browser: turning them on asks the
 * browser's permission; once granted, a `notification` event that arrives while the tab is hidden
 * shows a system alert (`describe` gives its title and text; clicking it opens the tab).
 */
export function useBrowserNotifications(
  describe: (notification: OwnerNotification) => { title: string; body: string },
  onOpen: (notification: OwnerNotification) => void,
) {
  const [state, setState] = useState<BrowserAlertsState>(readState);

  useOwnerEvent('notification', (data) => {
    if (state !== 'on' || !document.hidden || Notification.permission !== 'granted') return;
    const notification = (data as { notification?: OwnerNotification }).notification;
    if (!notification) return;
    const { title, body } = describe(notification);
    const alert = new Notification(title, { body, tag: `notification-${notification.id}` });
    alert.onclick = () => {
      window.focus();
      onOpen(notification);
      alert.close();
    };
  });

  const setOn = useCallback(async (on: boolean) => {
    if (!supported()) return;
    if (!on) {
      remember(false);
      setState(readState());
      return;
    }
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    remember(permission === 'granted');
    setState(readState());
  }, []);

  return { state, setOn };
}
