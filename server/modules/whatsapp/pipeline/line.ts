import type { AppContext } from '../../../app-context';
import type { EvolutionClient } from '../../../adapters/gateway/evolution-client';
import type { GraphClient } from '../../../adapters/whatsapp-cloud/graph-client';
import { graphClientFor } from '../cloud/cloud-graph';
import { cloudNumberById, type CloudNumberRow } from '../cloud/cloud-numbers.repo';
import { agentNameOf, lostAccess } from '../cloud/cloud-access';
import { approvedTemplate } from '../cloud/product-templates';
import { GatewayError } from '../../../adapters/gateway/gateway-error';
import type { AppDb } from '../../../db/client';
import { jidServer, jidUser } from '../phone';
import { gatewayFor } from './gateway';
import { deliveryData } from './store/store-inbox';
import {
  lastCustomerMessageAt,
  type PersonOutgoing,
  type PipelineTarget,
  type ReplyPlan,
} from '../../conversations';

/**
 * A WhatsApp line: how the pipeline's sends reach a customer, whichever way the agent's number is
 * connected — an Evolution gateway (QR code) or the official Cloud API. The pipeline (merge
 * window, plan, parts, typing pauses, once-only sends, recovery) is one; only these calls differ.
 * Every send resolves to the line's id of the message (the gateway's key id, or Meta's wamid).
 */
export interface WhatsappLine {
  /**
   * `closed`: the customer's 24 hours have passed (closedWindow): 'template' sends the text in the
   * approved notice template, 'refuse' throws CLOUD_WINDOW_CLOSED; absent, free-form goes.
   */
  sendText(
    replyJid: string,
    text: string,
    ref: string | null,
    closed?: ClosedWindow,
  ): Promise<string>;
  /** a voice reply (base64 MP3 from the speech model); never outside the window */
  sendAudio(
    replyJid: string,
    audioBase64: string,
    ref: string | null,
    closed?: ClosedWindow,
  ): Promise<string>;
  sendFile(
    replyJid: string,
    file: NonNullable<PersonOutgoing['file']>,
    caption: string,
    ref: string | null,
    closed?: ClosedWindow,
  ): Promise<string>;
  /** an approved template with its body's variables (the official line only) */
  sendTemplate(
    replyJid: string,
    template: { name: string; language: string; params: string[] },
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

/** How a send goes when the customer's 24 hours on the official line have passed. */
export type ClosedWindow = 'template' | 'refuse';

/** WhatsApp's customer service window: free-form messages within 24 h of the customer's last. */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a send to this conversation is outside its customer service window, and how it must go
 * then (`mode`); undefined when free-form may go — inside the window, or on a line without one
 * (an Evolution gateway). Decided from the messages we stored, before anything is sent.
 */
export async function closedWindow(
  db: AppDb,
  target: PipelineTarget,
  conversationId: number,
  mode: ClosedWindow,
): Promise<ClosedWindow | undefined> {
  if (target.kind !== 'cloud') return undefined;
  const last = await lastCustomerMessageAt(db, conversationId);
  return last && Date.now() - last.getTime() < CUSTOMER_WINDOW_MS ? undefined : mode;
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
    sendTemplate: () => Promise.reject(new Error('an Evolution line has no templates')),
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

/** Meta hydrates a template's body up to 1024 characters: the message part is kept below that. */
const TEMPLATE_TEXT_MAX = 900;

function cloudLine(
  ctx: AppContext,
  graph: GraphClient,
  number: CloudNumberRow,
  target: PipelineTarget,
): WhatsappLine {
  const pnid = number.phoneNumberId;
  const refPart = (ref: string | null) => (ref ? { ref } : {});
  const windowClosed = () => new GatewayError('CLOUD_WINDOW_CLOSED', { graphCode: 131047 });
  /** A refused token (190): the number must be connected again; the owner is told once. */
  const guarded = async <T>(send: () => Promise<T>): Promise<T> => {
    try {
      return await send();
    } catch (err) {
      if (err instanceof GatewayError && err.code === 'CLOUD_AUTH') await lostAccess(ctx, number);
      throw err;
    }
  };
  return {
    confirms: 'ref',
    sendText: (replyJid, text, ref, closed) =>
      guarded(async () => {
        const to = cloudRecipient(replyJid);
        if (closed === 'refuse') throw windowClosed();
        if (closed === 'template') {
          const template = await approvedTemplate(
            ctx.database.db,
            number.ownerId,
            number.wabaId,
            'notice',
          );
          if (!template) throw windowClosed();
          const business =
            number.verifiedName ?? (await agentNameOf(ctx.database.db, number.agentId));
          const body =
            text.length > TEMPLATE_TEXT_MAX ? `${text.slice(0, TEMPLATE_TEXT_MAX - 1)}…` : text;
          return (
            await graph.sendMessage(pnid, {
              to,
              type: 'template',
              name: template.name,
              language: template.language,
              bodyParams: [business, body],
              ...refPart(ref),
            })
          ).wamid;
        }
        return (await graph.sendMessage(pnid, { to, type: 'text', text, ...refPart(ref) })).wamid;
      }),
    sendAudio: (replyJid, audio, ref, closed) =>
      guarded(async () => {
        if (closed) throw windowClosed();
        const mediaId = await graph.uploadMedia(pnid, {
          data: Buffer.from(audio, 'base64'),
          mimeType: 'audio/mpeg',
          fileName: 'resposta.mp3',
        });
        const to = cloudRecipient(replyJid);
        return (await graph.sendMessage(pnid, { to, type: 'audio', mediaId, ...refPart(ref) }))
          .wamid;
      }),
    sendFile: (replyJid, file, caption, ref, closed) =>
      guarded(async () => {
        if (closed) throw windowClosed();
        const mediaId = await graph.uploadMedia(pnid, {
          data: file.data,
          mimeType: file.mimetype,
          fileName: file.fileName,
        });
        const to = cloudRecipient(replyJid);
        const captioned = caption ? { caption } : {};
        const sent = file.mimetype.startsWith('image/')
          ? await graph.sendMessage(pnid, {
              to,
              type: 'image',
              mediaId,
              ...captioned,
              ...refPart(ref),
            })
          : await graph.sendMessage(pnid, {
              to,
              type: 'document',
              mediaId,
              filename: file.fileName,
              ...captioned,
              ...refPart(ref),
            });
        return sent.wamid;
      }),
    sendTemplate: (replyJid, template, ref) =>
      guarded(
        async () =>
          (
            await graph.sendMessage(pnid, {
              to: cloudRecipient(replyJid),
              type: 'template',
              name: template.name,
              language: template.language,
              bodyParams: template.params,
              ...refPart(ref),
            })
          ).wamid,
      ),
    typing: (_replyJid, _kind, pause, inboundId) => {
      // The answered message is marked read (blue ticks) as the answer starts, and Meta shows
      // "typing…" with it (up to 25 s, or until we reply) when a pause is due.
      if (!inboundId) return;
      graph.markRead(pnid, inboundId, { typing: pause > 0 }).catch(() => undefined);
    },
    media: (gatewayId, limitBytes) =>
      guarded(async () => {
        const mediaId = cloudMediaId(await deliveryData(ctx.database.db, target, gatewayId));
        if (!mediaId) return null;
        const media = await graph.downloadMedia(mediaId, limitBytes);
        return media ? { data: media.data, mimetype: media.mimeType } : null;
      }),
  };
}

/** The line a target's messages go through. */
export async function lineFor(ctx: AppContext, target: PipelineTarget): Promise<WhatsappLine> {
  if (target.kind === 'cloud') {
    const number = await cloudNumberById(ctx.database.db, target.id);
    if (!number) throw new Error(`official number ${target.id} is gone`);
    return cloudLine(ctx, graphClientFor(ctx, number), number, target);
  }
  return evolutionLine(ctx, await gatewayFor(ctx, target), target);
}
