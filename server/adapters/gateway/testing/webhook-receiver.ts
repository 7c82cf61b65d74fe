import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
type Json = Record<string, any>;

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: Json;
}

/**
 * A webhook target on loopback for tests: records every POST and answers with the status
 * `respond` chooses (default 200), so retries and refusals can be observed over real HTTP.
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  respond: (hook: ReceivedWebhook, index: number) => number;
  /** resolves with the first `count` deliveries matching, or rejects after `timeoutMs` */
  waitFor(
    match: (hook: ReceivedWebhook) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<ReceivedWebhook[]>;
  events(): string[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: Omit<WebhookReceiver, 'url' | 'close'> = {
    received: [],
    respond: () => 200,
    async waitFor(match, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hits = receiver.received.filter(match);
        if (hits.length >= count) return hits.slice(0, count);
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} webhook(s); got ${JSON.stringify(receiver.events())}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    events: () => receiver.received.map((h) => String(h.body.event)),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook: ReceivedWebhook = {
        path: req.url ?? '/',
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Json,
      };
      const index = receiver.received.push(hook) - 1;
      res.statusCode = receiver.respond(hook, index);
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
