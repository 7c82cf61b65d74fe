import { HttpClient } from '../../../test/http-client';
import type { TestApp } from '../../../test/harness';
import type { EvolutionClient } from '../evolution-client';
import { createGatewayClient, SIMULATOR_PREFIX, simulatorApiKey } from '../gateway-client';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type Json = any;

/** Raw HTTP to the simulator (for error shapes the typed client never produces) and a client. */
export interface SimulatorHandles {
  key: string;
  raw: HttpClient;
  client: EvolutionClient;
  /** the control API (`/_sim/...`) with the global key */
  control(method: string, path: string, json?: unknown): Promise<{ status: number; body: Json }>;
}

export async function simulatorHandles(t: TestApp): Promise<SimulatorHandles> {
  const key = simulatorApiKey(t.ctx.appSecret);
  const raw = new HttpClient(t.baseUrl + SIMULATOR_PREFIX);
  const client = createGatewayClient(t.ctx, t.app, {
    retry: { attempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
  });
  const control = (method: string, path: string, json?: unknown) =>
    raw.request(method, `/_sim${path}`, { json, headers: { apikey: key }, origin: null });
  // Real delivery backoff starts at 5 s; shortened so retries fit in a test. The time-out stays
  // generous: on a loaded machine a 2 s one gave up on a slow but healthy app, and the delivery
  // (a CONNECTED, say) was lost to the test.
  const res = await control('PUT', '/_settings', {
    webhook: { attempts: 3, initialDelayMs: 50, maxDelayMs: 200, timeoutMs: 10_000 },
  });
  if (res.status !== 200) throw new Error(`simulator settings: ${res.status}`);
  return { key, raw, client, control };
}

let seq = 0;
export function uniqueName(prefix = 'agent'): string {
  seq += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${seq}`;
}
