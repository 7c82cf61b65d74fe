import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fakeGraphRoutes } from '../../../adapters/whatsapp-cloud/simulator/fake-graph';
import { FakeGraphState } from '../../../adapters/whatsapp-cloud/simulator/fake-graph-state';
import type { AppContext } from '../../../app-context';
import { parseInput } from '../../../lib/validate';
import { getAgent } from '../../agents';
import { requireUserId } from '../../auth';
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
  await app.register(async (scope) => {
    await options.registerSessions(scope);
    /**
     * Plays Meta's Embedded Signup popup: a new number on the simulated WABA, or (coexistence) a
     * number that stays on the Business app, whose id the popup does not give.
     */
    scope.post('/api/whatsapp/cloud/simulator/signup', async (request) => {
      const ownerId = requireUserId(request);
      const input = parseInput(signupSchema, request.body ?? {});
      const agent = await getAgent(ctx.database.db, ownerId, input.agentId);
      state.webhookUrl = `${ownOrigin(ctx)}/api/whatsapp/cloud/webhook`;
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
