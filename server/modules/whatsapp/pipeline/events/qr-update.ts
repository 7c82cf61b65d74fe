import { qrcodeUpdatedDataSchema } from '../../../../adapters/gateway/evolution-webhook';
import type { AppDb } from '../../../../db/client';
import {
  applyStateInOrder,
  type DeliveryOutcome,
  type InboxPayload,
  type InboxRow,
} from '../store/store-inbox';
import { recordEvent, updateAgentInstance, updateRegistryInstance } from '../store/store-instances';

/**
 * `qrcode.updated`: the newest QR code is stored for the owner to scan, unless a newer state is
 * already applied (deliveries may be handled out of order); the event log has it either way.
 */
export async function handleQrUpdate(
  db: AppDb,
  payload: InboxPayload,
  row: InboxRow,
): Promise<DeliveryOutcome> {
  const parsed = qrcodeUpdatedDataSchema.safeParse(payload.data);
  if (!parsed.success) return { status: 'ignored', error: 'invalid' };
  const { target } = payload;
  const now = new Date();
  if (!('qrcode' in parsed.data)) {
    // The gateway stops offering QR codes after its limit; a refused connection.update follows.
    await recordEvent(db, target, 'qr', { limitReached: true });
    return { status: 'done' };
  }
  const qr = (parsed.data as { qrcode: { base64: string } }).qrcode.base64;
  await applyStateInOrder(db, target, row, async (tx) => {
    if (target.kind === 'agent') {
      await updateAgentInstance(tx, target.id, {
        qrCode: qr,
        status: 'AWAITING_QR_SCAN',
        lastActivity: now,
        updatedAt: now,
      });
    } else {
      await updateRegistryInstance(tx, target.id, { qrCode: qr, lastActivity: now });
    }
  });
  await recordEvent(db, target, 'qr', null);
  return { status: 'done' };
}
