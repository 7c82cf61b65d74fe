/**
 * The inbox at scale: one owner whose four agents hold 10k customer conversations
 * (WhatsApp and the website, unread counts, some handed over, some paused, some with a failed
 * reply) and 1M messages (Portuguese texts of varying length), on the embedded database and on
 * PostgreSQL when it answers on 127.0.0.1:5432 (BENCH_POSTGRES_URL, a throw-away database).
 *
 *   node --import tsx bench/inbox.ts
 *
 * BENCH_INBOX_CONVERSATIONS and BENCH_INBOX_MESSAGES scale it down (defaults 10000 and 1000000);
 * BENCH_INBOX_SAMPLES is the number of requests per case (default 100, after 10 unmeasured).
 *
 * 1. list and search, p50/p95 over real HTTP (the app in this process, as owner-events.ts runs
 *    it, with its job runner): GET /api/conversations plain, filtered, its second and fifth pages
 *    (through nextCursor), `?q=` a rare word, a common word, a phone's digits and a surname;
 *    GET /api/conversations/{id} (the newest page of messages). Beside them, in the same run: GET
 *    /api/user (the session and a primary-key read, the same HTTP path) and `SELECT 1` on the same
 *    database handle.
 * 2. events: a customer message posted to POST /api/whatsapp/webhook (a new contact each time,
 *    against the fake gateway process) → its `message` event read off an open GET /api/events
 *    stream, one at a time (the next once the bot's reply was announced too), p50/p95. Embedded:
 *    the app in this process. PostgreSQL: the bundled server as one ROLE=web and one ROLE=worker
 *    process on the seeded database, as whatsapp-pipeline.ts runs them. Beside them, a bare
 *    NOTIFY round trip on the same database (pg_notify → a listener's callback).
 *
 * The data is seeded with set-based SQL (generate_series), the messages' trigger (migration 0010)
 * disabled meanwhile; each conversation's newest message, activity and unread count are then set
 * in one UPDATE, and the tables vacuumed and analysed.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SseReader } from '../server/test/sse-client';
import { HttpClient } from '../server/test/http-client';
import {
  createAgent,
  newOwner,
  startWebAndWorkers,
  type OwnerSession,
  type RunningApp,
} from './lib/app-client';
import { percentile, printTable, round, writeResult } from './lib/common';
import { startFakeGatewayProcess, type FakeGatewayProcess } from './lib/fake-gateway-client';
import { startInProcessApp, type InProcessApp } from './lib/in-process-app';
import { createBenchDatabase } from './lib/postgres';
import { queryRows, type AppDb } from '../server/db/client';

const CONVERSATIONS = Number(process.env.BENCH_INBOX_CONVERSATIONS ?? 10_000);
const MESSAGES = Number(process.env.BENCH_INBOX_MESSAGES ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_INBOX_SAMPLES ?? 100);
const WARMUP = 10;
const EVENT_SAMPLES = Number(process.env.BENCH_INBOX_EVENT_SAMPLES ?? 100);
const MESSAGE_CHUNK = 100_000;
const AGENTS = 4;
const APP_SECRET = 'inbox-bench-secret-0123456789abcdefghijkl';
const GOALS = { listP95Ms: 50, searchP95Ms: 200, eventP95Ms: 250 };
/** a word in about one message in 25 000 */
const RARE_WORD = 'ornitorrinco';
const COMMON_WORD = 'pedido';

const FIRST_NAMES = [
  'Maria',
  'Ana',
  'Francisca',
  'Antônia',
  'Adriana',
  'Juliana',
  'Márcia',
  'Fernanda',
  'Patrícia',
  'Aline',
  'José',
  'João',
  'Antônio',
  'Francisco',
  'Carlos',
  'Paulo',
  'Pedro',
  'Lucas',
  'Luiz',
  'Marcos',
  'Luís',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Bruno',
  'Eduardo',
  'Felipe',
  'Raimundo',
  'Rodrigo',
  'Letícia',
  'Camila',
  'Beatriz',
  'Larissa',
  'Vitória',
  'Sebastião',
];
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
  'Cardoso',
  'Ramos',
  'Gonçalves',
  'Santana',
  'Teixeira',
];
const CUSTOMER_TEXTS = [
  'Oi, boa tarde!',
  'Vocês abrem no domingo?',
  'Qual o horário de funcionamento de vocês?',
  'Quero fazer um pedido para amanhã cedo, pode ser?',
  'Meu pedido ainda não chegou, vocês podem ver o que aconteceu?',
  'Quanto custa o bolo de chocolate de um quilo?',
  'Vocês entregam no bairro Jardim das Flores?',
  'Aceitam cartão de crédito ou só pix?',
  'Obrigada!',
  'Pode mandar o cardápio por aqui mesmo?',
  'Tem opção sem glúten ou sem lactose? Minha filha tem intolerância e queria levar algo para o aniversário dela no sábado.',
  'Gostaria de remarcar o horário de quinta para sexta à tarde, se tiver vaga.',
  'O pedido veio errado, pedi dois pães de queijo e veio só um.',
  'Quanto fica a entrega?',
  'ok',
  'Bom dia, vocês fazem encomenda de salgados para festa? Seriam uns cem salgadinhos variados.',
  'Consigo retirar na loja hoje às 18h?',
  'Vocês têm estacionamento?',
];
const AGENT_TEXTS = [
  'Olá! Como posso ajudar você hoje?',
  'Abrimos de segunda a sábado, das 7h às 19h, e aos domingos das 7h às 12h.',
  'Claro! Para fazer o pedido, me diga o que deseja, a quantidade e o horário de retirada ou entrega.',
  'Sinto muito pelo atraso. Vou verificar o seu pedido e já retorno com uma posição.',
  'O bolo de chocolate de um quilo custa R$ 65,00 e precisa ser encomendado com um dia de antecedência.',
  'Entregamos em toda a região central e nos bairros vizinhos; a taxa de entrega é de R$ 8,00.',
  'Aceitamos pix, cartão de crédito, cartão de débito e dinheiro.',
  'Por nada! Estamos à disposição.',
  'Temos pães e bolos sem glúten às terças e sextas. Quer que eu reserve algum para você?',
  'Pronto, o seu horário foi remarcado. Até lá!',
  'Peço desculpas pelo engano. Vamos enviar o item que faltou ainda hoje, sem custo.',
  'Sim, fazemos encomendas de salgados: o cento sai por R$ 90,00, com pedido até dois dias antes.',
];
const HUMAN_TEXTS = [
  'Oi, aqui é a Cláudia, da loja. Já separei o seu pedido.',
  'Seu pedido sai às 15h.',
  'Pode deixar que eu resolvo isso pessoalmente.',
  'Falei com a cozinha: o bolo fica pronto amanhã às 10h.',
];

const sqlArray = (texts: string[]) =>
  sql.raw(`ARRAY[${texts.map((t) => `'${t.replaceAll("'", "''")}'`).join(', ')}]::text[]`);

/** hashint4 spread over 0..2^31-1: a deterministic stand-in for random() per row. */
const h = (expr: string, salt: number) => sql.raw(`abs(hashint4(${expr} * 31 + ${salt}))`);

async function seed(db: AppDb, agentIds: number[]): Promise<{ first: number; last: number }> {
  const t0 = performance.now();
  const agentsArray = sql.raw(`(ARRAY[${agentIds.join(',')}]::int[])`);
  const [range] = await queryRows<{ first: number; last: number }>(
    db,
    sql`
      WITH inserted AS (
        INSERT INTO conversations (agent_id, channel, contact_id, contact_name, handed_over_at,
          bot_paused_until, tags, created_at)
        SELECT ${agentsArray}[1 + g % ${agentIds.length}],
          CASE WHEN g % 10 < 7 THEN 'whatsapp' ELSE 'webchat' END,
          CASE WHEN g % 10 < 7
            THEN '55' || (11 + g % 89)::text || '9' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0')
            ELSE 'visitor-' || md5(g::text) END,
          CASE WHEN g % 10 = 9 THEN NULL
            ELSE (${sqlArray(FIRST_NAMES)})[1 + ${h('g', 1)} % ${FIRST_NAMES.length}] || ' ' ||
              (${sqlArray(LAST_NAMES)})[1 + ${h('g', 2)} % ${LAST_NAMES.length}] END,
          CASE WHEN g % 20 = 3 THEN now() - interval '2 hours' END,
          CASE WHEN g % 33 = 5 THEN now() + interval '3 hours' END,
          CASE WHEN g % 8 = 0 THEN ARRAY['cliente-fiel']::text[] ELSE '{}'::text[] END,
          now() - interval '91 days'
        FROM generate_series(1, ${CONVERSATIONS}) g
        RETURNING id
      )
      SELECT min(id)::int AS first, max(id)::int AS last FROM inserted`,
  );
  const { first } = range!;
  await db.execute(sql`ALTER TABLE messages DISABLE TRIGGER messages_track_conversation`);
  try {
    for (let start = 1; start <= MESSAGES; start += MESSAGE_CHUNK) {
      const end = Math.min(MESSAGES, start + MESSAGE_CHUNK - 1);
      // A conversation drawn with a skew (u^1.5: a few long conversations, most of them shorter);
      // its messages alternate customer / agent, some typed by a person, a few failed replies.
      await db.execute(sql`
        INSERT INTO messages (conversation_id, role, content, status, created_at)
        SELECT ${first} + floor(${CONVERSATIONS} * power((${h('g', 3)} % 1000003) / 1000003.0, 1.5))::int,
          role,
          CASE role
            WHEN 'user' THEN (${sqlArray(CUSTOMER_TEXTS)})[1 + ${h('g', 4)} % ${CUSTOMER_TEXTS.length}]
              || CASE WHEN g % 3 = 0
                THEN ' ' || (${sqlArray(CUSTOMER_TEXTS)})[1 + ${h('g', 5)} % ${CUSTOMER_TEXTS.length}]
                ELSE '' END
            WHEN 'human' THEN (${sqlArray(HUMAN_TEXTS)})[1 + ${h('g', 6)} % ${HUMAN_TEXTS.length}]
            ELSE (${sqlArray(AGENT_TEXTS)})[1 + ${h('g', 7)} % ${AGENT_TEXTS.length}]
              || CASE WHEN g % 4 = 0
                THEN ' ' || (${sqlArray(AGENT_TEXTS)})[1 + ${h('g', 8)} % ${AGENT_TEXTS.length}]
                ELSE '' END
          END || CASE WHEN g % 25000 = 7 THEN ${` Vi um ${RARE_WORD} no caminho.`} ELSE '' END,
          CASE WHEN role = 'assistant' AND g % 997 = 3 THEN 'failed' ELSE 'done' END,
          now() - (${MESSAGES} - g) * interval '1 second' * ${(90 * 86400) / MESSAGES}
        FROM (SELECT g, CASE WHEN g % 2 = 0 THEN 'user'
                WHEN g % 40 = 1 THEN 'human' ELSE 'assistant' END AS role
              FROM generate_series(${start}::int, ${end}::int) g) s`);
    }
    await db.execute(sql`
      UPDATE conversations c SET last_message_id = m.last_id, last_activity_at = m.last_at,
        unread_count = CASE WHEN c.id % 4 = 0 THEN 1 + c.id % 5 ELSE 0 END,
        last_read_at = now() - interval '1 day'
      FROM (SELECT conversation_id, max(id) AS last_id, max(created_at) AS last_at
            FROM messages GROUP BY conversation_id) m
      WHERE m.conversation_id = c.id AND c.id BETWEEN ${first} AND ${range!.last}`);
  } finally {
    await db.execute(sql`ALTER TABLE messages ENABLE TRIGGER messages_track_conversation`);
  }
  await db.execute(sql`VACUUM (ANALYZE) conversations`);
  await db.execute(sql`VACUUM (ANALYZE) messages`);
  console.log(
    `seeded ${CONVERSATIONS} conversations, ${MESSAGES} messages in ` +
      `${round((performance.now() - t0) / 1000, 1)} s`,
  );
  return range!;
}

function client(origin: string, owner: OwnerSession): HttpClient {
  const http = new HttpClient(origin);
  const [name, value] = owner.cookie.split('=');
  http.cookies.set(name!, value!);
  return http;
}

interface Row {
  database: string;
  case: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  [extra: string]: string | number;
}

function row(database: string, what: string, times: number[], extra = {}): Row {
  return {
    database,
    case: what,
    samples: times.length,
    p50Ms: round(percentile(times, 50), 2),
    p95Ms: round(percentile(times, 95), 2),
    maxMs: round(Math.max(...times), 2),
    ...extra,
  };
}

/** ms of each call after the warm-up ones; a call that returns a number reports its own time. */
async function timed(
  fn: (i: number) => Promise<number | void>,
  samples = SAMPLES,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + samples; i++) {
    const t0 = performance.now();
    const own = await fn(i);
    if (i >= WARMUP) times.push(typeof own === 'number' ? own : performance.now() - t0);
  }
  return times;
}

async function getOk<T>(http: HttpClient, path: string): Promise<T> {
  const res = await http.get<T>(path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${res.text.slice(0, 200)}`);
  return res.body;
}

interface ListPage {
  items: { id: number }[];
  nextCursor: string | null;
}

async function measureReads(
  database: string,
  app: InProcessApp,
  http: HttpClient,
  agentIds: number[],
  range: { first: number; last: number },
): Promise<Row[]> {
  const db = app.ctx.database.db;
  const rows: Row[] = [];
  const add = (what: string, times: number[], extra = {}) => {
    const r = row(database, what, times, extra);
    console.log(`${database}, ${what}: p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`);
    rows.push(r);
  };
  add(
    'baseline: SELECT 1 (same database handle)',
    await timed(() => db.execute(sql`SELECT 1`).then(() => {})),
  );
  add(
    'baseline: GET /api/user (session + primary key)',
    await timed(() => getOk(http, '/api/user').then(() => {})),
  );
  const list = async (what: string, path: string) => {
    let count = 0;
    const times = await timed(async () => {
      count = (await getOk<ListPage>(http, path)).items.length;
    });
    add(what, times, { kind: what.startsWith('search') ? 'search' : 'list', items: count });
  };
  await list('list: GET /api/conversations', '/api/conversations');
  await list('list: ?channel=whatsapp', '/api/conversations?channel=whatsapp');
  await list('list: ?channel=webchat', '/api/conversations?channel=webchat');
  await list(`list: ?agentId (one agent)`, `/api/conversations?agentId=${agentIds[1]}`);
  await list('list: ?status=unread', '/api/conversations?status=unread');
  await list('list: ?status=needs-person', '/api/conversations?status=needs-person');
  await list('list: ?status=paused', '/api/conversations?status=paused');
  await list('list: ?status=failed', '/api/conversations?status=failed');
  // Pages 2 and 5: the cursors are read once, then each page is timed alone.
  const cursors: string[] = [];
  let page = await getOk<ListPage>(http, '/api/conversations');
  for (let i = 0; i < 4 && page.nextCursor; i++) {
    cursors.push(page.nextCursor);
    page = await getOk<ListPage>(
      http,
      `/api/conversations?cursor=${encodeURIComponent(page.nextCursor)}`,
    );
  }
  await list(
    'list: page 2 (nextCursor)',
    `/api/conversations?cursor=${encodeURIComponent(cursors[0]!)}`,
  );
  await list(
    'list: page 5 (nextCursor)',
    `/api/conversations?cursor=${encodeURIComponent(cursors[3]!)}`,
  );
  // A phone and a surname that are in the data.
  const [contact] = await queryRows<{ contact_id: string }>(
    db,
    sql`SELECT contact_id FROM conversations WHERE id = ${range.first + (1234 % CONVERSATIONS)}
          AND channel = 'whatsapp'
          UNION ALL SELECT contact_id FROM conversations WHERE id BETWEEN ${range.first}
            AND ${range.last} AND channel = 'whatsapp' LIMIT 1`,
  );
  const digits = contact!.contact_id.slice(-8);
  const phone = `${digits.slice(0, 4)}-${digits.slice(4)}`;
  await list(`search: rare word (?q=${RARE_WORD})`, `/api/conversations?q=${RARE_WORD}`);
  await list(`search: common word (?q=${COMMON_WORD})`, `/api/conversations?q=${COMMON_WORD}`);
  await list(`search: two words (?q=bolo chocolate)`, `/api/conversations?q=bolo%20chocolate`);
  await list(
    `search: phone digits (?q=${phone})`,
    `/api/conversations?q=${encodeURIComponent(phone)}`,
  );
  await list(
    'search: surname (?q=Gonçalves)',
    `/api/conversations?q=${encodeURIComponent('Gonçalves')}`,
  );
  await list(
    'search: common word, needs-person',
    `/api/conversations?q=${COMMON_WORD}&status=needs-person`,
  );
  const span = range.last - range.first + 1;
  add(
    'detail: GET /api/conversations/{id} (50 messages)',
    await timed(async (i) => {
      await getOk(http, `/api/conversations/${range.first + ((i * 7919) % span)}`);
    }),
    { kind: 'list' },
  );
  return rows;
}

/** pg_notify → the listener's callback on the same Database.notifications, ms each. */
async function notifyLatencies(app: InProcessApp): Promise<number[]> {
  let arrived: (() => void) | null = null;
  const unlisten = await app.ctx.database.notifications.listen('bench_inbox_notify', {
    onNotify: () => arrived?.(),
    onReconnect: () => {},
  });
  const times = await timed(async (i) => {
    const received = new Promise<void>((resolve) => (arrived = resolve));
    await app.ctx.database.db.execute(sql`SELECT pg_notify('bench_inbox_notify', ${String(i)})`);
    await received;
  }, EVENT_SAMPLES);
  await unlisten();
  return times;
}

/** The same on a plain pg connection (the PostgreSQL server run as separate processes). */
async function pgNotifyLatencies(url: string): Promise<number[]> {
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Client({ connectionString: url });
  await listener.connect();
  await sender.connect();
  let arrived: (() => void) | null = null;
  listener.on('notification', () => arrived?.());
  await listener.query('LISTEN bench_inbox_notify');
  try {
    return await timed(async (i) => {
      const received = new Promise<void>((resolve) => (arrived = resolve));
      await sender.query(`SELECT pg_notify('bench_inbox_notify', $1)`, [String(i)]);
      await received;
    }, EVENT_SAMPLES);
  } finally {
    await listener.end();
    await sender.end();
  }
}

/**
 * A new owner with an agent on WhatsApp (its instance created through the API against the fake
 * gateway, debounce 0); customer messages from new contacts posted to the webhook, each timed to
 * its `message` event on the owner's open stream. The next one is posted once the bot's reply was
 * announced too, so each event is the only thing in flight.
 */
async function eventLatencies(origin: string, gateway: FakeGatewayProcess, tag: string) {
  const owner = await newOwner(origin, `inboxev${tag}${Date.now().toString(36)}`);
  const agentId = await createAgent(owner);
  const created = await owner.call<{ instanceName: string }>(
    'POST',
    `/api/agents/${agentId}/whatsapp/create-instance`,
    { phoneNumber: '5511900002222' },
  );
  const instance = created.instanceName;
  await owner.call('PUT', `/api/agents/${agentId}/whatsapp/settings`, { debounceMs: 0 });
  const secret = (await gateway.stats()).secret;
  if (!secret) throw new Error('the gateway never saw the webhook secret');
  const post = async (body: unknown) => {
    const res = await fetch(`${origin}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': secret },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`webhook: ${res.status}`);
  };
  await post({
    event: 'connection.update',
    instance,
    data: { instance, state: 'open', wuid: '5511900002222@s.whatsapp.net' },
  });
  const reader = await SseReader.open(client(origin, owner), '/api/events');
  await reader.until((r) => r.blocks.some((b) => b.id !== undefined), 'the stream to start');
  const messageEvents = (conversationId?: number) =>
    reader.events.filter((e) => {
      if (e.event !== 'message') return false;
      const data = JSON.parse(e.data ?? '{}') as { conversationId?: number };
      return conversationId === undefined || data.conversationId === conversationId;
    });
  const times = await timed(async (i) => {
    const seen = messageEvents().length;
    const number = `55119${tag === 'pg' ? 8 : 7}${String(i).padStart(7, '0')}`;
    const t0 = performance.now();
    await post({
      event: 'messages.upsert',
      instance,
      data: {
        key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: false, id: `EV-${tag}-${i}` },
        pushName: 'Cliente',
        message: { conversation: 'Vocês abrem amanhã?' },
        messageType: 'conversation',
        messageTimestamp: Math.floor(Date.now() / 1000),
      },
    });
    await reader.until(() => messageEvents().length > seen, `event ${i}`);
    const elapsed = performance.now() - t0;
    const event = messageEvents()[seen]!;
    const { conversationId } = JSON.parse(event.data!) as { conversationId: number };
    // the reply's own event, before the next message
    await reader.until(() => messageEvents(conversationId).length >= 2, `reply ${i}`);
    return elapsed;
  }, EVENT_SAMPLES);
  await reader.close();
  return times;
}

async function embedded(gateway: FakeGatewayProcess) {
  const app = await startInProcessApp({
    APP_SECRET,
    EVOLUTION_API_URL: gateway.url,
    EVOLUTION_API_KEY: 'global-key',
    WHATSAPP_TYPING_DELAY_MS: '0',
    WHATSAPP_RETRY_DELAY_SECONDS: '0',
  });
  try {
    return await readsAndEvents('embedded', app, async () => {
      const rows = [
        row('embedded', 'baseline: pg_notify → listener', await notifyLatencies(app)),
        row(
          'embedded',
          'webhook → SSE message event (one process)',
          await eventLatencies(app.baseUrl, gateway, 'emb'),
          { kind: 'event' },
        ),
      ];
      return rows;
    });
  } finally {
    await app.close();
  }
}

async function readsAndEvents(
  database: string,
  app: InProcessApp,
  events: () => Promise<Row[]>,
): Promise<Row[]> {
  // the "multi" plan: five agents
  const owner = await newOwner(app.baseUrl, `inbox${database}${Date.now().toString(36)}`, {
    planId: 'multi',
  });
  const agentIds: number[] = [];
  for (let i = 0; i < AGENTS; i++) agentIds.push(await createAgent(owner, `Loja ${i + 1}`));
  const range = await seed(app.ctx.database.db, agentIds);
  const rows = await measureReads(database, app, client(app.baseUrl, owner), agentIds, range);
  rows.push(...(await events()));
  return rows;
}

async function postgres(gateway: FakeGatewayProcess): Promise<Row[] | null> {
  const database = await createBenchDatabase();
  if (!database) return null;
  try {
    const app = await startInProcessApp({ DATABASE_URL: database.url, APP_SECRET });
    let rows: Row[];
    try {
      rows = await readsAndEvents('postgres', app, async () => []);
    } finally {
      await app.close();
    }
    const apps: RunningApp[] = [];
    try {
      const web = await startWebAndWorkers(
        {
          DATABASE_URL: database.url,
          APP_SECRET,
          EVOLUTION_API_URL: gateway.url,
          EVOLUTION_API_KEY: 'global-key',
          WHATSAPP_TYPING_DELAY_MS: '0',
          WHATSAPP_RETRY_DELAY_SECONDS: '0',
        },
        1,
        apps,
      );
      rows.push(
        row('postgres', 'baseline: pg_notify → listener', await pgNotifyLatencies(database.url)),
      );
      rows.push(
        row(
          'postgres',
          'webhook → SSE message event (1 web + 1 worker process)',
          await eventLatencies(web.origin, gateway, 'pg'),
          { kind: 'event' },
        ),
      );
    } finally {
      for (const app of apps.reverse()) await app.stop();
    }
    return rows;
  } finally {
    await database.drop();
  }
}

async function main() {
  const started = performance.now();
  const gateway = await startFakeGatewayProcess();
  const rows: Row[] = [];
  try {
    rows.push(...(await embedded(gateway)));
    rows.push(...((await postgres(gateway)) ?? []));
  } finally {
    await gateway.stop();
  }
  printTable(rows.map(({ kind: _kind, ...r }) => r));
  const worst = (database: string, kind: string) =>
    Math.max(...rows.filter((r) => r.database === database && r.kind === kind).map((r) => r.p95Ms));
  const goals: Record<string, boolean> = {};
  for (const database of new Set(rows.map((r) => r.database))) {
    goals[`${database}.listP95Under${GOALS.listP95Ms}Ms`] =
      worst(database, 'list') < GOALS.listP95Ms;
    goals[`${database}.searchP95Under${GOALS.searchP95Ms}Ms`] =
      worst(database, 'search') < GOALS.searchP95Ms;
    goals[`${database}.eventP95Under${GOALS.eventP95Ms}Ms`] =
      worst(database, 'event') < GOALS.eventP95Ms;
  }
  console.log('goals:', goals);
  const file = await writeResult('inbox', {
    conversations: CONVERSATIONS,
    messages: MESSAGES,
    agents: AGENTS,
    samples: SAMPLES,
    warmup: WARMUP,
    eventSamples: EVENT_SAMPLES,
    rows,
    goals,
    wallS: round((performance.now() - started) / 1000, 1),
  });
  console.log(`\nwrote ${file} (${round((performance.now() - started) / 1000, 1)} s)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
