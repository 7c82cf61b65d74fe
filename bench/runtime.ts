/**
 * Runtime overhead per turn, the provider excluded: POST /api/agents/{id}/test latency
 * p50/p99 at 1, 10 and 50 concurrent test chats, each chat its own agent (so its own conversation
 * and memory window, its own knowledge base to retrieve from). The provider is the fake
 * OpenAI-compatible server in its own process, answering at once; it times each request it serves,
 * so its own time is reported apart and subtracted. The offline provider is measured the same way.
 * The server is the bundle `npm start` runs, embedded database, LOG_LEVEL=info.
 *
 *   node --import tsx bench/runtime.ts
 *
 * Each chat is a closed loop (send, wait for the reply, send again) for DURATION_S after a warm-up;
 * at 10 and 50 chats the latency includes queueing on the server, so the per-turn cost that does
 * not depend on concurrency is the server CPU time per turn.
 */
import { registerUser, startApp, type RunningApp } from './lib/app-client';
import {
  cpuMs,
  discardOutput,
  median,
  percentile,
  printTable,
  removeDir,
  round,
  sleep,
  tempDir,
  writeResult,
} from './lib/common';
import { startFakeOpenAIProcess, type FakeOpenAIProcess } from './lib/fake-openai-client';

/** BENCH_RUNTIME_CHATS=1,10 runs only those levels (e.g. while profiling) */
const CONCURRENCY = (process.env.BENCH_RUNTIME_CHATS ?? '1,10,50').split(',').map(Number);
const DURATION_S = 5;
const WARMUP_TURNS = 3;
const MAX_TURNS_PER_CHAT = 5000;
const TARGET_P50_MS = 15;

const KNOWLEDGE = [
  'Padaria Pão Dourado. Abrimos de segunda a sábado das 6h às 20h e aos domingos das 7h às 13h. ' +
    'Encomendas de bolos com 48 horas de antecedência. Entregas num raio de 5 km, taxa de R$ 8,00.',
  'Clínica Bem Viver. Consultas de clínica geral, pediatria e dermatologia. Aceitamos Unimed, ' +
    'Bradesco Saúde e SulAmérica. Retorno em até 30 dias sem custo. Atendimento das 8h às 18h.',
  'Pet Shop Amigo Fiel. Banho e tosa com hora marcada, de terça a domingo. Vacinas aplicadas por ' +
    'veterinário. Ração a granel e entrega grátis acima de R$ 150,00.',
  'Oficina Mecânica Roda Viva. Revisão, troca de óleo, freios e suspensão. Orçamento sem ' +
    'compromisso em até 24 horas. Garantia de 90 dias nos serviços. Aceitamos cartão em até 6 vezes.',
  'Escola Pequeno Saber. Matrículas abertas de outubro a janeiro. Documentos: certidão de ' +
    'nascimento, cartão de vacina e comprovante de residência. Período integral com almoço.',
];
const QUESTIONS = [
  'Qual é o horário de funcionamento?',
  'Vocês fazem entrega? Quanto custa?',
  'Quais formas de pagamento aceitam?',
  'Preciso agendar com antecedência?',
  'Tem garantia ou retorno?',
  'Quais documentos preciso levar?',
];

interface Row {
  provider: string;
  chats: number;
  turns: number;
  turnsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** the server's own latencyMs of the turn (runtime only, without HTTP and the session) */
  runtimeP50Ms: number;
  providerCallsPerTurn: number;
  /** the fake provider's own time per turn (all its calls: embedding + chat), mean */
  providerMsPerTurn: number;
  /** p50 minus the provider's time: what the app itself adds to a turn */
  overheadP50Ms: number;
  serverCpuMsPerTurn: number | null;
  errors: number;
}

async function createAgents(app: RunningApp, cookie: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${app.origin}/api/agents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.origin, cookie },
      body: JSON.stringify({
        name: `Chat ${i}`,
        systemPrompt: 'Você atende clientes de um pequeno negócio. Responda só com o que sabe.',
        knowledgeBase: KNOWLEDGE[i % KNOWLEDGE.length],
        status: 'active',
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/agents: ${res.status} ${await res.text()}`);
    ids.push((JSON.parse(await res.text()) as { id: number }).id);
  }
  return ids;
}

/** Embedding jobs of the knowledge texts run in the background; wait (bounded) until they stop. */
async function waitForEmbeddings(fake: FakeOpenAIProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await sleep(1000);
    const timings = await fake.takeTimings();
    if (!timings.some((t) => t.path.endsWith('/embeddings'))) return;
  }
}

async function turn(app: RunningApp, cookie: string, agentId: number, message: string) {
  const t0 = performance.now();
  const res = await fetch(`${app.origin}/api/agents/${agentId}/test`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: app.origin, cookie },
    body: JSON.stringify({ message }),
  });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) return { ms, ok: false, latencyMs: NaN };
  return { ms, ok: true, latencyMs: (JSON.parse(body) as { latencyMs: number }).latencyMs };
}

async function level(
  app: RunningApp,
  cookie: string,
  agents: number[],
  chats: number,
  provider: string,
  fake: FakeOpenAIProcess | null,
): Promise<Row> {
  const chatAgents = agents.slice(0, chats);
  let asked = 0;
  const nextQuestion = () => QUESTIONS[asked++ % QUESTIONS.length]!;
  await Promise.all(
    chatAgents.map(async (id) => {
      for (let i = 0; i < WARMUP_TURNS; i++) await turn(app, cookie, id, nextQuestion());
    }),
  );
  await fake?.takeTimings();
  const latencies: number[] = [];
  const runtime: number[] = [];
  let errors = 0;
  const cpuBefore = cpuMs(app.server.child.pid!);
  const t0 = performance.now();
  const deadline = t0 + DURATION_S * 1000;
  await Promise.all(
    chatAgents.map(async (id) => {
      for (let i = 0; i < MAX_TURNS_PER_CHAT && performance.now() < deadline; i++) {
        const result = await turn(app, cookie, id, nextQuestion());
        if (!result.ok) errors++;
        latencies.push(result.ms);
        if (result.ok) runtime.push(result.latencyMs);
      }
    }),
  );
  const elapsedS = (performance.now() - t0) / 1000;
  const cpuAfter = cpuMs(app.server.child.pid!);
  const timings = fake ? await fake.takeTimings() : [];
  const turns = latencies.length;
  const providerMs = timings.reduce((sum, t) => sum + t.ms, 0) / turns;
  const p50 = percentile(latencies, 50);
  const row: Row = {
    provider,
    chats,
    turns,
    turnsPerSec: round(turns / elapsedS),
    p50Ms: round(p50, 1),
    p99Ms: round(percentile(latencies, 99), 1),
    runtimeP50Ms: round(median(runtime), 1),
    providerCallsPerTurn: round(timings.length / turns, 2),
    providerMsPerTurn: round(providerMs, 2),
    overheadP50Ms: round(p50 - providerMs, 1),
    serverCpuMsPerTurn:
      cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / turns, 2),
    errors,
  };
  console.log(
    `${provider}, ${chats} chats: ${row.turnsPerSec} turns/s, p50 ${row.p50Ms} ms, p99 ` +
      `${row.p99Ms} ms, provider ${row.providerMsPerTurn} ms/turn, CPU ${row.serverCpuMsPerTurn} ms/turn`,
  );
  return row;
}

async function providerRows(provider: string, fake: FakeOpenAIProcess | null): Promise<Row[]> {
  const dir = tempDir('runtime');
  const env: Record<string, string> = { DATA_DIR: dir };
  if (fake) Object.assign(env, { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'test-key' });
  const app = await startApp(env);
  discardOutput(app.server);
  try {
    const cookie = await registerUser(app.origin, `rt${Date.now().toString(36)}`);
    const agents = await createAgents(app, cookie, Math.max(...CONCURRENCY));
    if (fake) await waitForEmbeddings(fake);
    const rows: Row[] = [];
    for (const chats of CONCURRENCY)
      rows.push(await level(app, cookie, agents, chats, provider, fake));
    return rows;
  } finally {
    await app.stop();
    removeDir(dir);
  }
}

async function main() {
  const fake = await startFakeOpenAIProcess();
  const rows: Row[] = [];
  try {
    rows.push(...(await providerRows('fake OpenAI (zero latency)', fake)));
  } finally {
    await fake.stop();
  }
  rows.push(...(await providerRows('offline', null)));

  console.log(
    `\nclosed loop per chat, ${DURATION_S} s per row after ${WARMUP_TURNS} warm-up turns per chat, ` +
      'embedded database, loopback',
  );
  printTable(
    rows.map((r) => ({
      provider: r.provider,
      chats: r.chats,
      'turns/s': r.turnsPerSec,
      'p50 ms': r.p50Ms,
      'p99 ms': r.p99Ms,
      'runtime p50 ms': r.runtimeP50Ms,
      'provider ms/turn': r.providerMsPerTurn,
      'provider calls/turn': r.providerCallsPerTurn,
      'overhead p50 ms': r.overheadP50Ms,
      'server CPU ms/turn': r.serverCpuMsPerTurn ?? '',
      errors: r.errors,
    })),
  );
  const overheadUnderTarget = (chats: number) => {
    const row = rows.find((r) => r.provider !== 'offline' && r.chats === chats);
    return row ? row.overheadP50Ms < TARGET_P50_MS : null;
  };
  const targets = {
    overheadP50Under15MsAt1Chat: overheadUnderTarget(1),
    overheadP50Under15MsAt10Chats: overheadUnderTarget(10),
    overheadP50Under15MsAt50Chats: overheadUnderTarget(50),
  };
  console.log('targets:', targets);
  const file = await writeResult('runtime', {
    durationS: DURATION_S,
    warmupTurnsPerChat: WARMUP_TURNS,
    targetP50Ms: TARGET_P50_MS,
    targets,
    rows,
  });
  console.log(`wrote ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
