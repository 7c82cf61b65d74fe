import type { AppContext } from '../../../app-context';
import type { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import { sniffAudio, sniffImage } from '../../../lib/sniff';
import { gatewayFor } from './gateway';
import { deliveryData } from './store/store-inbox';
import { metaOf, type ConversationRow, type PipelineTarget } from '../../conversations';

/**
 * The bytes of a customer's voice message or photo. The webhook asks the gateway to put them
 * inline (base64) in the delivery we store; a gateway that did not is asked for them
 * (`getBase64FromMediaMessage`). The pipeline reads them to transcribe or show to the model; the
 * inbox reads them to play or show to the owner.
 */

/** Beyond this a customer's media is not kept or served (WhatsApp's own limit is 16 MB). */
export const CUSTOMER_MEDIA_LIMIT_BYTES = 16 * 1024 * 1024;

export interface CustomerMedia {
  data: Buffer;
  /** as the gateway declared it: the customer's phone wrote it, so it is only a hint */
  mimetype: string | null;
}

/** The media of the stored delivery of `gatewayId`: inline, or downloaded from the gateway. */
export async function fetchMessageMedia(
  ctx: AppContext,
  client: EvolutionClient,
  target: PipelineTarget,
  gatewayId: string,
): Promise<CustomerMedia | null> {
  const data = await deliveryData(ctx.database.db, target, gatewayId);
  if (!data) return null;
  const content = (data.message ?? {}) as Record<string, unknown>;
  const inner = (content.audioMessage ?? content.imageMessage ?? {}) as { mimetype?: string };
  if (typeof content.base64 === 'string' && content.base64) {
    return { data: Buffer.from(content.base64, 'base64'), mimetype: inner.mimetype ?? null };
  }
  const media = await client.getBase64FromMediaMessage(target.instanceName, {
    message: data as { key: { id: string } },
  });
  return { data: Buffer.from(media.base64, 'base64'), mimetype: media.mimetype ?? null };
}

/**
 * A customer's audio or image in a WhatsApp conversation, for the owner: its type decided by its
 * bytes (an audio or image format we know, never what the phone declared), or null when the
 * delivery is unknown, holds something else, or is too large. A gateway failure is thrown as is
 * (a GatewayError).
 */
export async function customerMessageMedia(
  ctx: AppContext,
  row: Pick<ConversationRow, 'metadata'>,
  message: { gatewayMessageId: string; kind: 'audio' | 'image' },
): Promise<{ data: Buffer; mimetype: string } | null> {
  const target = metaOf(row).target;
  if (!target) return null;
  const client = await gatewayFor(ctx, target);
  const media = await fetchMessageMedia(ctx, client, target, message.gatewayMessageId);
  if (!media || media.data.length === 0 || media.data.length > CUSTOMER_MEDIA_LIMIT_BYTES) {
    return null;
  }
  const mimetype = message.kind === 'audio' ? sniffAudio(media.data) : sniffImage(media.data);
  return mimetype ? { data: media.data, mimetype } : null;
}
