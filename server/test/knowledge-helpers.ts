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

export interface HealthProbe {
  /** stops probing; latencies of the answered probes (ms) and how many got no 200 in 5 s */
  stop(): Promise<{ latencies: number[]; failures: number }>;
}

/** GET /healthz every 100 ms (one at a time), as a load balancer would while work goes on. */
export function probeHealth(baseUrl: string, everyMs = 100): HealthProbe {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        if (res.status === 200) latencies.push(performance.now() - started);
        else failures += 1;
      } catch {
        failures += 1;
      }
      const left = everyMs - (performance.now() - started);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { latencies, failures };
    },
  };
}
