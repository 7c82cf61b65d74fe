import type { AppContext } from '../../app-context';
import type { WhatsappStatus } from '@common/schemas/whatsapp';

/**
 * Pieces the WhatsApp instance routes, the gateway registry and the webhook pipeline all agree on.
 */

/** The header carrying an instance's webhook secret on every delivery (registered with the webhook). */
export const WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/** The path gateways post to; registered under PUBLIC_URL. */
export const WEBHOOK_PATH = '/api/whatsapp/webhook';

export function webhookUrl(ctx: AppContext): string {
  return `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}${WEBHOOK_PATH}`;
}

/**
 * Gateway connection states (`open` | `connecting` | `close`, and `refused` after the QR limit)
 * as the status values we store and show (CONNECTED, PENDING, AWAITING_QR_SCAN, DISCONNECTED).
 * `connecting` with a QR in hand is a pending scan.
 */
export function statusFromGatewayState(state: string, hasQr = false): WhatsappStatus {
  switch (state) {
    case 'open':
      return 'CONNECTED';
    case 'connecting':
      return hasQr ? 'AWAITING_QR_SCAN' : 'PENDING';
    case 'close':
    case 'refused':
      return 'DISCONNECTED';
    default:
      return state;
  }
}

export function isConnectedStatus(status: string | null | undefined): boolean {
  return status === 'CONNECTED' || status === 'open';
}
