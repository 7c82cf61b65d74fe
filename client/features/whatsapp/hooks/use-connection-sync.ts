import type { WhatsappStatus } from '@common/schemas/whatsapp';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { whatsappActivityQueryKey, whatsappStatsQueryKey } from '@/features/whatsapp/api/keys';
import { agentQueryKey } from '@/lib/query-keys';

/**
 * A new connection state re-reads every panel that depends on it — the figures (connection
 * events), the activity list and the agent's conversations — at once, whichever read saw the
 * change (a poll, the connect button, the connected re-check). Otherwise, until their own next
 * tick they contradicted the badge ('Conectado' beside 'Eventos de conexão: 0').
 */
export function useConnectionSync(agentId: number, status: WhatsappStatus | null) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === status) return;
    previous.current = status;
    for (const queryKey of [
      whatsappStatsQueryKey(agentId),
      whatsappActivityQueryKey(agentId),
      [...agentQueryKey(agentId), 'conversations'],
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [agentId, status, queryClient]);
}
