import type { AppContext } from '../../../app-context';
import type { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import type { GraphClient } from '../../../adapters/whatsapp-cloud/graph-client';
import { graphClientFor } from '../cloud/cloud-graph';
import { cloudNumberById } from '../cloud/cloud-numbers.repo';
import { jidServer, jidUser } from '../phone';
import { gatewayFor } from './gateway';
import { deliveryData } from './store/store-inbox';
import type { PersonOutgoing, PipelineTarget, ReplyPlan } from '../../conversations';

/**
 * A WhatsApp line: how the pipeline's sends reach a customer, whichever way the agent's number is
 * connected — an Evolution gateway (QR code) or the official Cloud API. The pipeline (merge
 * window, plan, parts, typing pauses, once-only sends, recovery) is one; only these calls differ.
 * Every send resolves to the line's id of the message (the gateway's key id, or Meta's wamid).
 */
export interface WhatsappLine {
  sendText(replyJid: string, text: string, ref: string | null): Promise<string>;
  /** a voice reply (base64 MP3 from the speech model) */
  sendAudio(replyJid: string, audioBase64: string, ref: string | null): Promise<string>;
  sendFile(
    replyJid: string,
    file: NonNullable<PersonOutgoing['file']>,
    caption: string,
    ref: string | null,
  ): Promise<string>;
  /**
   * "typing…" (or "recording…") for about `pause` ms; not awaited, a failure changes nothing.
   * `inboundId`: the customer's message being answered (the Cloud API shows typing as it marks
   * that message read).
   */
  typing(
    replyJid: string,
    kind: ReplyPlan['parts'][number]['kind'],
    pause: number,
    inboundId: string | null,
  ): void;
  /** the bytes of a customer's media message, by its line id; null when none is stored */
  media(
    gatewayId: string,
    limitBytes: number,
  ): Promise<{ data: Buffer; mimetype: string | null } | null>;
  /**
   * Whether a send that may have gone out comes back as an echo of its text (Evolution), or as a
   * status carrying our `ref` (Cloud API): what the crash recovery waits for.
   */
  readonly confirms: 'echo' | 'ref';
}

/**
 * The `ref` a part carries on a line that confirms by reference (the Cloud API's
 * biz_opaque_callback_data, echoed in its statuses): the conversation, the part and the moment
 * it was put in flight, so a status of a part sent before a crash records that part and no other.
 */
export function partRef(conversationId: number, index: number, inflightAt: number): string {
  return `part:${conversationId}:${index}:${inflightAt}`;
}

/** The `number` of an Evolution send: digits for a phone JID, the whole JID for @lid and groups. */
export function sendNumber(replyJid: string): string {
  return jidServer(replyJid) === 's.whatsapp.net' ? jidUser(replyJid) : replyJid;
}

/** The server part of a reply address naming a Cloud API business-scoped user id (no phone). */
export const BSUID_SERVER = 'bsuid';

/** A Cloud API recipient from a reply address: the phone (E.164 with '+') or the BSUID. */
export function cloudRecipient(replyJid: string): { phone: string } | { userId: string } {
  if (jidServer(replyJid) === BSUID_SERVER) return { userId: jidUser(replyJid) };
  return { phone: `+${jidUser(replyJid)}` };
}

function evolutionLine(
  ctx: AppContext,
  client: EvolutionClient,
  target: PipelineTarget,
): WhatsappLine {
  const instance = target.instanceName;
  return {
    confirms: 'echo',
    sendText: async (replyJid, text) =>
      (await client.sendText(instance, { number: sendNumber(replyJid), text })).key.id,
    sendAudio: async (replyJid, audio) =>
      (await client.sendWhatsAppAudio(instance, { number: sendNumber(replyJid), audio })).key.id,
    sendFile: async (replyJid, file, caption) =>
      (
        await client.sendMedia(instance, {
          number: sendNumber(replyJid),
          mediatype: file.mimetype.startsWith('image/') ? 'image' : 'document',
          media: file.data.toString('base64'),
          mimetype: file.mimetype,
          fileName: file.fileName,
          ...(caption ? { caption } : {}),
        })
      ).key.id,
    typing: (replyJid, kind, pause) => {
      if (pause <= 0) return;
      const presence = kind === 'audio' ? 'recording' : 'composing';
      // The gateway holds this call for the pause, so it is not awaited.
      client
        .sendPresence(instance, { number: sendNumber(replyJid), presence, delay: pause })
        .catch(() => undefined);
    },
    media: async (gatewayId) => {
      const data = await deliveryData(ctx.database.db, target, gatewayId);
      if (!data) return null;
      const content = (data.message ?? {}) as Record<string, unknown>;
      const inner = (content.audioMessage ?? content.imageMessage ?? {}) as { mimetype?: string };
      if (typeof content.base64 === 'string' && content.base64) {
        return { data: Buffer.from(content.base64, 'base64'), mimetype: inner.mimetype ?? null };
      }
      const media = await client.getBase64FromMediaMessage(instance, {
        message: data as { key: { id: string } },
      });
      return { data: Buffer.from(media.base64, 'base64'), mimetype: media.mimetype ?? null };
    },
  };
}

/** The media id a stored Cloud delivery of a message names (cloud-inbound.ts stores it). */
function cloudMediaId(data: Record<string, unknown> | null): string | null {
  const content: unknown = data?.content;
  if (typeof content !== 'object' || content === null || !('mediaId' in content)) return null;
  return typeof content.mediaId === 'string' ? content.mediaId : null;
}

function cloudLine(
  ctx: AppContext,
  graph: GraphClient,
  pnid: string,
  target: PipelineTarget,
): WhatsappLine {
  return {
    confirms: 'ref',
    sendText: async (replyJid, text, ref) =>
      (
        await graph.sendMessage(pnid, {
          to: cloudRecipient(replyJid),
          type: 'text',
          text,
          ...(ref ? { ref } : {}),
        })
      ).wamid,
    sendAudio: async (replyJid, audio, ref) => {
      const mediaId = await graph.uploadMedia(pnid, {
        data: Buffer.from(audio, 'base64'),
        mimeType: 'audio/mpeg',
        fileName: 'resposta.mp3',
      });
      return (
        await graph.sendMessage(pnid, {
          to: cloudRecipient(replyJid),
          type: 'audio',
          mediaId,
          ...(ref ? { ref } : {}),
        })
      ).wamid;
    },
    sendFile: async (replyJid, file, caption, ref) => {
      const mediaId = await graph.uploadMedia(pnid, {
        data: file.data,
        mimeType: file.mimetype,
        fileName: file.fileName,
      });
      const to = cloudRecipient(replyJid);
      const refPart = ref ? { ref } : {};
      const sent = file.mimetype.startsWith('image/')
        ? await graph.sendMessage(pnid, {
            to,
            type: 'image',
            mediaId,
            ...(caption ? { caption } : {}),
            ...refPart,
          })
        : await graph.sendMessage(pnid, {
            to,
            type: 'document',
            mediaId,
            filename: file.fileName,
            ...(caption ? { caption } : {}),
            ...refPart,
          });
      return sent.wamid;
    },
    typing: (_replyJid, _kind, pause, inboundId) => {
      // The answered message is marked read (blue ticks) as the answer starts, and Meta shows
      // "typing…" with it (up to 25 s, or until we reply) when a pause is due.
      if (!inboundId) return;
      graph.markRead(pnid, inboundId, { typing: pause > 0 }).catch(() => undefined);
    },
    media: async (gatewayId, limitBytes) => {
      const mediaId = cloudMediaId(await deliveryData(ctx.database.db, target, gatewayId));
      if (!mediaId) return null;
      const media = await graph.downloadMedia(mediaId, limitBytes);
      return media ? { data: media.data, mimetype: media.mimeType } : null;
    },
  };
}

/** The line a target's messages go through. */
export async function lineFor(ctx: AppContext, target: PipelineTarget): Promise<WhatsappLine> {
  if (target.kind === 'cloud') {
    const number = await cloudNumberById(ctx.database.db, target.id);
    if (!number) throw new Error(`official number ${target.id} is gone`);
    return cloudLine(ctx, graphClientFor(ctx, number), number.phoneNumberId, target);
  }
  return evolutionLine(ctx, await gatewayFor(ctx, target), target);
}
