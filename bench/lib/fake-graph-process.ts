/**
 * Child process of bench/whatsapp-pipeline.ts and bench/whatsapp-rush.ts: the fake Graph API
 * (server/adapters/whatsapp-cloud/simulator/fake-graph.ts) in its own process, so its work (the
 * sends it checks, the sent / delivered / read status webhooks it signs and posts back for every
 * reply) is not the server's or the bench's. It answers every call at once; the statuses follow
 * each send BENCH_GRAPH_STATUS_DELAY_MS apart (20, the fake's default). The app secret that signs
 * them is BENCH_GRAPH_APP_SECRET.
 *
 * Prints `{"url":...,"baseUrl":...}` once listening, then answers IPC requests `{ id, op, ... }`
 * with `{ id, result }`:
 * - `addTenant` (wabaId, phoneNumberId, displayPhoneNumber, token): one WhatsApp number;
 * - `setWebhookUrl` (url): where the statuses go (the app's /api/whatsapp/cloud/webhook);
 * - `openWindow` (phoneNumberId, users): opens the 24-hour window for customers whose inbound
 *   webhooks the bench posts itself (the fake refuses a free-form send otherwise, as Meta does);
 * - `stats`: sends, read marks, status webhooks posted and those not answered 200, and per
 *   recipient (digits) the epoch ms of its first and latest send;
 * - `sentSince` (after): the sends after index `after`, `{ to, text, at }`, and the next index.
 * Exits on SIGTERM or when the parent goes.
 *
 *   (spawned with an IPC channel by bench/lib/fake-graph-client.ts)
 */
import { startFakeGraph } from '../../server/adapters/whatsapp-cloud/simulator/fake-graph';

const graph = await startFakeGraph({
  appSecret: process.env.BENCH_GRAPH_APP_SECRET ?? 'fake-graph-bench-secret-0123456789',
  statusDelayMs: Number(process.env.BENCH_GRAPH_STATUS_DELAY_MS ?? 20),
});
const { state } = graph;

let sends = 0;
let reads = 0;
let statusWebhooks = 0;
let statusWebhooksNot200 = 0;
const firstSendAt: Record<string, number> = {};
const lastSendAt: Record<string, number> = {};
const log: { to: string; text: string; at: number }[] = [];

/**
 * The fake keeps every send, read and webhook for the tests to read; here they are folded into
 * counters and the send log, and dropped, so a long run does not grow them without bound.
 * A status webhook counts once it is settled (answered 200 or given up on after its retries).
 */
function fold() {
  for (const sent of state.sent.splice(0)) {
    sends += 1;
    const { to: phone, recipient } = sent.body;
    const to =
      typeof phone === 'string'
        ? phone.replace(/\D/g, '')
        : typeof recipient === 'string'
          ? recipient
          : '';
    firstSendAt[to] ??= sent.at;
    lastSendAt[to] = sent.at;
    const text = (sent.body.text as { body?: string } | undefined)?.body ?? '';
    log.push({ to, text, at: sent.at });
  }
  reads += state.reads.splice(0).length;
  const kept = [];
  for (const delivery of state.deliveries) {
    const settled = delivery.status === 200 || delivery.attempts >= 4;
    if (!settled) {
      kept.push(delivery);
      continue;
    }
    statusWebhooks += 1;
    if (delivery.status !== 200) statusWebhooksNot200 += 1;
  }
  state.deliveries.length = 0;
  state.deliveries.push(...kept);
}
setInterval(fold, 1000).unref();

type Request = { id: number; op: string } & Record<string, unknown>;

function handle(request: Request): unknown {
  switch (request.op) {
    case 'addTenant':
      graph.addTenant({
        wabaId: String(request.wabaId),
        phoneNumberId: String(request.phoneNumberId),
        displayPhoneNumber: String(request.displayPhoneNumber),
        verifiedName: 'Padaria Pão Quente',
        token: String(request.token),
      });
      return true;
    case 'setWebhookUrl':
      graph.setWebhookUrl(typeof request.url === 'string' ? request.url : null);
      return true;
    case 'openWindow':
      state.openWindow(String(request.phoneNumberId), request.users as string[]);
      return true;
    case 'stats':
      fold();
      return {
        sends,
        reads,
        statusWebhooks,
        statusWebhooksNot200,
        statusWebhooksPending: state.deliveries.length,
        firstSendAt,
        lastSendAt,
      };
    case 'sentSince': {
      fold();
      const after = Number(request.after ?? 0);
      return { next: log.length, sent: log.slice(after) };
    }
    default:
      throw new Error(`unknown request ${request.op}`);
  }
}

process.on('message', (message) => {
  const request = message as Request;
  let result: unknown;
  try {
    result = handle(request);
  } catch (err) {
    result = { error: (err as Error).message };
  }
  process.send!({ id: request.id, result });
});
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => void graph.close().then(() => process.exit(0)));
console.log(JSON.stringify({ url: graph.baseUrl }));
