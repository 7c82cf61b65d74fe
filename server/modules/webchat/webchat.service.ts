import {
  webchatConfigSchema,
  type PublicHistory,
  type PublicMessage,
  type WebchatCode,
  type WebchatConfig,
  type WebchatEmbedConfig,
  type WebchatKeyRotation,
  type WebchatSettings,
} from '@common/schemas/webchat';
import type { AppContext } from '../../app-context';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { whatsappInstances, type MessageMedia } from '../../db/schema';
import { STORED_FILE } from '../conversations';
import { AppError } from '../../lib/errors';
import { translate, type Language } from '../../lib/i18n';
import { type AgentRow, getAgent, rotatePublicKey } from '../agents';
import { agentServesCustomers } from '../subscriptions';
import { digitsOnly, jidUser } from '../../lib/phone';
import { loadWidgetAsset } from './widget-asset';
import * as repo from './webchat.repo';

export const WEBCHAT_CHANNEL = 'webchat';

/** Stored settings were validated on the way in; anything unreadable falls back to defaults. */
function readConfig(stored: unknown): WebchatConfig {
  const parsed = webchatConfigSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : webchatConfigSchema.parse({});
}

export async function getSettings(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<WebchatSettings> {
  const agent = await getAgent(db, ownerId, agentId);
  const row = await repo.findConfig(db, agent.id);
  return { config: readConfig(row?.config), allowedDomains: row?.allowedDomains ?? [] };
}

export async function saveSettings(
  db: AppDb,
  ownerId: number,
  agentId: number,
  settings: WebchatSettings,
): Promise<WebchatSettings> {
  const agent = await getAgent(db, ownerId, agentId);
  const row = await repo.upsertConfig(db, agent.id, settings.config, settings.allowedDomains);
  return { config: readConfig(row.config), allowedDomains: row.allowedDomains };
}

export function toEmbedConfig(
  agent: Pick<AgentRow, 'publicKey' | 'name'>,
  config: WebchatConfig,
  apiUrl: string,
): WebchatEmbedConfig {
  const texts = Object.fromEntries(Object.entries(config.texts).filter(([, v]) => Boolean(v)));
  return { agentKey: agent.publicKey, apiUrl, ...config, title: config.title || agent.name, texts };
}

/**
 * POST /api/agents/{id}/webchat-key/rotate: a new public key for the owner's agent. Every snippet
 * with the old key stops working at once, wherever it is installed (the owner's way out when
 * someone else uses the widget, or after a leak).
 */
export async function rotateWebchatKey(
  db: AppDb,
  ownerId: number,
  agentId: number,
): Promise<WebchatKeyRotation> {
  const agentKey = await rotatePublicKey(db, ownerId, agentId);
  if (!agentKey) throw new AppError('AGENT_NOT_FOUND');
  return { agentKey };
}

/**
 * The number behind 'Continuar no WhatsApp': the account that scanned the agent's QR code, only
 * while the instance is connected (a number that does not answer would be worse than no link).
 */
export async function connectedWhatsappNumber(db: AppDb, agentId: number): Promise<string | null> {
  const rows = await db
    .select({ jid: whatsappInstances.connectedJid, phone: whatsappInstances.phoneNumber })
    .from(whatsappInstances)
    .where(and(eq(whatsappInstances.agentId, agentId), eq(whatsappInstances.status, 'CONNECTED')));
  const row = rows[0];
  if (!row) return null;
  const digits = digitsOnly(row.jid ? jidUser(row.jid) : row.phone);
  return digits.length >= 10 && digits.length <= 15 ? digits : null;
}

/** JSON inside a single-quoted HTML attribute: the browser decodes the entities back. */
function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** GET /api/agents/{id}/webchat-code: the one-line snippet and how to install it. */
export async function buildWebchatCode(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  lang: Language,
): Promise<WebchatCode> {
  const db = ctx.database.db;
  const agent = await getAgent(db, ownerId, agentId);
  const { config, allowedDomains } = await getSettings(db, ownerId, agent.id);
  const asset = await loadWidgetAsset();
  const base = ctx.config.PUBLIC_URL;
  const widgetUrl = `${base}/widget.js?v=${asset.hash}`;
  const embedConfig = toEmbedConfig(agent, config, base);
  const whatsappNumber = config.whatsappLink ? await connectedWhatsappNumber(db, agent.id) : null;
  if (whatsappNumber) embedConfig.whatsappNumber = whatsappNumber;
  const { agentKey, ...attribute } = embedConfig;
  // The key is URL-safe base64 (letters, digits, '-' and '_'): nothing to escape in the attribute.
  const code = `<script src="${widgetUrl}" data-agent-key="${agentKey}" data-config='${escapeAttribute(JSON.stringify(attribute))}' async></script>`;
  const instructions = [
    translate('webchat.instructions.paste', lang),
    allowedDomains.length > 0
      ? translate('webchat.instructions.domains', lang, { domains: allowedDomains.join(', ') })
      : translate('webchat.instructions.anyDomain', lang),
    agent.status !== 'active'
      ? translate('webchat.instructions.inactive', lang)
      : (await agentServesCustomers(db, ownerId, agent.id))
        ? translate('webchat.instructions.active', lang)
        : translate('webchat.instructions.activeNotServing', lang),
  ];
  return {
    code,
    instructions,
    widgetUrl,
    embedConfig,
    agentName: agent.name,
    agentStatus: agent.status,
  };
}

/**
 * Whether a page at `origin` may use the agent's widget: any site when the list is empty, else
 * the listed hosts and their subdomains. The app's own origins (the dashboard preview) always may.
 */
export function originAllowed(
  origin: string | undefined,
  allowedDomains: string[],
  ownOrigins: string[],
): boolean {
  if (allowedDomains.length === 0) return true;
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (ownOrigins.includes(url.origin)) return true;
  const host = url.hostname.toLowerCase();
  return allowedDomains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

export const HISTORY_LIMIT = 50;

export async function visitorHistory(
  ctx: AppContext,
  agent: { id: number; publicKey: string },
  visitorId: string,
): Promise<PublicHistory> {
  const rows = await repo.visitorMessages(
    ctx.database.db,
    agent.id,
    WEBCHAT_CHANNEL,
    visitorId,
    HISTORY_LIMIT,
  );
  const newest = rows.at(-1);
  return {
    messages: rows.map((r) => toPublicMessage(ctx, r, agent.publicKey, visitorId)),
    cursor: newest ? sealMessageRef(ctx, newest.id) : null,
  };
}

const PUBLIC_ROLES: Record<string, PublicMessage['role']> = {
  user: 'user',
  assistant: 'assistant',
  human: 'person',
};

/** An opaque, tamper-proof reference to a message for the visitor (not its sequential id). */
export function sealMessageRef(ctx: AppContext, messageId: number): string {
  return ctx.secrets.encrypt(`visitor-message:${messageId}`);
}

/** The message a visitor's reference names; null for anything we did not seal. */
export function openMessageRef(ctx: AppContext, ref: unknown): number | null {
  if (typeof ref !== 'string' || ref.length > 200) return null;
  try {
    const match = /^visitor-message:(\d{1,10})$/.exec(ctx.secrets.decrypt(ref));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** A stored message as the visitor's widget shows it (a person's file as the visitor's path). */
export function toPublicMessage(
  ctx: AppContext,
  row: { id: number; role: string; content: string; media: MessageMedia | null; createdAt: Date },
  publicKey: string,
  visitorId: string,
): PublicMessage {
  const ref = sealMessageRef(ctx, row.id);
  const stored = row.media?.storage === STORED_FILE;
  return {
    ref,
    role: PUBLIC_ROLES[row.role] ?? 'assistant',
    content: row.content,
    file: stored
      ? {
          path: `/api/public/agents/${publicKey}/files/${ref}?visitorId=${encodeURIComponent(visitorId)}`,
          name: row.media?.fileName ?? '',
          type: row.media?.mimetype ?? '',
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The widget was loaded on a page: a page of another site than ours (the dashboard's preview and
 * docs are ours) means it is installed there, which the go-live checklist shows.
 */
export async function widgetSeen(
  db: AppDb,
  agentId: number,
  origin: string | undefined,
  ownOrigins: string[],
): Promise<void> {
  if (!origin || origin === 'null' || ownOrigins.includes(origin)) return;
  await repo.recordWidgetSeen(db, agentId, origin);
}
