import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeReply {
  status: number;
  body?: unknown;
  /** hold the answer this long (time-out tests) */
  delayMs?: number;
}

export interface FakeGatewayRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A tiny fault-injecting gateway on loopback: each request gets the reply `script` returns. */
export interface FakeGateway {
  url: string;
  requests: FakeGatewayRequest[];
  script: (request: FakeGatewayRequest, index: number) => FakeReply;
  close(): Promise<void>;
}

export async function startFakeGateway(): Promise<FakeGateway> {
  const fake: Omit<FakeGateway, 'url' | 'close'> = {
    requests: [],
    script: () => ({ status: 200, body: {} }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request: FakeGatewayRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      const index = fake.requests.push(request) - 1;
      const reply = fake.script(request, index);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body ?? null));
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
