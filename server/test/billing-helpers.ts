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
