import type { WhatsappChannelKind, WhatsappStatus } from '@common/schemas/whatsapp';

/** CONNECTED and open both mean connected. */
export function isConnected(status: WhatsappStatus | null | undefined): boolean {
  return status === 'CONNECTED' || status === 'open';
}

export function isDisconnected(status: WhatsappStatus | null | undefined): boolean {
  return status === 'close' || status === 'DISCONNECTED';
}

export type Quality = 'excellent' | 'good' | 'poor' | 'unknown';

/** Quality meter: CONNECTED excellent; PENDING/CREATED good; close/DISCONNECTED poor. */
export function qualityOf(status: WhatsappStatus | null | undefined): Quality {
  if (isConnected(status)) return 'excellent';
  if (status === 'PENDING' || status === 'CREATED') return 'good';
  if (isDisconnected(status)) return 'poor';
  return 'unknown';
}

export const QUALITY_PERCENT: Record<Quality, number> = {
  excellent: 100,
  good: 66,
  poor: 20,
  unknown: 0,
};

/** The management page's status names; any other value reads 'Verificando'. */
export type StatusKey =
  'connected' | 'disconnected' | 'pending' | 'created' | 'connecting' | 'awaiting' | 'checking';

export function statusKey(status: WhatsappStatus | null | undefined): StatusKey {
  if (isConnected(status)) return 'connected';
  if (isDisconnected(status)) return 'disconnected';
  switch (status) {
    case 'PENDING':
      return 'pending';
    case 'CREATED':
      return 'created';
    case 'connecting':
      return 'connecting';
    case 'AWAITING_QR_SCAN':
      return 'awaiting';
    default:
      return 'checking';
  }
}

/** The management panel's message. */
export type PanelMessage = 'connected' | 'disconnected' | 'generating' | 'ready';

export function panelMessage(status: WhatsappStatus | null, qrCode: string | null): PanelMessage {
  if (isConnected(status)) return 'connected';
  if (isDisconnected(status)) return 'disconnected';
  if (status === 'AWAITING_QR_SCAN' && !qrCode) return 'generating';
  return 'ready';
}

/** How often the status is re-read while not connected. */
export const STATUS_POLL_MS = 10_000;
/** While awaiting a scan with no QR yet: every 3 s, for at most 30 s. */
export const QR_WAIT_POLL_MS = 3_000;
export const QR_WAIT_MAX_MS = 30_000;
/** While connected: how often the stored state (kept current by the gateway's webhooks) is re-read. */
export const CONNECTED_RECHECK_MS = 15_000;

export type PollPlan = 'none' | 'status' | 'qr-wait';

export function pollPlan(view: {
  hasInstance: boolean;
  status: WhatsappStatus | null;
  qrCode: string | null;
}): PollPlan {
  if (!view.hasInstance || isConnected(view.status)) return 'none';
  if (view.status === 'AWAITING_QR_SCAN' && !view.qrCode) return 'qr-wait';
  return 'status';
}

/** A status change worth a notification: into CONNECTED, or away from it. */
export function statusChange(
  previous: WhatsappStatus | null | undefined,
  next: WhatsappStatus | null | undefined,
): 'connected' | 'lost' | null {
  if (previous == null || next == null || previous === next) return null;
  if (isConnected(next) && !isConnected(previous)) return 'connected';
  if (isConnected(previous) && !isConnected(next)) return 'lost';
  return null;
}

/**
 * What the editor's WhatsApp card shows: the official number; the QR-code screens while an
 * instance exists (connected or still waiting for its scan); else the choice of the two ways.
 */
export function whatsappScreen(view: {
  hasInstance: boolean;
  channel: WhatsappChannelKind | null;
  cloud: unknown;
}): 'cloud' | 'qr' | 'choice' {
  if (view.channel === 'cloud' && view.cloud) return 'cloud';
  if (view.hasInstance || view.channel === 'evolution') return 'qr';
  return 'choice';
}
