import type { HttpClient } from './http-client';

export function documentForm(
  data: Buffer,
  name: string,
  type = 'application/octet-stream',
  field = 'document',
) {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(data)], { type }), name);
  return body;
}

export async function upload(client: HttpClient, agentId: number, data: Buffer, name: string) {
  return client.request('POST', `/api/agents/${agentId}/upload-document`, {
    body: documentForm(data, name),
  });
}

/** Polls the list until the document leaves pending/processing (bounded: 30 s). */
export async function waitForDocument(client: HttpClient, agentId: number, documentId: number) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = await client.get(`/api/agents/${agentId}/documents`);
    const doc = (list.body as { id: number; processingStatus: string }[]).find(
      (d) => d.id === documentId,
    );
    if (doc && (doc.processingStatus === 'ready' || doc.processingStatus === 'failed'))
      return doc as any;
    if (Date.now() > deadline)
      throw new Error(`document ${documentId} still ${doc?.processingStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
