import { connectionUpdateDataSchema } from '../../../../adapters/gateway/evolution-webhook';
import type { AppContext } from '../../../../app-context';
import { notifyOwnerQuietly } from '../../../notifications';
import { jidUser } from '../../phone';
import { isConnectedStatus, statusFromGatewayState } from '../../whatsapp-shared';
import {
  applyStateInOrder,
  type DeliveryOutcome,
  type InboxPayload,
  type InboxRow,
} from '../store/store-inbox';
import {
  agentInstanceHasQr,
  recordEvent,
  updateAgentInstanceFrom,
  updateRegistryInstance,
} from '../store/store-instances';

/**
 * `connection.update`: the instance's stored status follows the gateway's state (`open` also
 * clears the QR and records the connected number). Deliveries may be handled out of order, and
 * by two workers at once: a state older than one already applied only goes to the event log. An agent's number that was
 * connected and is no longer tells the owner (a `whatsapp-disconnected` notification).
 */
export async function handleConnectionUpdate(
  ctx: AppContext,
  payload: InboxPayload,
  row: InboxRow,
): Promise<DeliveryOutcome> {
  const db = ctx.database.db;
  const parsed = connectionUpdateDataSchema.safeParse(payload.data);
  if (!parsed.success) return { status: 'ignored', error: 'invalid' };
  const { state, wuid, statusReason } = parsed.data;
  const { target } = payload;
  const now = new Date();
  let status = statusFromGatewayState(state);
  const applied = await applyStateInOrder(db, target, row, async (tx) => {
    if (target.kind === 'registry') {
      await updateRegistryInstance(tx, target.id, {
        status:
          state === 'open' ? 'connected' : state === 'connecting' ? 'connecting' : 'disconnected',
        lastActivity: now,
        ...(state === 'open'
          ? { qrCode: null, ...(wuid ? { phoneNumber: jidUser(wuid) } : {}) }
          : {}),
      });
      return null;
    }
    if (state === 'connecting') {
      status = statusFromGatewayState(state, await agentInstanceHasQr(tx, target.id));
    }
    return updateAgentInstanceFrom(tx, target.id, {
      status,
      lastActivity: now,
      updatedAt: now,
      ...(state === 'open'
        ? { connectedAt: now, qrCode: null, ...(wuid ? { connectedJid: wuid } : {}) }
        : {}),
    });
  });
  const previous = applied?.value;
  if (previous && isConnectedStatus(previous.before) && !isConnectedStatus(status)) {
    await notifyOwnerQuietly(ctx, previous.ownerId, {
      kind: 'whatsapp-disconnected',
      agentId: previous.agentId,
      subject: previous.agentName,
    });
  }
  await recordEvent(db, target, 'connection', {
    state,
    status,
    ...(statusReason !== null && statusReason !== undefined ? { statusReason } : {}),
    ...(wuid ? { number: jidUser(wuid) } : {}),
  });
  return { status: 'done' };
}
