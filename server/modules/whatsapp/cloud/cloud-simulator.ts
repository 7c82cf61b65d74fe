import { templateText } from '@common/schemas/whatsapp';
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fakeGraphRoutes } from '../../../adapters/whatsapp-cloud/simulator/fake-graph';
import { FakeGraphState } from '../../../adapters/whatsapp-cloud/simulator/fake-graph-state';
import type { AppContext } from '../../../app-context';
import { parseInput } from '../../../lib/validate';
import { getAgent } from '../../agents';
import { requireUserId } from '../../auth';
import { AppError } from '../../../lib/errors';
import { CLOUD_WEBHOOK_PATH } from './cloud-webhook.routes';
import { cloudNumberByPhoneId, cloudNumbersOfOwner } from './cloud-numbers.repo';
import {
  cloudAppSecret,
  GRAPH_SIMULATOR_PREFIX,
  ownOrigin,
  usesCloudSimulator,
} from './cloud-graph';

/**
 * The built-in simulator of Meta's Graph API, for an install with no Meta app: the same fake the
 * integration tests run on loopback, mounted on this server. A simulated Embedded Signup makes a
 * number there, its messages come back as signed webhooks with statuses, and templates are
 * approved after a moment — so an owner tries the official way end to end with no Meta account.
 * Its state lives in this process (a demo's numbers are made again after a restart); one per app
 * context (ADR 0040).
 */

const states = new WeakMap<AppContext, FakeGraphState>();
/** What the simulated customers and the simulated Business app wrote, per app context. */
const written = new WeakMap<AppContext, SimWritten[]>();

interface SimWritten {
  pnid: string;
  phone: string;
  id: string;
  from: 'customer' | 'business-app';
  text: string;
  at: number;
}
/** A simulated template's review takes this long, as Meta's takes minutes to hours. */
const SIMULATED_REVIEW_MS = 3000;

function stateOf(ctx: AppContext): FakeGraphState {
  let state = states.get(ctx);
  if (!state) {
    state = new FakeGraphState({
      appSecret: cloudAppSecret(ctx) ?? '',
      approveAfterMs: SIMULATED_REVIEW_MS,
      statusDelayMs: 400,
    });
    states.set(ctx, state);
  }
  return state;
}

/** The app id and secret the simulator's code exchange expects. */
export function simulatorSignupApp(ctx: AppContext) {
  return { appId: 'simulator', appSecret: stateOf(ctx).appSecret };
}

const signupSchema = z.object({
  agentId: z.number().int().positive(),
  coexistence: z.boolean().default(false),
});

const chatSchema = z.object({
  text: z.string().trim().min(1).max(4096).optional(),
  choice: z.object({ id: z.string().min(1).max(256), title: z.string().min(1).max(24) }).optional(),
  name: z.string().trim().min(1).max(80).optional(),
});
const appSchema = z.object({ text: z.string().trim().min(1).max(4096) });
const PHONE = /^\d{10,15}$/;

type SimMessage = {
  id: string;
  from: 'customer' | 'business' | 'business-app';
  kind: 'text' | 'template' | 'image' | 'audio' | 'document' | 'buttons' | 'list';
  text: string;
  buttons: { id: string; title: string }[];
  status: 'sent' | 'delivered' | 'read' | 'failed' | null;
  at: string;
};

/** A string field of Meta's JSON, or '' (the bodies are our own sends: never an object). */
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The latest status the simulator reported of a message it accepted. */
function statusOf(state: FakeGraphState, wamid: string): SimMessage['status'] {
  let status: SimMessage['status'] = null;
  for (const delivery of state.deliveries) {
    const entry = (
      delivery.body as {
        entry?: { changes?: { value?: { statuses?: { id?: string; status?: string }[] } }[] }[];
      }
    ).entry;
    for (const change of entry?.[0]?.changes ?? []) {
      for (const s of change.value?.statuses ?? []) {
        if (
          s.id === wamid &&
          (s.status === 'sent' ||
            s.status === 'delivered' ||
            s.status === 'read' ||
            s.status === 'failed')
        )
          status = s.status;
      }
    }
  }
  return status;
}

/** A message the business sent through the simulated API, as the customer's phone shows it. */
function shownSent(
  state: FakeGraphState,
  body: Record<string, unknown>,
): Pick<SimMessage, 'kind' | 'text' | 'buttons'> {
  const type = str(body.type) || 'text';
  const part = (body[type] ?? {}) as Record<string, unknown>;
  if (type === 'text')
    return { kind: 'text', text: str((part as { body?: unknown }).body), buttons: [] };
  if (type === 'template') {
    const name = str(part.name);
    const template = [...state.templates.values()].find((t) => t.name === name);
    const params = (
      (part.components as { type?: string; parameters?: { text?: string }[] }[] | undefined) ?? []
    )
      .filter((c) => c.type === 'body')
      .flatMap((c) => c.parameters ?? [])
      .map((p) => p.text ?? '');
    const text = templateText(template?.body ?? name, params);
    return { kind: 'template', text, buttons: [] };
  }
  if (type === 'interactive') {
    const interactive = part as {
      type?: string;
      body?: { text?: string };
      action?: {
        buttons?: { reply?: { id: string; title: string } }[];
        sections?: { rows?: { id: string; title: string }[] }[];
      };
    };
    const text = interactive.body?.text ?? '';
    if (interactive.type === 'list') {
      const rows = (interactive.action?.sections ?? []).flatMap((s) => s.rows ?? []);
      return { kind: 'list', text, buttons: rows.map((r) => ({ id: r.id, title: r.title })) };
    }
    const buttons = (interactive.action?.buttons ?? []).flatMap((b) => (b.reply ? [b.reply] : []));
    return { kind: 'buttons', text, buttons };
  }
  const caption = typeof part.caption === 'string' ? part.caption : '';
  const kind = type === 'image' || type === 'audio' ? type : 'document';
  return { kind, text: caption || str(part.filename), buttons: [] };
}

const digits = (length: number) =>
  Array.from({ length }, (_, i) => String(randomInt(i === 0 ? 1 : 0, 10))).join('');

export async function cloudSimulatorRoutes(
  app: FastifyInstance,
  options: { ctx: AppContext; registerSessions: (scope: FastifyInstance) => Promise<void> },
) {
  const { ctx } = options;
  if (!usesCloudSimulator(ctx)) return;
  const state = stateOf(ctx);
  await app.register(fakeGraphRoutes, { prefix: GRAPH_SIMULATOR_PREFIX, state });
  /** The owner's official number living in the simulator; 404 for anyone else's. */
  const ownNumber = async (ownerId: number, pnid: string) => {
    const number = await cloudNumberByPhoneId(ctx.database.db, pnid);
    const tenant = state.tenants.get(pnid);
    if (!number || number.ownerId !== ownerId || !tenant)
      throw new AppError('WHATSAPP_CLOUD_NOT_FOUND');
    return { number, tenant };
  };
  const phoneOf = (value: string) => {
    if (!PHONE.test(value))
      throw new AppError('VALIDATION', { fieldErrors: { phone: ['whatsapp.phoneMin'] } });
    return value;
  };
  const log = () => {
    let list = written.get(ctx);
    if (!list) written.set(ctx, (list = []));
    return list;
  };

  await app.register(async (scope) => {
    await options.registerSessions(scope);

    scope.get('/api/whatsapp/cloud/simulator/numbers', async (request) => {
      const ownerId = requireUserId(request);
      const numbers = await cloudNumbersOfOwner(ctx.database.db, ownerId);
      const agents = await Promise.all(
        numbers.map((n) => getAgent(ctx.database.db, ownerId, n.agentId)),
      );
      return numbers
        .filter((n) => state.tenants.has(n.phoneNumberId))
        .map((n) => ({
          phoneNumberId: n.phoneNumberId,
          displayPhoneNumber: n.displayPhoneNumber,
          verifiedName: n.verifiedName,
          agentId: n.agentId,
          agentName: agents.find((a) => a.id === n.agentId)?.name ?? '',
          coexistence: n.coexistence,
        }));
    });

    type ChatParams = { Params: { pnid: string; phone: string } };
    scope.get<ChatParams>(
      '/api/whatsapp/cloud/simulator/numbers/:pnid/chats/:phone',
      async (request) => {
        const ownerId = requireUserId(request);
        const { tenant } = await ownNumber(ownerId, request.params.pnid);
        const phone = phoneOf(request.params.phone);
        const mine = log()
          .filter((w) => w.pnid === tenant.phoneNumberId && w.phone === phone)
          .map((w): SimMessage => ({
            id: w.id,
            from: w.from,
            kind: 'text',
            text: w.text,
            buttons: [],
            status: null,
            at: new Date(w.at).toISOString(),
          }));
        const sent = state.sent
          .filter(
            (m) => m.pnid === tenant.phoneNumberId && str(m.body.to).replace(/\D/g, '') === phone,
          )
          .map((m): SimMessage => ({
            id: m.wamid,
            from: 'business',
            ...shownSent(state, m.body),
            status: statusOf(state, m.wamid),
            at: new Date(m.at).toISOString(),
          }));
        return {
          messages: [...mine, ...sent].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)),
        };
      },
    );

    scope.post<ChatParams>(
      '/api/whatsapp/cloud/simulator/numbers/:pnid/chats/:phone/messages',
      async (request) => {
        const ownerId = requireUserId(request);
        const { tenant } = await ownNumber(ownerId, request.params.pnid);
        const phone = phoneOf(request.params.phone);
        const input = parseInput(chatSchema, request.body ?? {});
        if (!input.text && !input.choice)
          throw new AppError('VALIDATION', { fieldErrors: { text: ['validation.invalid'] } });
        state.webhookUrl = `${ownOrigin(ctx)}${CLOUD_WEBHOOK_PATH}`;
        const { id } = await state.inbound(tenant.phoneNumberId, {
          from: phone,
          name: input.name ?? `Cliente ${phone.slice(-4)}`,
          ...(input.choice
            ? { type: 'button_reply' as const, choice: input.choice }
            : { text: input.text! }),
        });
        log().push({
          pnid: tenant.phoneNumberId,
          phone,
          id,
          from: 'customer',
          text: input.choice?.title ?? input.text!,
          at: Date.now(),
        });
        return { id };
      },
    );

    scope.post<ChatParams>(
      '/api/whatsapp/cloud/simulator/numbers/:pnid/chats/:phone/business-app',
      async (request) => {
        const ownerId = requireUserId(request);
        const { tenant, number } = await ownNumber(ownerId, request.params.pnid);
        const phone = phoneOf(request.params.phone);
        // Only a number kept on the Business app (coexistence) has an app to type in.
        if (!number.coexistence) throw new AppError('WHATSAPP_CLOUD_NO_BUSINESS_APP');
        const { text } = parseInput(appSchema, request.body ?? {});
        state.webhookUrl = `${ownOrigin(ctx)}${CLOUD_WEBHOOK_PATH}`;
        const { id } = await state.echo(tenant.phoneNumberId, { to: phone, text });
        log().push({
          pnid: tenant.phoneNumberId,
          phone,
          id,
          from: 'business-app',
          text,
          at: Date.now(),
        });
        return { id };
      },
    );

    /**
     * Plays Meta's Embedded Signup popup: a new number on the simulated WABA, or (coexistence) a
     * number that stays on the Business app, whose id the popup does not give.
     */
    scope.post('/api/whatsapp/cloud/simulator/signup', async (request) => {
      const ownerId = requireUserId(request);
      const input = parseInput(signupSchema, request.body ?? {});
      const agent = await getAgent(ctx.database.db, ownerId, input.agentId);
      state.webhookUrl = `${ownOrigin(ctx)}${CLOUD_WEBHOOK_PATH}`;
      const local = digits(8);
      const tenant = state.addTenant({
        wabaId: digits(15),
        phoneNumberId: digits(15),
        displayPhoneNumber: `+55 11 9${local.slice(0, 4)}-${local.slice(4)}`,
        verifiedName: agent.name,
        token: `EAASIM${randomBytes(24).toString('hex')}`,
        coexistence: input.coexistence,
      });
      return {
        code: state.mintSignupCode(tenant.phoneNumberId),
        wabaId: tenant.wabaId,
        phoneNumberId: input.coexistence ? null : tenant.phoneNumberId,
        event: input.coexistence ? 'FINISH_WHATSAPP_BUSINESS_APP_ONBOARDING' : 'FINISH',
      };
    });
  });
}
