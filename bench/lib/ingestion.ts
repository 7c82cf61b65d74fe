import { makeDocx, makePdf } from '../../server/test/fixtures/documents';
import { documentForm } from '../../server/test/knowledge-helpers';
import type { HttpClient } from '../../server/test/http-client';
import { extractSegments } from '../../server/modules/knowledge';
import { round, sleep } from './common';
import { createAgent } from './in-process-app';

const RUNS = 2;

export interface IngestionRow {
  type: 'pdf' | 'docx';
  index: 'lexical' | 'hybrid';
  fileKb: number;
  textKb: number;
  chunks: number;
  /** upload request → document ready (extraction, chunking, index, embeddings), median of runs */
  seconds: number;
  /** file bytes per minute (what the 10 MB upload limit counts) */
  mbPerMin: number;
  /** extracted text per minute: comparable across formats (DOCX is zipped, PDF is not) */
  textMbPerMin: number;
  /** extraction alone, in this process */
  extractSeconds: number;
}

/** Builds a PDF and a DOCX from the corpus text repeated `copies` times. */
export async function makeDocuments(corpusText: string[], copies: number) {
  const paragraphs = Array.from({ length: copies }, () => corpusText)
    .flat()
    .flatMap((t) => t.split(/\n\s*\n/).filter((p) => p.trim()));
  const pages: string[] = [];
  for (let i = 0; i < paragraphs.length; i += 6)
    pages.push(paragraphs.slice(i, i + 6).join('\n\n'));
  return {
    pdf: await makePdf(pages),
    docx: await makeDocx(paragraphs),
    textKb: round(Buffer.byteLength(paragraphs.join('\n\n')) / 1024),
  };
}

async function waitReady(client: HttpClient, agentId: number, documentId: number) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const list = await client.get<{ id: number; processingStatus: string; totalChunks: number }[]>(
      `/api/agents/${agentId}/documents`,
    );
    const doc = list.body.find((d) => d.id === documentId);
    if (doc?.processingStatus === 'ready') return doc;
    if (doc?.processingStatus === 'failed') throw new Error(`document ${documentId} failed`);
    if (Date.now() > deadline)
      throw new Error(`document ${documentId} still ${doc?.processingStatus}`);
    await sleep(25);
  }
}

/** Upload through the API and wait for the job: the owner's view of ingestion speed. */
export async function ingest(
  client: HttpClient,
  index: IngestionRow['index'],
  docs: Awaited<ReturnType<typeof makeDocuments>>,
  runs = RUNS,
): Promise<IngestionRow[]> {
  const rows: IngestionRow[] = [];
  for (const type of ['pdf', 'docx'] as const) {
    const data = docs[type];
    await extractSegments(type, data); // loads the parser (pdf.js is big) before timing
    const t0 = performance.now();
    await extractSegments(type, data);
    const extractSeconds = (performance.now() - t0) / 1000;
    const times: number[] = [];
    let chunks = 0;
    for (let run = 0; run < runs; run++) {
      const agentId = await createAgent(client, `Ingestão ${type} ${run}`);
      const started = performance.now();
      const res = await client.request<{ id: number }>(
        'POST',
        `/api/agents/${agentId}/upload-document`,
        { body: documentForm(data, `documento.${type}`) },
      );
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${res.text}`);
      chunks = (await waitReady(client, agentId, res.body.id)).totalChunks;
      times.push((performance.now() - started) / 1000);
    }
    const seconds = [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)]!;
    const row: IngestionRow = {
      type,
      index,
      fileKb: round(data.length / 1024),
      textKb: docs.textKb,
      chunks,
      seconds: round(seconds, 2),
      mbPerMin: round((data.length / 2 ** 20 / seconds) * 60, 2),
      textMbPerMin: round((docs.textKb / 1024 / seconds) * 60, 2),
      extractSeconds: round(extractSeconds, 2),
    };
    console.log(
      `ingest ${type} (${index}): ${row.fileKb} KB, ${row.chunks} chunks in ${row.seconds} s = ` +
        `${row.mbPerMin} MB/min of file, ${row.textMbPerMin} MB/min of text (extraction ${row.extractSeconds} s)`,
    );
    rows.push(row);
  }
  return rows;
}
