import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeGraph,
  type FakeGraph,
} from '../../../adapters/whatsapp-cloud/simulator/fake-graph';
import { subscribeViaSandbox } from '../../../test/billing-helpers';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/fake-openai';
import { freePort } from '../../../test/harness';
import { HttpClient, newUser } from '../../../test/http-client';
import { spawnServer, type SpawnedServer } from '../../../test/spawn-server';
import { waitFor } from '../../../test/wait-for';
import { CLOUD_WEBHOOK_PATH } from './cloud-webhook.routes';
import { CLOUD_TEST_APP_SECRET, newTenant } from './testing/cloud-helpers';

/**
 * The real server process (embedded database) on the official line, killed with SIGKILL in the
 * middle of a burst of customer messages and started again on the same data: every message is
 * answered and no reply goes out twice. The fake Graph API behaves like Meta: each delivery is
 * signed and retried a few times, statuses come back for every send, and what the dead server
 * never acknowledged is delivered again after the restart (Meta retries for a week).
 */
const CONTACTS = 30;
const PER_CONTACT = 3;

let dataDir: string;
let graph: FakeGraph;
let ai: FakeOpenAI;
let server: SpawnedServer | null = null;
let port: number;

const base = () => `http://127.0.0.1:${port}`;

function start(): SpawnedServer {
  return spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base(),
    APP_SECRET: 'cloud-crash-secret-0123456789abcdefghij',
    META_APP_ID: '1234567890',
    META_APP_SECRET: CLOUD_TEST_APP_SECRET,
    META_CONFIG_ID: '987654321',
    META_VERIFY_TOKEN: 'verify-token-for-tests',
    GRAPH_API_URL: graph.baseUrl,
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: ai.url,
    OUTBOUND_ALLOW_PRIVATE: 'true',
    WHATSAPP_TYPING_DELAY_MS: '0',
    WHATSAPP_RETRY_DELAY_SECONDS: '0',
    LOG_LEVEL: 'info',
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'aab-cloud-crash-'));
  port = await freePort();
  graph = await startFakeGraph({ appSecret: CLOUD_TEST_APP_SECRET, statusDelayMs: 5 });
  graph.setWebhookUrl(`${base()}${CLOUD_WEBHOOK_PATH}`);
  ai = await startFakeOpenAI();
  ai.answer = () => ({ text: 'Pode deixar, já te respondo.' });
});

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exit;
  }
  await graph?.close();
  await ai?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const phoneOf = (i: number) => `551195${String(1000000 + i).slice(-7)}`;

/** What Meta's retries would bring: every delivery the app did not answer 200, once more. */
async function redeliverUnacknowledged() {
  const failed = graph.state.deliveries.filter((d) => d.status !== 200);
  for (const delivery of failed) {
    delivery.status = await graph.state.postWebhook(delivery.body);
  }
  return failed.length;
}

describe('kill -9 in a burst on the official line', () => {
  it('answers every message exactly once across a crash and restart', async () => {
    server = start();
    await server.ready;
    const owner = new HttpClient(base());
    const user = newUser();
    expect((await owner.post('/api/register', user)).status).toBe(201);
    await subscribeViaSandbox(owner, user, 'multi');
    const agent = await owner.post('/api/agents', { name: 'Loja', systemPrompt: 'Atenda.' });
    const agentId = agent.body.id as number;
    const tenant = newTenant(graph);
    const connected = await owner.post(`/api/agents/${agentId}/whatsapp/cloud`, {
      wabaId: tenant.wabaId,
      phoneNumberId: tenant.phoneNumberId,
      accessToken: tenant.token,
    });
    expect(connected.status, connected.text).toBe(201);
    const settings = await owner.put(`/api/agents/${agentId}/whatsapp/settings`, { debounceMs: 0 });
    expect(settings.status, settings.text).toBe(200);

    const pnid = tenant.phoneNumberId;
    let killed = false;
    for (let m = 0; m < PER_CONTACT; m++) {
      await Promise.all(
        Array.from({ length: CONTACTS }, (_, c) =>
          graph.inbound(pnid, {
            from: phoneOf(c),
            name: `Cliente ${c}`,
            text: `Mensagem ${m} do cliente ${c}`,
          }),
        ),
      );
      if (!killed && m === 1) {
        await waitFor(async () => graph.state.sent.length >= 10, 'replies flowing', 60_000);
        server.child.kill('SIGKILL');
        await server.exit;
        killed = true;
      }
    }
    expect(killed).toBe(true);

    server = start();
    await server.ready;
    expect(await redeliverUnacknowledged()).toBeGreaterThan(0);
    // Meta also repeats deliveries that were acknowledged: a few duplicates.
    for (const delivery of graph.state.deliveries.slice(0, 10))
      await graph.state.postWebhook(delivery.body);

    const signedIn = new HttpClient(base());
    for (const [k, v] of owner.cookies) signedIn.cookies.set(k, v);
    const details = await waitFor(
      async () => {
        await redeliverUnacknowledged();
        const list = await signedIn.get(`/api/agents/${agentId}/conversations?channel=whatsapp`);
        if (list.status !== 200 || (list.body as unknown[]).length < CONTACTS) return null;
        const out = [];
        for (const c of list.body as { id: number }[]) {
          const d = await signedIn.get(`/api/agents/${agentId}/conversations/${c.id}`);
          const msgs = d.body.messages as { role: string; status: string }[];
          const users = msgs.filter((x) => x.role === 'user');
          if (users.length < PER_CONTACT || users.some((x) => x.status !== 'done')) return null;
          out.push(d.body);
        }
        return out;
      },
      'every message answered',
      120_000,
    );
    await graph.state.idle();
    await redeliverUnacknowledged();

    const users = details.flatMap((d) =>
      (d.messages as { role: string }[]).filter((m) => m.role === 'user'),
    );
    expect(users).toHaveLength(CONTACTS * PER_CONTACT);
    // Every reply that went out is recorded once, and nothing went out unrecorded.
    const sends = graph.state.sent.filter((s) => s.pnid === pnid && s.body.type === 'text');
    const assistants = details.flatMap((d) =>
      (d.messages as { role: string }[]).filter((m) => m.role === 'assistant'),
    );
    expect(assistants.length).toBe(sends.length);
    for (const d of details) {
      const phone = d.conversation.contactId as string;
      const count = (d.messages as { role: string }[]).filter((m) => m.role === 'assistant').length;
      expect(sends.filter((s) => s.body.to === `+${phone}`).length).toBe(count);
    }
    expect(new Set(sends.map((s) => s.wamid)).size).toBe(sends.length);
  }, 240_000);
});
