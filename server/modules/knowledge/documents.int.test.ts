import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  makeDocx,
  makeEncryptedPdf,
  makeImageOnlyPdf,
  makeOtherZip,
  makePdf,
  makeXlsx,
  PNG_BYTES,
} from '../../test/fixtures/documents';
import { HttpClient, signedInClient } from '../../test/http-client';
import { startTestApp, type TestApp } from '../../test/harness';
import { documentForm, upload, waitForDocument } from '../../test/knowledge-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ jobs: true });
});
afterAll(async () => {
  await t.close();
});

async function newAgent() {
  const owner = await signedInClient(t.baseUrl);
  const agent = (await owner.client.post('/api/agents', { name: 'Loja', systemPrompt: 'Atenda.' }))
    .body;
  return { ...owner, agent };
}

const search = async (client: HttpClient, agentId: number, q: string) =>
  (await client.get(`/api/agents/${agentId}/knowledge/search?q=${encodeURIComponent(q)}`)).body;

describe('document upload and processing', () => {
  it('extracts a PDF page by page, indexes it and cites the page', async () => {
    const { client, agent } = await newAgent();
    const pdf = await makePdf([
      'Relatório de ações: a coleção de verão chega em março.',
      'Política de trocas: até 30 dias com a nota fiscal, exceto peças íntimas.',
    ]);
    const res = await upload(client, agent.id, pdf, 'Políticas da Loja.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      originalName: 'Políticas da Loja.pdf',
      fileType: 'pdf',
      mimeType: 'application/pdf',
      fileSize: pdf.length,
      processingStatus: 'pending',
      progress: 0,
    });
    const doc = await waitForDocument(client, agent.id, res.body.id);
    expect(doc).toMatchObject({
      processingStatus: 'ready',
      progress: 100,
      indexMode: 'lexical',
      failureReason: null,
    });
    expect(doc.totalChunks).toBeGreaterThanOrEqual(2);
    const found = await search(client, agent.id, 'prazo para trocas');
    expect(found.mode).toBe('lexical');
    expect(found.results[0]).toMatchObject({ source: 'Políticas da Loja.pdf', page: 2 });
    expect(found.results[0].content).toContain('Política de trocas');
  });

  it('extracts DOCX paragraphs and tables', async () => {
    const { client, agent } = await newAgent();
    const docx = await makeDocx(
      ['Cardápio da Padaria São João', 'Pão de queijo é feito com polvilho.'],
      [
        ['Produto', 'Preço'],
        ['Coxinha', 'R$ 7,50'],
      ],
    );
    const res = await upload(client, agent.id, docx, 'cardapio.docx');
    expect((await waitForDocument(client, agent.id, res.body.id)).processingStatus).toBe('ready');
    expect((await search(client, agent.id, 'polvilho')).results[0].content).toContain(
      'Pão de queijo',
    );
    expect((await search(client, agent.id, 'coxinha')).results[0].content).toContain('R$ 7,50');
  });

  it('turns XLSX rows into "column: value" text and keeps the sheet', async () => {
    const { client, agent } = await newAgent();
    const xlsx = await makeXlsx({
      Serviços: [
        ['Serviço', 'Preço', 'Duração'],
        ['Banho e tosa', 'R$ 60,00', '1h30'],
        ['Vacinação antirrábica', 'R$ 90,00', '20 min'],
      ],
    });
    const res = await upload(client, agent.id, xlsx, 'precos.xlsx');
    expect((await waitForDocument(client, agent.id, res.body.id)).processingStatus).toBe('ready');
    const found = await search(client, agent.id, 'vacinacao');
    expect(found.results[0]).toMatchObject({ sheet: 'Serviços', source: 'precos.xlsx' });
    expect(found.results[0].content).toContain(
      'Serviço: Vacinação antirrábica; Preço: R$ 90,00; Duração: 20 min',
    );
  });

  it('reads CSV (with ; and quotes), Markdown and plain text', async () => {
    const { client, agent } = await newAgent();
    const csv = Buffer.from(
      'produto;preço;observação\n"Bolo de cenoura";"R$ 35,00";"com cobertura de chocolate"\n',
    );
    const md = Buffer.from('# Entregas\n\nEntregamos em **Pinheiros** e na Vila Madalena.\n');
    const txt = Buffer.from('Estacionamento gratuito para clientes na rua de trás.');
    const ids = [];
    for (const [data, name] of [
      [csv, 'produtos.csv'],
      [md, 'entregas.md'],
      [txt, 'info.txt'],
    ] as const) {
      const res = await upload(client, agent.id, data, name);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    for (const id of ids)
      expect((await waitForDocument(client, agent.id, id)).processingStatus).toBe('ready');
    const list = (await client.get(`/api/agents/${agent.id}/documents`)).body;
    expect(list.map((d: { fileType: string }) => d.fileType).sort()).toEqual(['csv', 'md', 'txt']);
    expect((await search(client, agent.id, 'bolo de cenoura')).results[0].content).toContain(
      'produto: Bolo de cenoura; preço: R$ 35,00; observação: com cobertura de chocolate',
    );
    expect((await search(client, agent.id, 'pinheiros')).results[0].source).toBe('entregas.md');
    expect((await search(client, agent.id, 'estacionamento')).results[0].source).toBe('info.txt');
  });

  it('finds "informacao" in "informação": accent-insensitive search', async () => {
    const { client, agent } = await newAgent();
    const res = await upload(
      client,
      agent.id,
      Buffer.from('Mais informação sobre a promoção no balcão.'),
      'a.txt',
    );
    await waitForDocument(client, agent.id, res.body.id);
    expect((await search(client, agent.id, 'informacao promocao')).results).toHaveLength(1);
    expect((await search(client, agent.id, 'INFORMAÇÃO')).results).toHaveLength(1);
  });

  it('fails an encrypted PDF and an image-only PDF with a clear reason stored on the document', async () => {
    const { client, agent } = await newAgent();
    const encrypted = await upload(
      client,
      agent.id,
      await makeEncryptedPdf('segredo'),
      'contrato.pdf',
    );
    const scanned = await upload(client, agent.id, await makeImageOnlyPdf(), 'digitalizado.pdf');
    expect(await waitForDocument(client, agent.id, encrypted.body.id)).toMatchObject({
      processingStatus: 'failed',
      failureReason: 'O PDF está protegido por senha. Envie uma versão sem senha.',
    });
    const failed = await waitForDocument(client, agent.id, scanned.body.id);
    expect(failed.processingStatus).toBe('failed');
    expect(failed.failureReason).toMatch(/Não encontramos texto no arquivo/);
  });
});

describe('upload rules', () => {
  it('decides the type from the content: disguised files are refused and nothing is stored', async () => {
    const { client, agent } = await newAgent();
    for (const [data, name] of [
      [PNG_BYTES, 'relatorio.pdf'],
      [await makeOtherZip(), 'planilha.xlsx'],
      [Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]), 'manual.docx'],
    ] as const) {
      const res = await upload(client, agent.id, data, name);
      expect(res.status, name).toBe(400);
      expect(res.body).toEqual({
        code: 'DOCUMENT_TYPE_UNSUPPORTED',
        message:
          'Tipo de arquivo não suportado. Envie PDF, DOCX, TXT, MD, XLSX ou CSV (até 10 MB).',
      });
    }
    expect((await client.get(`/api/agents/${agent.id}/documents`)).body).toEqual([]);
  });

  it('refuses files over 10 MB with 413 and empty files with 400', async () => {
    const { client, agent } = await newAgent();
    const big = await upload(
      client,
      agent.id,
      Buffer.alloc(10 * 1024 * 1024 + 1, 0x61),
      'grande.txt',
    );
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
    const empty = await upload(client, agent.id, Buffer.alloc(0), 'vazio.txt');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('DOCUMENT_EMPTY');
    const wrongField = await client.request('POST', `/api/agents/${agent.id}/upload-document`, {
      body: documentForm(Buffer.from('x'), 'a.txt', 'text/plain', 'file'),
    });
    expect(wrongField.status).toBe(400);
  });

  it('keeps the original file and can process it again', async () => {
    const { client, agent } = await newAgent();
    const res = await upload(client, agent.id, Buffer.from('Horário: das 9h às 17h.'), 'h.txt');
    await waitForDocument(client, agent.id, res.body.id);
    const again = await client.post(`/api/agents/${agent.id}/documents/${res.body.id}/reprocess`);
    expect(again.status).toBe(200);
    expect(again.body.processingStatus).toBe('pending');
    expect((await waitForDocument(client, agent.id, res.body.id)).processingStatus).toBe('ready');
    const chunks = await queryRows(
      t.database.db,
      sql`SELECT 1 FROM document_chunks WHERE document_id = ${res.body.id}`,
    );
    expect(chunks).toHaveLength(1);
  });

  it('deleting a document removes it, its file and its chunks', async () => {
    const { client, agent } = await newAgent();
    const res = await upload(client, agent.id, Buffer.from('Aceitamos vale-refeição.'), 'pag.txt');
    await waitForDocument(client, agent.id, res.body.id);
    expect((await client.delete(`/api/agents/${agent.id}/documents/${res.body.id}`)).status).toBe(
      204,
    );
    expect((await client.get(`/api/agents/${agent.id}/documents`)).body).toEqual([]);
    const left = await queryRows(
      t.database.db,
      sql`SELECT (SELECT count(*)::int FROM document_chunks WHERE document_id = ${res.body.id}) AS chunks,
                 (SELECT count(*)::int FROM document_files WHERE document_id = ${res.body.id}) AS files`,
    );
    expect(left).toEqual([{ chunks: 0, files: 0 }]);
    expect((await search(client, agent.id, 'vale-refeição')).results).toEqual([]);
    expect((await client.delete(`/api/agents/${agent.id}/documents/${res.body.id}`)).status).toBe(
      404,
    );
  });
});

describe('owner isolation', () => {
  it('another account gets 404 on every document route', async () => {
    const { client, agent } = await newAgent();
    const res = await upload(
      client,
      agent.id,
      Buffer.from('Segredo da casa: fermentação de 48h.'),
      's.txt',
    );
    await waitForDocument(client, agent.id, res.body.id);
    const other = await signedInClient(t.baseUrl);
    const calls = [
      upload(other.client, agent.id, Buffer.from('x'), 'x.txt'),
      other.client.get(`/api/agents/${agent.id}/documents`),
      other.client.delete(`/api/agents/${agent.id}/documents/${res.body.id}`),
      other.client.post(`/api/agents/${agent.id}/documents/${res.body.id}/reprocess`),
      other.client.get(`/api/agents/${agent.id}/knowledge/search?q=fermentacao`),
    ];
    for (const r of await Promise.all(calls)) expect(r.status).toBe(404);
    // and another agent's document id under one's own agent is not found either
    const own = (await other.client.post('/api/agents', { name: 'B', systemPrompt: 'P' })).body;
    expect(
      (await other.client.delete(`/api/agents/${own.id}/documents/${res.body.id}`)).status,
    ).toBe(404);
    expect((await new HttpClient(t.baseUrl).get(`/api/agents/${agent.id}/documents`)).status).toBe(
      401,
    );
    expect((await client.get(`/api/agents/${agent.id}/documents`)).body).toHaveLength(1);
  });
});
