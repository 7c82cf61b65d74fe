/**
 * GET /api/agents with 500 agents for one user: p50/p99 latency and throughput with
 * autocannon, against the Fastify hello-world baseline measured in the same run, on the embedded
 * database and on PostgreSQL when it answers on 127.0.0.1:5432. The server is the bundle
 * `npm start` runs, LOG_LEVEL=info as in production.
 *
 *   node --import tsx bench/agents-list.ts
 *
 * The agents are created through POST /api/agents with template-sized prompts and knowledge
 * texts, so the list's rows and its JSON are as heavy as a real owner's.
 */
import { registerUser, startApp, startHelloWorld, type RunningApp } from './lib/app-client';
import { discardOutput, printTable, removeDir, rssMb, tempDir, writeResult } from './lib/common';
import { compareToBaseline, loadTable, measureLoad, type LoadRow } from './lib/load';
import { createBenchDatabase } from './lib/postgres';

const AGENTS = 500;
const CREATE_CONCURRENCY = 8;
const SETTINGS = { connections: 10, durationS: 10, warmupS: 2 };

const PROMPT =
  'Você é a atendente virtual da Padaria Pão Dourado, no bairro da Savassi. Responda com ' +
  'simpatia e objetividade sobre cardápio, horários, encomendas de bolos e tortas, entregas e ' +
  'formas de pagamento. Quando não souber a resposta, diga com honestidade e ofereça passar o ' +
  'contato para a equipe. Nunca invente preços nem prazos. ';
const KNOWLEDGE =
  'Horário: segunda a sábado das 6h às 20h; domingos e feriados das 7h às 13h. Encomendas de ' +
  'bolos com 48 horas de antecedência, sinal de 50% no pedido. Entregas num raio de 5 km, taxa ' +
  'de R$ 8,00, grátis acima de R$ 80,00. Aceitamos Pix, cartões de débito e crédito e vale-' +
  'refeição. Pães sem glúten às terças e sextas. ';

/** lean: name and a one-line prompt only, to tell the cost of the rows from that of their size */
function agentBody(i: number, lean: boolean) {
  if (lean) return { name: `Agente ${i}`, systemPrompt: 'Você atende clientes.' };
  return {
    name: `Atendente ${i} — Pão Dourado`,
    description: `Agente ${i}: atendimento de balcão, encomendas e entregas da padaria.`,
    // Template prompts run to a few hundred words; the knowledge text is what owners paste.
    systemPrompt: PROMPT.repeat(3),
    knowledgeBase: KNOWLEDGE.repeat(3),
    status: i % 3 === 0 ? 'active' : 'draft',
    tools: i % 2 === 0 ? ['calculator'] : [],
  };
}

async function createAgents(origin: string, cookie: string, lean: boolean): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < AGENTS) {
      const i = next++;
      const res = await fetch(`${origin}/api/agents`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin, cookie },
        body: JSON.stringify(agentBody(i, lean)),
      });
      if (res.status !== 201)
        throw new Error(`POST /api/agents: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
  return performance.now() - t0;
}

async function listRow(app: RunningApp, name: string, lean: boolean): Promise<LoadRow> {
  const cookie = await registerUser(
    app.origin,
    `agents${lean ? 'l' : ''}${Date.now().toString(36)}`,
  );
  const createMs = await createAgents(app.origin, cookie, lean);
  const check = await fetch(`${app.origin}/api/agents`, { headers: { cookie } });
  const body = await check.text();
  const count = (JSON.parse(body) as unknown[]).length;
  if (count !== AGENTS) throw new Error(`GET /api/agents returned ${count} agents`);
  const row = await measureLoad(
    `GET /api/agents, ${AGENTS} ${lean ? 'lean ' : ''}agents (${name})`,
    app.server.child.pid!,
    { url: `${app.origin}/api/agents`, headers: { cookie } },
    SETTINGS,
  );
  const mem = rssMb(app.server.child.pid!);
  row.notes =
    `response ${Math.round(body.length / 1024)} KB of JSON; ${AGENTS} agents created in ` +
    `${Math.round(createMs)} ms via POST /api/agents` +
    (mem ? `; server RSS after load ${mem.rssMb} MB` : '');
  return row;
}

/** The realistic list; on the embedded database also a lean one (same user count, tiny rows). */
async function appRows(env: Record<string, string>, name: string, lean: boolean) {
  const app = await startApp(env);
  discardOutput(app.server);
  try {
    const rows = [await listRow(app, name, false)];
    if (lean) rows.push(await listRow(app, name, true));
    return rows;
  } finally {
    await app.stop();
  }
}

async function main() {
  const hello = await startHelloWorld();
  let baseline: LoadRow;
  try {
    baseline = await measureLoad('fastify hello-world', hello.pid, { url: hello.url }, SETTINGS);
  } finally {
    await hello.stop();
  }

  const rows: LoadRow[] = [baseline];
  const dir = tempDir('agents');
  try {
    rows.push(...(await appRows({ DATA_DIR: dir }, 'embedded', true)));
  } finally {
    removeDir(dir);
  }
  const database = await createBenchDatabase();
  if (database) {
    const pgDir = tempDir('agents-pg');
    try {
      rows.push(
        ...(await appRows({ DATA_DIR: pgDir, DATABASE_URL: database.url }, 'postgres', false)),
      );
    } finally {
      removeDir(pgDir);
      await database.drop();
    }
  }

  compareToBaseline(rows, baseline);
  console.log(
    `\n${SETTINGS.connections} connections, ${SETTINGS.durationS} s per row, loopback, ` +
      'autocannon in this process',
  );
  printTable(loadTable(rows));
  for (const row of rows.filter((r) => r.notes)) console.log(`${row.case}: ${row.notes}`);
  const file = await writeResult('agents-list', {
    agents: AGENTS,
    connections: SETTINGS.connections,
    durationS: SETTINGS.durationS,
    warmupS: SETTINGS.warmupS,
    rows,
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
