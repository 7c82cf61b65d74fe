/**
 * Hostile uploads against the real server (the bundle `npm start` runs, embedded database): a
 * page-bomb PDF, a zip-bomb DOCX (~1 MB unpacking to ~380 MB), a million-cell XLSX and a
 * legitimate 10 MB text, one after another (each until it is ready or failed), while /healthz is
 * probed every 100 ms and the resident memory of the server and of every process it starts is
 * sampled. Baseline: the same probing, with no upload, in the same run and the same server.
 * Goal: probe p99 under 100 ms, the server under 600 MB, no process dies.
 *
 *   node --import tsx bench/hostile-upload.ts
 */
import {
  makeLongText,
  makeManyCellsXlsx,
  makePageBombPdf,
  makeZipBombDocx,
} from '../server/test/fixtures/hostile-documents';
import { registerUser, startApp } from './lib/app-client';
import {
  discardOutput,
  printTable,
  removeDir,
  round,
  sleep,
  tempDir,
  writeResult,
} from './lib/common';
import { startProbe, startRssSampler, type ProbeStats } from './lib/probe';

const BASELINE_MS = Number(process.env.BENCH_BASELINE_MS ?? 15_000);
const DEADLINE_MS = 300_000;

interface Upload {
  label: string;
  name: string;
  data: Buffer;
}

async function files(): Promise<Upload[]> {
  return [
    { label: 'page-bomb PDF (1M page listings)', name: 'catalogo.pdf', data: makePageBombPdf() },
    {
      label: 'zip-bomb DOCX (380 MB document.xml)',
      name: 'contrato.docx',
      data: await makeZipBombDocx(),
    },
    { label: 'XLSX, 1M cells', name: 'estoque.xlsx', data: await makeManyCellsXlsx() },
    {
      label: 'legitimate 10 MB text',
      name: 'manual.txt',
      data: makeLongText(10 * 1024 * 1024 - 4096),
    },
  ];
}

interface Doc {
  id: number;
  processingStatus: string;
  failureReason: string | null;
  totalChunks: number;
}

async function uploadAndWait(origin: string, cookie: string, agentId: number, file: Upload) {
  const started = performance.now();
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array(file.data)]), file.name);
  const res = await fetch(`${origin}/api/agents/${agentId}/upload-document`, {
    method: 'POST',
    headers: { origin, cookie, 'accept-language': 'en' },
    body: form,
  });
  const created = (await res.json()) as Doc;
  if (res.status !== 201) throw new Error(`${file.name}: ${res.status} ${JSON.stringify(created)}`);
  const uploadMs = performance.now() - started;
  for (;;) {
    if (performance.now() - started > DEADLINE_MS) throw new Error(`${file.name}: no end`);
    await sleep(500);
    const list = await fetch(`${origin}/api/agents/${agentId}/documents`, {
      headers: { cookie, 'accept-language': 'en' },
    });
    const doc = ((await list.json()) as Doc[]).find((d) => d.id === created.id);
    if (doc && (doc.processingStatus === 'ready' || doc.processingStatus === 'failed'))
      return { doc, uploadMs, totalMs: performance.now() - started };
  }
}

const row = (phase: string, stats: ProbeStats) => ({
  phase,
  probes: stats.probes,
  failed: stats.failures,
  'p50 ms': stats.p50Ms,
  'p99 ms': stats.p99Ms,
  'max ms': stats.maxMs,
});

async function main() {
  const uploads = await files();
  const dataDir = tempDir('hostile');
  // A first start creates the database (PGlite's initialisation alone peaks near 800 MB); the
  // measured server opens it as any later start does.
  const first = await startApp({ DATA_DIR: dataDir });
  await first.stop();
  const app = await startApp({ DATA_DIR: dataDir });
  discardOutput(app.server);
  const serverPid = app.server.child.pid!;
  const rss = startRssSampler(serverPid);
  const cookie = await registerUser(app.origin, `hostile${Date.now().toString(36)}`);
  const agent = await fetch(`${app.origin}/api/agents`, {
    method: 'POST',
    headers: { origin: app.origin, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Loja', systemPrompt: 'Atenda.' }),
  });
  const agentId = ((await agent.json()) as { id: number }).id;
  const health = `${app.origin}/healthz`;

  let probe = startProbe(health);
  await sleep(BASELINE_MS);
  const baseline = await probe.stop();

  const all = startProbe(health);
  const perFile = [];
  for (const file of uploads) {
    probe = startProbe(health);
    const result = await uploadAndWait(app.origin, cookie, agentId, file);
    perFile.push({ file, result, stats: await probe.stop() });
  }
  const during = await all.stop();
  const processes = rss.stop();
  const serverAlive = app.server.child.exitCode === null && app.server.child.signalCode === null;
  await app.stop();
  removeDir(dataDir);

  console.log('\n/healthz every 100 ms (each probe on its own)');
  printTable([
    row('baseline, no upload', baseline),
    ...perFile.map((f) => row(f.file.label, f.stats)),
    row('all four uploads', during),
  ]);
  console.log('\nDocuments (upload → ready or failed)');
  printTable(
    perFile.map((f) => ({
      file: f.file.label,
      'size MB': round(f.file.data.length / 2 ** 20, 2),
      'upload ms': round(f.result.uploadMs),
      'total s': round(f.result.totalMs / 1000, 1),
      status: f.result.doc.processingStatus,
      reason: f.result.doc.failureReason ?? `${f.result.doc.totalChunks} chunks`,
    })),
  );
  console.log('\nPeak resident memory');
  printTable(processes.map((p) => ({ process: p.role, pid: p.pid, 'peak RSS MB': p.peakRssMb })));
  const serverPeak = processes.find((p) => p.pid === serverPid)?.peakRssMb ?? NaN;
  // One extraction process serves every document; a second one would mean the first died.
  const extraction = processes.filter((p) => p.pid !== serverPid);
  const goals = {
    p99Under100Ms: during.p99Ms < 100 && during.failures === 0,
    serverUnder600Mb: serverPeak < 600,
    noProcessDied: serverAlive && extraction.length <= 1 && extraction.every((p) => p.alive),
  };
  console.log('\ngoals:', goals);
  const file = await writeResult('hostile-upload', {
    baseline,
    during,
    documents: perFile.map((f) => ({
      file: f.file.label,
      bytes: f.file.data.length,
      uploadMs: round(f.result.uploadMs),
      totalMs: round(f.result.totalMs),
      status: f.result.doc.processingStatus,
      failureReason: f.result.doc.failureReason,
      chunks: f.result.doc.totalChunks,
      probes: f.stats,
    })),
    processes,
    goals,
  });
  console.log(`wrote ${file}`);
}

await main();
