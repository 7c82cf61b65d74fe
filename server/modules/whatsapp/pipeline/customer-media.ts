import type { AppContext } from '../../../app-context';
import { sniffAudio, sniffImage } from '../../../lib/sniff';
import { lineFor } from './line';
import { metaOf, type ConversationRow } from '../../conversations';

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
  const line = await lineFor(ctx, target);
  const media = await line.media(message.gatewayMessageId, CUSTOMER_MEDIA_LIMIT_BYTES);
  if (!media || media.data.length === 0 || media.data.length > CUSTOMER_MEDIA_LIMIT_BYTES) {
    return null;
  }
  const mimetype = message.kind === 'audio' ? sniffAudio(media.data) : sniffImage(media.data);
  return mimetype ? { data: media.data, mimetype } : null;
}
