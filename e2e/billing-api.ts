import { expect, type Page } from './fixtures';

/**
 * Subscribes the signed-in user through the API and the sandbox checkout (same cookie jar as the
 * page), then waits until the sync job has made it trialing.
 */
export async function subscribeViaSandbox(
  page: Page,
  baseURL: string,
  user: { email: string; name: string },
  planId: string,
): Promise<void> {
  const request = page.context().request;
  const headers = { Origin: baseURL, 'Accept-Language': 'pt-BR' };
  const created = await request.post('/api/subscriptions/create', {
    data: { planId, userEmail: user.email, userName: user.name },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const { init_point } = (await created.json()) as { init_point: string };
  const checkoutId = new URL(init_point).pathname.split('/').at(-1)!;
  const approved = await request.post(`/api/sandbox-checkout/${checkoutId}/approve`, { headers });
  expect(approved.status(), await approved.text()).toBe(200);
  await expect
    .poll(async () => {
      const res = await request.get('/api/subscription', { headers });
      return ((await res.json()) as { subscription: { status: string } | null }).subscription
        ?.status;
    })
    .toBe('trialing');
}
