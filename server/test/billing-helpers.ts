import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpClient } from './http-client';

/** Polls GET /api/subscription until `done` holds (the sync runs in a job after the webhook). */
export async function waitForSubscription(
  client: HttpClient,
  done: (subscription: any) => boolean,
  timeoutMs = 20_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    const res = await client.get('/api/subscription');
    last = res.body.subscription;
    if (last && done(last)) return last;
    await sleep(100);
  }
  throw new Error(`subscription never reached the expected state; last: ${JSON.stringify(last)}`);
}

/**
 * Gives a signed-in test user a trialing subscription through the sandbox checkout (the app must
 * run without MERCADOPAGO_ACCESS_TOKEN and with jobs), e.g. for channels that only answer
 * customers of subscribed owners.
 */
export async function subscribeViaSandbox(
  client: HttpClient,
  user: { email: string; name: string },
  planId = 'standard',
): Promise<void> {
  const created = await client.post('/api/subscriptions/create', {
    planId,
    userEmail: user.email,
    userName: user.name,
  });
  if (created.status !== 200) throw new Error(`checkout failed: ${created.status} ${created.text}`);
  const checkoutId = new URL(created.body.init_point).pathname.split('/').at(-1)!;
  const approved = await client.post(`/api/sandbox-checkout/${checkoutId}/approve`);
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status}`);
  await waitForSubscription(client, (s) => s.status === 'trialing');
}
