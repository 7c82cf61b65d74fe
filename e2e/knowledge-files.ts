import PDFDocument from 'pdfkit';
import { expect, type Page } from './fixtures';

/** A real PDF with the given paragraphs (Helvetica's encoding covers Portuguese accents). */
export function makePdf(paragraphs: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const paragraph of paragraphs) doc.text(paragraph).moveDown();
    doc.end();
  });
}

/** A PDF with a drawing and no text at all, like a scanned page. */
export function makeTextlessPdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.rect(50, 50, 200, 100).fill('#022b44');
    doc.end();
  });
}

/** The first bytes of a PNG: what a picture renamed to .pdf really is. */
export const PNG_BYTES = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
]);

export interface ApiDocument {
  id: number;
  originalName: string;
  publicTitle: string | null;
  processingStatus: string;
}

/** Uploads a document through the API, as the signed-in user of the page. */
export async function uploadViaApi(
  page: Page,
  baseURL: string,
  agentId: number,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<ApiDocument> {
  const response = await page.context().request.post(`/api/agents/${agentId}/upload-document`, {
    multipart: { document: file },
    headers: { Origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ApiDocument;
}

export async function listDocumentsViaApi(page: Page, agentId: number): Promise<ApiDocument[]> {
  const response = await page.context().request.get(`/api/agents/${agentId}/documents`);
  expect(response.status()).toBe(200);
  return (await response.json()) as ApiDocument[];
}

/** Waits for the background job to make every document of the agent ready. */
export async function waitUntilReady(page: Page, agentId: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const docs = await listDocumentsViaApi(page, agentId);
        return docs.length > 0 && docs.every((d) => d.processingStatus === 'ready');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

export async function openKnowledgeTab(page: Page, agentId: number): Promise<void> {
  await page.goto(`/agents/${agentId}/edit`);
  await page.getByRole('tab', { name: 'Base de Conhecimento' }).click();
}
