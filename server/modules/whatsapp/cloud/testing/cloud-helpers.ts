import { randomBytes } from 'node:crypto';
import { DEFAULT_WHATSAPP_SETTINGS } from '@common/schemas/whatsapp';
import { expect } from 'vitest';
import { whatsappSettings } from '../../../../db/schema';
import {
  startFakeGraph,
  type FakeGraph,
} from '../../../../adapters/whatsapp-cloud/simulator/fake-graph';
import { startFakeOpenAI, type FakeOpenAI } from '../../../../test/fake-openai';
import { startTestApp, type TestApp } from '../../../../test/harness';
import type { HttpClient } from '../../../../test/http-client';
import { CLOUD_WEBHOOK_PATH } from '../cloud-webhook.routes';

/** The app on the official line: a fake Graph API on loopback, signed webhooks both ways. */
export interface CloudApp {
  t: TestApp;
  graph: FakeGraph;
  ai: FakeOpenAI;
}

export const CLOUD_TEST_APP_SECRET = 'meta-app-secret-for-tests-0123456789';
export const CLOUD_TEST_VERIFY_TOKEN = 'verify-token-for-tests';

export async function startCloudApp(env: Record<string, string> = {}): Promise<CloudApp> {
  const graph = await startFakeGraph({ appSecret: CLOUD_TEST_APP_SECRET, statusDelayMs: 5 });
  const ai = await startFakeOpenAI();
  ai.answer = () => ({ text: 'Abrimos às 7h.' });
  const t = await startTestApp({
    jobs: true,
    env: {
      WHATSAPP_TYPING_DELAY_MS: '0',
      WHATSAPP_RETRY_DELAY_SECONDS: '0',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: ai.url,
      META_APP_ID: '1234567890',
      META_APP_SECRET: CLOUD_TEST_APP_SECRET,
      META_CONFIG_ID: '987654321',
      META_VERIFY_TOKEN: CLOUD_TEST_VERIFY_TOKEN,
      GRAPH_API_URL: graph.baseUrl,
      ...env,
    },
  });
  graph.setWebhookUrl(`${t.baseUrl}${CLOUD_WEBHOOK_PATH}`);
  return { t, graph, ai };
}

export async function stopCloudApp(app: Partial<CloudApp> | undefined) {
  await app?.t?.close();
  await app?.graph?.close();
  await app?.ai?.close();
}

let seq = 0;

/** A business on the fake Graph API: its WABA, number and token. */
export function newTenant(graph: FakeGraph, coexistence = false) {
  seq += 1;
  const n = `${process.pid}${seq}`.slice(-9);
  return graph.addTenant({
    wabaId: `10${n}`,
    phoneNumberId: `20${n}`,
    displayPhoneNumber: `+55 11 9${n.slice(-8, -4)}-${n.slice(-4)}`,
    verifiedName: 'Padaria Pão Quente',
    token: `EAAT${randomBytes(20).toString('hex')}`,
    coexistence,
  });
}

/** A fresh customer's phone (digits, São Paulo mobile) no other test file uses. */
export function newCustomerPhone(): string {
  seq += 1;
  return `5511${String(9e8 + ((process.pid * 1000 + seq) % 1e8)).slice(0, 9)}`;
}

/**
 * Connects the agent's official number by hand (the owner on a plan that sells it) and sets its
 * merge window to 0; resolves to the tenant's phone number id.
 */
export async function connectOfficial(
  app: CloudApp,
  owner: { client: HttpClient; agentId: number },
): Promise<string> {
  const tenant = newTenant(app.graph);
  const res = await owner.client.post(`/api/agents/${owner.agentId}/whatsapp/cloud`, {
    wabaId: tenant.wabaId,
    phoneNumberId: tenant.phoneNumberId,
    accessToken: tenant.token,
  });
  expect(res.status, res.text).toBe(201);
  await app.t.ctx.database.db
    .insert(whatsappSettings)
    .values({ agentId: owner.agentId, ...DEFAULT_WHATSAPP_SETTINGS, debounceMs: 0 })
    .onConflictDoUpdate({
      target: whatsappSettings.agentId,
      set: { ...DEFAULT_WHATSAPP_SETTINGS, debounceMs: 0 },
    });
  return tenant.phoneNumberId;
}

/** What the fake Graph API took for one customer on one number. */
export function sentTo(graph: FakeGraph, pnid: string, phone: string) {
  return graph.state.sent.filter((m) => m.pnid === pnid && m.body.to === `+${phone}`);
}
