import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../adapters/gateway/gateway-error';
import {
  simulatorHandles,
  type SimulatorHandles,
} from '../../adapters/gateway/testing/simulator-helpers';
import { queryRows } from '../../db/client';
import { freePort, startTestApp, type TestApp } from '../../test/harness';
import { signedInClient, type HttpClient } from '../../test/http-client';
import { DELETE_GATEWAY_INSTANCE_QUEUE } from './instance-cleanup';

/**
 * Deleting an agent deletes its instance at the gateway through a pg-boss job. The worker has no
 * socket of its own and reaches the simulator under PUBLIC_URL, so the app listens on a
 * pre-picked port named by PUBLIC_URL.
 */
let t: TestApp;
let s: SimulatorHandles;
let owner: HttpClient;

beforeAll(async () => {
  const port = await freePort();
  t = await startTestApp({ port, jobs: true, env: { PUBLIC_URL: `http://127.0.0.1:${port}` } });
  s = await simulatorHandles(t);
  owner = (await signedInClient(t.baseUrl)).client;
}, 120_000); // the job runner's start is slow on a busy machine
afterAll(async () => {
  await t.close();
});

const gatewayCode = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: unknown) => (err instanceof GatewayError ? err.code : String(err)),
  );

async function agentWithConnectedInstance(): Promise<{ agentId: number; name: string }> {
  const agent = await owner.post('/api/agents', { name: 'Atendente', systemPrompt: 'Ajude.' });
  const agentId = agent.body.id as number;
  const created = await owner.post(`/api/agents/${agentId}/whatsapp/create-instance`, {
    phoneNumber: '5511987654321',
  });
  expect(created.status).toBe(201);
  const name = created.body.instanceName as string;
  expect((await s.control('POST', `/${name}/scan`, {})).status).toBe(200);
  return { agentId, name };
}

async function waitUntilGone(name: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let code = await gatewayCode(s.client.connectionState(name));
  while (code !== 'GATEWAY_NOT_FOUND' && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    code = await gatewayCode(s.client.connectionState(name));
  }
  return code;
}

async function jobOf(name: string) {
  const rows = await queryRows<{ state: string; retry_count: number }>(
    t.database.db,
    sql`SELECT state, retry_count FROM pgboss.job
        WHERE name = ${DELETE_GATEWAY_INSTANCE_QUEUE} AND data->>'instanceName' = ${name}`,
  );
  return rows;
}

describe('deleting an agent', () => {
  it('answers at once and a job logs out and deletes its instance at the gateway', async () => {
    const { agentId, name } = await agentWithConnectedInstance();
    const res = await owner.delete(`/api/agents/${agentId}`);
    expect(res.status).toBe(204);
    expect(await waitUntilGone(name, 20_000)).toBe('GATEWAY_NOT_FOUND');
    const deadline = Date.now() + 10_000;
    while ((await jobOf(name))[0]?.state !== 'completed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await jobOf(name)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('with the gateway failing for a while, the job retries with backoff until it is gone', async () => {
    const { agentId, name } = await agentWithConnectedInstance();
    // Every attempt of the first run fails (the client tries 3 times per call).
    const fault = await s.control('POST', '/_faults', {
      match: `/instance/logout/${name}`,
      status: 500,
      body: { status: 500, error: 'Internal Server Error', response: { message: ['boom'] } },
      times: 3,
    });
    expect(fault.status).toBe(201);
    expect((await owner.delete(`/api/agents/${agentId}`)).status).toBe(204);
    expect(await waitUntilGone(name, 50_000)).toBe('GATEWAY_NOT_FOUND');
    const [job] = await jobOf(name);
    expect(job!.retry_count).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
