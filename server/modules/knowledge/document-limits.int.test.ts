import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  makeManyCellsXlsx,
  makePageBombPdf,
  makeZipBombDocx,
} from '../../test/fixtures/hostile-documents';
import { makeDocx, makePdf, makeXlsx } from '../../test/fixtures/documents';
import { signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { probeHealth, upload, waitForDocument } from '../../test/knowledge-helpers';
import { waitFor } from '../../test/wait-for';
import { chunkSegments } from './chunk';
import { extractSegments } from './extract';

/**
 * Extraction in its own process: legitimate documents come out as extraction in this process
 * gives them; files built to take a parser down each end failed with the limit they broke while
 * the server keeps answering; the process dying (here of a tiny heap) and running out of time.
 */
async function newAgent(t: TestApp) {
  const owner = await signedInClient(t.baseUrl);
  const agent = (await owner.client.post('/api/agents', { name: 'Loja', systemPrompt: 'Atenda.' }))
    .body as { id: number };
  return { client: owner.client, agentId: agent.id };
}

/**
 * The queue's record of a document's job once it has settled: attempts are retry_count + 1. The
 * document is marked failed a moment before the queue records the job as completed.
 */
async function jobOf(t: TestApp, documentId: number) {
  return waitFor(async () => {
    const rows = await queryRows<{ state: string; retry_count: number }>(
      t.database.db,
      sql`SELECT state, retry_count FROM pgboss.job
          WHERE name = 'process-document' AND (data->>'documentId')::int = ${documentId}`,
    );
    return rows.every((row) => row.state !== 'active' && row.state !== 'created') && rows;
  }, `the job of document ${documentId} to settle`);
}

describe('with the default limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ jobs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fails a page-bomb PDF, a zip-bomb DOCX and a million-cell XLSX with their reasons while /healthz answers', async () => {
    // Built before probing: they are generated in this process, which is also the server's.
    const files = [
      { data: makePageBombPdf(), name: 'catalogo.pdf', reason: 'O PDF tem mais de 2.000 páginas' },
      {
        data: await makeZipBombDocx(),
        name: 'contrato.docx',
        reason:
          'O arquivo é grande demais ou está corrompido: descompactado, ele passaria de 100 MB',
      },
      {
        data: await makeManyCellsXlsx(),
        name: 'estoque.xlsx',
        reason: 'A planilha tem mais de 200.000 células preenchidas',
      },
    ];
    const { client, agentId } = await newAgent(t);
    const probe = probeHealth(t.baseUrl);
    const ids: number[] = [];
    for (const file of files) {
      const res = await upload(client, agentId, file.data, file.name);
      expect(res.status, res.text).toBe(201);
      ids.push(res.body.id as number);
    }
    const docs: { processingStatus: string; failureReason: string }[] = [];
    for (const id of ids) docs.push(await waitForDocument(client, agentId, id));
    const health = await probe.stop();

    files.forEach((file, i) => {
      expect(docs[i]?.processingStatus, file.name).toBe('failed');
      expect(docs[i]?.failureReason).toContain(file.reason);
    });
    expect(health.failures).toBe(0);
    expect(health.latencies.length).toBeGreaterThan(0);
    expect(Math.max(...health.latencies)).toBeLessThan(1500);
    const english = await client.get(`/api/agents/${agentId}/documents`, {
      headers: { 'accept-language': 'en' },
    });
    const pdf = (english.body as { id: number; failureReason: string }[]).find(
      (d) => d.id === ids[0],
    );
    expect(pdf?.failureReason).toContain('The PDF has more than 2,000 pages');
  }, 90_000);

  it('stores the same text and chunks as extraction in this process, for every type', async () => {
    const { client, agentId } = await newAgent(t);
    const files = [
      ['pdf', await makePdf(['Horário: 9h às 18h.', 'Entregas às terças e sextas.']), 'a.pdf'],
      ['docx', await makeDocx(['Cardápio', 'Pão de queijo'], [['Bolo', 'R$ 35']]), 'b.docx'],
      [
        'xlsx',
        await makeXlsx({
          Preços: [
            ['Produto', 'Preço'],
            ['Café', 'R$ 6'],
          ],
        }),
        'c.xlsx',
      ],
      ['csv', Buffer.from('\uFEFFproduto;preço\n"Suco";"R$ 9"\n'), 'd.csv'],
      ['md', Buffer.from('# Trocas\n\nAté **30 dias**.\n'), 'e.md'],
      ['txt', Buffer.from('Aceitamos Pix e cartão.'), 'f.txt'],
    ] as const;
    const ids: number[] = [];
    for (const [, data, name] of files)
      ids.push((await upload(client, agentId, data, name)).body.id);
    for (const [i, [type, data]] of files.entries()) {
      const id = ids[i]!;
      expect((await waitForDocument(client, agentId, id)).processingStatus).toBe('ready');
      const segments = await extractSegments(type, data);
      const chunks = await queryRows<{
        content: string;
        page: number | null;
        sheet: string | null;
      }>(
        t.database.db,
        sql`SELECT content, page, sheet FROM document_chunks
            WHERE document_id = ${id} ORDER BY chunk_index`,
      );
      expect(chunks, type).toEqual(
        chunkSegments(segments).map((c) => ({
          content: c.content,
          page: c.page ?? null,
          sheet: c.sheet ?? null,
        })),
      );
    }
  });

  it('does not retry a broken limit: the job ends after its one attempt', async () => {
    const { client, agentId } = await newAgent(t);
    const res = await upload(client, agentId, makePageBombPdf(100_000), 'repetido.pdf');
    const doc = await waitForDocument(client, agentId, res.body.id as number);
    expect(doc.processingStatus).toBe('failed');
    expect(await jobOf(t, doc.id as number)).toEqual([{ state: 'completed', retry_count: 0 }]);
    // Delete and reprocess stay available: reprocessing fails it the same way, once more.
    const again = await client.post(`/api/agents/${agentId}/documents/${doc.id}/reprocess`);
    expect(again.status).toBe(200);
    expect((await waitForDocument(client, agentId, doc.id as number)).processingStatus).toBe(
      'failed',
    );
    const del = await client.delete(`/api/agents/${agentId}/documents/${doc.id}`);
    expect(del.status).toBe(204);
  });
});

describe('when the extraction process runs out of memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 24 MB of heap: enough to start and read a small file, not 100 000 cells.
    t = await startTestApp({ jobs: true, env: { DOCUMENT_WORKER_MEMORY_MB: '24' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('retries the document once in a new process, then fails it as crashed; the next one is read', async () => {
    const { client, agentId } = await newAgent(t);
    const heavy = await upload(client, agentId, await makeManyCellsXlsx(10_000), 'vendas.xlsx');
    const doc = await waitForDocument(client, agentId, heavy.body.id as number);
    expect(doc.processingStatus).toBe('failed');
    expect(doc.failureReason).toContain('a leitura dele falhou duas vezes');
    expect(await jobOf(t, doc.id as number)).toEqual([{ state: 'completed', retry_count: 1 }]);

    const light = await upload(client, agentId, Buffer.from('Entregamos aos sábados.'), 'a.txt');
    const next = await waitForDocument(client, agentId, light.body.id as number);
    expect(next.processingStatus).toBe('ready');
    // Two extraction processes started and run out of memory, with pg-boss's retry delay between:
    // on two loaded cores this takes longer than the default 30 s limit.
  }, 90_000);
});

describe('when a document takes longer than its time limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The page limit out of the way, pdf.js walks the million-page tree until the time is up.
    t = await startTestApp({
      jobs: true,
      env: { DOCUMENT_TIMEOUT_SECONDS: '1', DOCUMENT_MAX_PDF_PAGES: '10000000' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops it and fails it as too slow, without a retry', async () => {
    const { client, agentId } = await newAgent(t);
    const res = await upload(client, agentId, makePageBombPdf(), 'lento.pdf');
    const doc = await waitForDocument(client, agentId, res.body.id as number);
    expect(doc.processingStatus).toBe('failed');
    expect(doc.failureReason).toContain('demorou demais para ser lido');
    expect(await jobOf(t, doc.id as number)).toEqual([{ state: 'completed', retry_count: 0 }]);
  });
});
