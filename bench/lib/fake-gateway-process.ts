/**
 * Child process of bench/whatsapp-pipeline.ts: the fake Evolution gateway
 * (server/adapters/gateway/testing/fake-gateway.ts) in its own process, answering every call at
 * once (a zero-latency gateway). It keeps the webhook secret the app registers at
 * /instance/create and, per recipient number, when its first sendText arrived.
 * Prints `{"url":...}` once listening; on the IPC message 'stats' it replies with
 * `{ secret, sends, firstSendAt / lastSendAt: { number: epochMs } }`. Exits on SIGTERM or when the parent goes.
 *
 *   (spawned with an IPC channel by bench/lib/fake-gateway-client.ts)
 */
import { startFakeGateway } from '../../server/adapters/gateway/testing/fake-gateway';
import { WEBHOOK_SECRET_HEADER } from '../../server/modules/whatsapp';

const gateway = await startFakeGateway();
let secret: string | null = null;
let sends = 0;
const firstSendAt: Record<string, number> = {};
const lastSendAt: Record<string, number> = {};
gateway.script = (request) => {
  const p = request.path;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const name = decodeURIComponent(p.split('/').pop()!.split('?')[0]!);
  const qr = { code: '2@bench', base64: 'data:image/png;base64,iVBORw0KGgo=', count: 1 };
  if (p === '/instance/create') {
    const webhook = body.webhook as { headers: Record<string, string> };
    secret = webhook.headers[WEBHOOK_SECRET_HEADER] ?? null;
    return {
      status: 201,
      body: {
        instance: { instanceName: body.instanceName, instanceId: 'bench', status: 'close' },
        hash: 'TOKEN',
        qrcode: qr,
      },
    };
  }
  if (p.startsWith('/instance/connect/')) return { status: 200, body: qr };
  if (p.startsWith('/instance/connectionState/'))
    return { status: 200, body: { instance: { instanceName: name, state: 'open' } } };
  if (p.startsWith('/chat/sendPresence/'))
    return { status: 201, body: { presence: body.presence } };
  if (p.startsWith('/message/sendText/')) {
    sends += 1;
    const number = String(body.number);
    firstSendAt[number] ??= Date.now();
    lastSendAt[number] = Date.now();
    return {
      status: 201,
      body: {
        key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id: `OUT${sends}` },
        status: 'PENDING',
        message: { conversation: body.text },
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
      },
    };
  }
  return { status: 200, body: {} };
};
// The fake keeps every request for the tests to read; a benchmark would grow it without bound.
setInterval(() => (gateway.requests.length = 0), 1000).unref();
process.on('message', () => process.send!({ secret, sends, firstSendAt, lastSendAt }));
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => void gateway.close().then(() => process.exit(0)));
console.log(JSON.stringify({ url: gateway.url }));
