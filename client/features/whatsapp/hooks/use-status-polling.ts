import type { WhatsappInstanceView } from '@common/schemas/whatsapp';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { whatsappQueryKey } from '@/features/whatsapp/api/keys';
import { pollWhatsappStatus } from '@/features/whatsapp/api/refresh-whatsapp-status';
import { usePageVisible } from '@/features/whatsapp/hooks/use-page-visible';
import {
  CONNECTED_RECHECK_MS,
  pollPlan,
  QR_WAIT_MAX_MS,
  QR_WAIT_POLL_MS,
  STATUS_POLL_MS,
} from '@/features/whatsapp/lib/status';

/**
 * Status polling: every 10 s while an instance exists and is not CONNECTED, only while the page is
 * in the foreground; every 3 s for at most 30 s while awaiting a scan with no QR code (then 10 s
 * again); nothing when there is no instance or it is connected. Coming back to the page reads at
 * once.
 */
export function useStatusPolling(agentId: number, view: WhatsappInstanceView | undefined) {
  const queryClient = useQueryClient();
  const visible = usePageVisible();
  const plan = view ? pollPlan(view) : 'none';
  const connected = plan === 'none' && view?.hasInstance === true;
  const wasHidden = useRef(false);

  useEffect(() => {
    if (!visible) wasHidden.current = true;
  }, [visible]);

  useEffect(() => {
    if (plan === 'none' || !visible) return;
    let stopped = false;
    const poll = () => {
      if (stopped) return;
      // A failed read is retried by the next tick; the buttons report errors, polling stays quiet.
      pollWhatsappStatus(queryClient, agentId).catch(() => undefined);
    };
    // Back in the foreground after a pause: one read straight away instead of waiting a tick.
    if (wasHidden.current) {
      wasHidden.current = false;
      poll();
    }
    let timer: ReturnType<typeof setInterval>;
    if (plan === 'qr-wait') {
      // 3 s for at most 30 s; then back to the ordinary 10 s rhythm while still not connected.
      const started = Date.now();
      timer = setInterval(() => {
        if (Date.now() - started >= QR_WAIT_MAX_MS) {
          clearInterval(timer);
          timer = setInterval(poll, STATUS_POLL_MS);
        }
        poll();
      }, QR_WAIT_POLL_MS);
    } else {
      timer = setInterval(poll, STATUS_POLL_MS);
    }
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [agentId, plan, visible, queryClient]);

  // Connected: the gateway is no longer asked, but the stored state — which the gateway's
  // connection webhooks keep current — is re-read, so a lost connection is noticed.
  useEffect(() => {
    if (!connected || !visible) return;
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: whatsappQueryKey(agentId), exact: true });
    }, CONNECTED_RECHECK_MS);
    return () => clearInterval(timer);
  }, [agentId, connected, visible, queryClient]);
}
