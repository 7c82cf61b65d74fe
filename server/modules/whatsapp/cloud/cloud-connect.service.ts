import { randomInt } from 'node:crypto';
import {
  connectWhatsappCloudSchema,
  type WhatsappCloudNumberView,
  type WhatsappCloudStatus,
  type WhatsappView,
} from '@common/schemas/whatsapp';
import type { AppContext } from '../../../app-context';
import { GatewayError } from '../../../adapters/gateway/gateway-error';
import { GraphClient } from '../../../adapters/whatsapp-cloud/graph-client';
import { uniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import { parseInput } from '../../../lib/validate';
import { getAgent } from '../../agents';
import { ownerPlan } from '../../subscriptions';
import { toView } from '../instance.service';
import { findInstanceOfAgent } from '../instance.repo';
import {
  graphBaseUrl,
  graphClientWith,
  graphVersion,
  signupConfig,
  usesCloudSimulator,
} from './cloud-graph';
import * as repo from './cloud-numbers.repo';
import { simulatorSignupApp } from './cloud-simulator';
import { submitProductTemplates } from './product-templates';

/**
 * Connecting an agent's number on the official WhatsApp Business Platform: by Meta's Embedded
 * Signup (the popup gives a code the server exchanges for the customer's business token, then
 * subscribes our app to their WABA and registers the number — not a number that stays on the
 * Business app, which is registered already), or by the ids and token an operator pasted. Either
 * way the token is sealed before it is stored and never shown again.
 */

function cloudView(row: repo.CloudNumberRow | undefined): WhatsappCloudNumberView | null {
  if (!row) return null;
  return {
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    displayPhoneNumber: row.displayPhoneNumber,
    verifiedName: row.verifiedName,
    status: row.status as WhatsappCloudStatus,
    coexistence: row.coexistence,
    connectedAt: row.connectedAt.toISOString(),
  };
}

/** GET /api/agents/{id}/whatsapp: the QR instance's view and which way the number is connected. */
export async function whatsappView(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<WhatsappView> {
  const db = ctx.database.db;
  const agent = await getAgent(db, ownerId, agentId);
  const [instance, cloud, plan] = await Promise.all([
    findInstanceOfAgent(db, ownerId, agent.id),
    repo.cloudNumberOfAgent(db, ownerId, agent.id),
    ownerPlan(db, ownerId),
  ]);
  const signup = signupConfig(ctx);
  return {
    ...toView(ctx, instance),
    channel: cloud ? 'cloud' : instance ? 'evolution' : null,
    cloud: cloudView(cloud),
    cloudOffer: {
      allowed: plan?.whatsappBusiness ?? false,
      signup: signup
        ? { appId: signup.appId, configId: signup.configId, graphVersion: graphVersion(ctx) }
        : null,
      simulator: usesCloudSimulator(ctx),
    },
  };
}

/** A Graph failure while connecting, as what the owner can act on. */
function connectError(
  err: unknown,
  refused: 'WHATSAPP_CLOUD_TOKEN_REFUSED' | 'WHATSAPP_CLOUD_SIGNUP_FAILED',
) {
  if (!(err instanceof GatewayError)) return err;
  if (err.code === 'CLOUD_AUTH') return new AppError(refused);
  if (err.code === 'CLOUD_BAD_REQUEST') {
    return new AppError(
      refused === 'WHATSAPP_CLOUD_SIGNUP_FAILED' ? refused : 'WHATSAPP_CLOUD_NUMBER_UNKNOWN',
    );
  }
  return err.toAppError();
}

/** The business token an Embedded Signup code stands for (valid 30 s: exchanged at once). */
async function exchange(ctx: AppContext, code: string): Promise<string> {
  const signup = signupConfig(ctx);
  const simulator = usesCloudSimulator(ctx);
  if (!signup && !simulator) throw new AppError('WHATSAPP_CLOUD_SIGNUP_UNAVAILABLE');
  const app = signup ?? simulatorSignupApp(ctx);
  try {
    return await GraphClient.exchangeCode({
      baseUrl: graphBaseUrl(ctx),
      appId: app.appId,
      appSecret: app.appSecret,
      code,
    });
  } catch (err) {
    throw connectError(err, 'WHATSAPP_CLOUD_SIGNUP_FAILED');
  }
}

/** A random two-step verification PIN for a number we register (6 digits). */
function newPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * POST /api/agents/{id}/whatsapp/cloud. Refused on a plan that does not sell it, while the agent's
 * number is connected by QR code or officially already (a number that must reconnect is replaced),
 * and for a number another agent holds.
 */
export async function connectCloud(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
  body: unknown,
  log: { warn: (obj: object, msg: string) => void },
): Promise<WhatsappView> {
  const db = ctx.database.db;
  const agent = await getAgent(db, ownerId, agentId);
  const plan = await ownerPlan(db, ownerId);
  if (!plan?.whatsappBusiness) throw new AppError('PLAN_NO_WHATSAPP_BUSINESS');
  const input = parseInput(connectWhatsappCloudSchema, body);
  const [instance, existing] = await Promise.all([
    findInstanceOfAgent(db, ownerId, agent.id),
    repo.cloudNumberOfAgent(db, ownerId, agent.id),
  ]);
  if (instance || existing?.status === 'connected')
    throw new AppError('WHATSAPP_ALREADY_CONNECTED');

  const viaSignup = input.code !== undefined;
  const token = viaSignup ? await exchange(ctx, input.code!) : input.accessToken!;
  const graph = graphClientWith(ctx, token);
  const refused = viaSignup ? 'WHATSAPP_CLOUD_SIGNUP_FAILED' : 'WHATSAPP_CLOUD_TOKEN_REFUSED';
  const wabaId = input.wabaId;
  if (!wabaId) throw new AppError('WHATSAPP_CLOUD_SIGNUP_FAILED');
  let pin: string | null = null;
  let info: Awaited<ReturnType<GraphClient['phoneNumber']>>;
  try {
    // A number on the Business app (coexistence) comes without its id: the WABA's one number.
    const numbers = await graph.phoneNumbers(wabaId);
    const phoneNumberId = input.phoneNumberId ?? numbers[0]?.id;
    if (!phoneNumberId || !numbers.some((n) => n.id === phoneNumberId)) {
      throw new AppError('WHATSAPP_CLOUD_NUMBER_UNKNOWN');
    }
    info = await graph.phoneNumber(phoneNumberId);
    await graph.subscribeApp(wabaId);
    const coexistence = input.coexistence === true || info.isOnBizApp;
    if (viaSignup && !coexistence) {
      pin = newPin();
      await graph.register(phoneNumberId, pin);
    }
  } catch (err) {
    throw connectError(err, refused);
  }
  const coexistence = input.coexistence === true || info.isOnBizApp;
  let row: repo.CloudNumberRow;
  try {
    row = await db.transaction(async (tx) => {
      if (existing) await repo.deleteCloudNumber(tx, existing.id);
      return repo.insertCloudNumber(tx, {
        ownerId,
        agentId: agent.id,
        wabaId,
        phoneNumberId: info.id,
        displayPhoneNumber: info.displayPhoneNumber,
        verifiedName: info.verifiedName,
        accessToken: ctx.secrets.encrypt(token),
        pin: pin === null ? null : ctx.secrets.encrypt(pin),
        coexistence,
        via: viaSignup ? 'signup' : 'manual',
      });
    });
  } catch (err) {
    if (uniqueViolation(err)) throw new AppError('WHATSAPP_CLOUD_NUMBER_IN_USE');
    throw err;
  }
  await submitProductTemplates(ctx, row, log);
  // Meta's popup asks the business whether to share its chats; Meta shares them only if it
  // agreed, so the syncs are asked for unless the owner said no here (the simulator's choice).
  if (coexistence && input.importHistory !== false) {
    // Meta allows each sync once, within 24 h of onboarding: contacts first, then the chats.
    for (const syncType of ['smb_app_state_sync', 'history'] as const) {
      await graph.syncSmbData(row.phoneNumberId, syncType).catch((err: unknown) => {
        log.warn({ err, agentId: agent.id, syncType }, 'coexistence sync refused');
      });
    }
  }
  return whatsappView(ctx, ownerId, agent.id);
}

/** DELETE /api/agents/{id}/whatsapp/cloud: the number is forgotten here (Meta keeps it). */
export async function disconnectCloud(
  ctx: AppContext,
  ownerId: number,
  agentId: number,
): Promise<WhatsappView> {
  const db = ctx.database.db;
  const agent = await getAgent(db, ownerId, agentId);
  const row = await repo.cloudNumberOfAgent(db, ownerId, agent.id);
  if (!row) throw new AppError('WHATSAPP_CLOUD_NOT_FOUND');
  await repo.deleteCloudNumber(db, row.id);
  return whatsappView(ctx, ownerId, agent.id);
}
