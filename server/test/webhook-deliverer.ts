import { WEBHOOK_SECRET_HEADER } from '../modules/whatsapp';

/**
 * The gateway's side of the webhook in the crash tests, where the server is a child process that
 * dies and comes back: `post` one delivery (0 when nobody answered), or `deliverWithRetry` as
 * Evolution does — again every 250 ms until the server acknowledges it, up to `attempts` times.
 * `pending` counts the deliveries not acknowledged yet; `stop` gives up on them and waits.
 */
export function webhookDeliverer(target: () => { url: string; secret: string }, attempts: number) {
  const pending = new Set<Promise<void>>();
  let stopped = false;

  async function post(body: unknown): Promise<number> {
    const { url, secret } = target();
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [WEBHOOK_SECRET_HEADER]: secret },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      return res.status;
    } catch {
      return 0;
    }
  }

  function deliverWithRetry(body: unknown) {
    const task = (async () => {
      for (let attempt = 0; attempt < attempts && !stopped; attempt++) {
        if ((await post(body)) === 200) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
    pending.add(task);
    void task.finally(() => pending.delete(task));
  }

  return {
    post,
    deliverWithRetry,
    /** deliveries still being retried */
    get pending() {
      return pending.size;
    },
    async stop() {
      stopped = true;
      await Promise.all([...pending]);
    },
  };
}
