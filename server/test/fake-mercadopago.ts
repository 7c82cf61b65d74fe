import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { signNotification } from '../adapters/payments/webhook-signature';

/**
 * A Mercado Pago fake on loopback for its subscription (preapproval) API: `POST /preapproval`
 * (idempotent by X-Idempotency-Key), `GET`/`PUT /preapproval/{id}`,
 * `GET /authorized_payments/{id}`, Bearer auth. Tests change a preapproval's state as the buyer or
 * Mercado Pago would, then send signed notifications to the app.
 */
export const FAKE_MP_TOKEN = 'APP_USR-fake-token';
export const FAKE_MP_SECRET = 'fake-webhook-secret';

export interface FakePreapproval {
  id: string;
  status: string;
  reason: string;
  external_reference: string;
  payer_email: string;
  init_point: string;
  back_url: string;
  date_created: string;
  next_payment_date: string | null;
  auto_recurring: {
    frequency: number;
    frequency_type: string;
    transaction_amount: number;
    currency_id: string;
    free_trial?: { frequency: number; frequency_type: string };
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

export interface FakeMercadoPago {
  url: string;
  requests: RecordedRequest[];
  preapprovals: Map<string, FakePreapproval>;
  authorizedPayments: Map<string, Record<string, unknown>>;
  /** status codes to answer the next calls with, first one first */
  failures: number[];
  /** the buyer completed checkout: authorized, first charge after the free trial */
  authorize(id: string, now?: Date): FakePreapproval;
  setStatus(id: string, status: string): FakePreapproval;
  /** POSTs a signed notification to the app, as Mercado Pago does */
  notify(
    appUrl: string,
    opts: {
      dataId: string;
      type?: string;
      /** the body's own id and action: unsigned, so a replay may carry edited ones */
      notificationId?: string;
      action?: string;
      requestId?: string;
      secret?: string;
      ts?: number;
      signature?: string | null;
    },
  ): Promise<{ status: number; body: any }>;
  gets(id: string): number;
  close(): Promise<void>;
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function startFakeMercadoPago(): Promise<FakeMercadoPago> {
  const byKey = new Map<string, string>();
  let counter = 0;
  const fake = {
    requests: [] as RecordedRequest[],
    preapprovals: new Map<string, FakePreapproval>(),
    authorizedPayments: new Map<string, Record<string, unknown>>(),
    failures: [] as number[],
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0]!;
      const body = await readJson(req);
      fake.requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.headers.authorization !== `Bearer ${FAKE_MP_TOKEN}`) {
        return json(401, { message: 'invalid access token', status: 401 });
      }
      const failure = fake.failures.shift();
      if (failure) return json(failure, { message: 'fault', status: failure });

      if (req.method === 'POST' && path === '/preapproval') {
        const key = req.headers['x-idempotency-key'];
        if (typeof key === 'string' && byKey.has(key)) {
          return json(201, fake.preapprovals.get(byKey.get(key)!));
        }
        counter += 1;
        const id = `2c93808${counter.toString().padStart(4, '0')}abc`;
        const pre: FakePreapproval = {
          id,
          status: body.status,
          reason: body.reason,
          external_reference: body.external_reference,
          payer_email: body.payer_email,
          back_url: body.back_url,
          init_point: `https://www.mercadopago.com.br/subscriptions/checkout?preapproval_id=${id}`,
          date_created: new Date().toISOString(),
          next_payment_date: null,
          auto_recurring: body.auto_recurring,
        };
        fake.preapprovals.set(id, pre);
        if (typeof key === 'string') byKey.set(key, id);
        return json(201, pre);
      }
      const preMatch = /^\/preapproval\/([^/]+)$/.exec(path);
      if (preMatch) {
        const pre = fake.preapprovals.get(decodeURIComponent(preMatch[1]!));
        if (!pre) return json(404, { message: 'not found', status: 404 });
        if (req.method === 'GET') return json(200, pre);
        if (req.method === 'PUT') {
          if (pre.status === 'cancelled' && body.status && body.status !== 'cancelled') {
            return json(400, { message: 'cannot modify a cancelled preapproval', status: 400 });
          }
          if (body.status) pre.status = body.status;
          if (body.auto_recurring?.transaction_amount !== undefined) {
            pre.auto_recurring.transaction_amount = body.auto_recurring.transaction_amount;
          }
          return json(200, pre);
        }
      }
      const payMatch = /^\/authorized_payments\/([^/]+)$/.exec(path);
      if (payMatch && req.method === 'GET') {
        const payment = fake.authorizedPayments.get(payMatch[1]!);
        return payment ? json(200, payment) : json(404, { message: 'not found', status: 404 });
      }
      json(404, { message: 'no route', status: 404 });
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const get = (id: string) => {
    const pre = fake.preapprovals.get(id);
    if (!pre) throw new Error(`no preapproval ${id}`);
    return pre;
  };

  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    authorize(id, now = new Date()) {
      const pre = get(id);
      pre.status = 'authorized';
      const trial = pre.auto_recurring.free_trial?.frequency ?? 0;
      pre.next_payment_date = new Date(now.getTime() + trial * DAY_MS).toISOString();
      return pre;
    },
    setStatus(id, status) {
      const pre = get(id);
      pre.status = status;
      return pre;
    },
    async notify(appUrl, opts) {
      const type = opts.type ?? 'subscription_preapproval';
      const requestId = opts.requestId ?? randomUUID();
      const signature =
        opts.signature === undefined
          ? signNotification({
              secret: opts.secret ?? FAKE_MP_SECRET,
              dataId: opts.dataId,
              requestId,
              ts: opts.ts,
            })
          : opts.signature;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-request-id': requestId,
      };
      if (signature !== null) headers['x-signature'] = signature;
      const response = await fetch(
        `${appUrl}/api/webhooks/mercadopago?data.id=${encodeURIComponent(opts.dataId)}&type=${type}`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            id: opts.notificationId ?? randomUUID(),
            type,
            action: opts.action ?? 'updated',
            entity: 'preapproval',
            date: new Date().toISOString(),
            data: { id: opts.dataId },
          }),
        },
      );
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
    gets(id) {
      return fake.requests.filter((r) => r.method === 'GET' && r.path === `/preapproval/${id}`)
        .length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
