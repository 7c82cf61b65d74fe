/** One streamed (Server-Sent Events) reply as a client sees it. */
export interface StreamTiming {
  /** ms from the request to the first `delta` event (null: none came) */
  firstMs: number | null;
  /** ms from the request to the end of the stream */
  endMs: number;
  /** the HTTP status, or 0 when the request failed */
  status: number;
  /** an `error` event came, or the status was not 200 */
  failed: boolean;
}

/**
 * POSTs and reads the SSE answer to its end, noting when the first `delta` event arrived: the
 * moment the visitor sees the reply start. `init` is the fetch request (method POST is implied).
 */
export async function timedStream(url: string, init: RequestInit): Promise<StreamTiming> {
  const t0 = performance.now();
  let firstMs: number | null = null;
  let failed = false;
  try {
    const res = await fetch(url, { ...init, method: 'POST' });
    if (res.status !== 200 || !res.body) {
      await res.arrayBuffer();
      return { firstMs, endMs: performance.now() - t0, status: res.status, failed: true };
    }
    const decoder = new TextDecoder();
    let text = '';
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (firstMs === null && text.includes('event: delta')) firstMs = performance.now() - t0;
      if (text.includes('event: error')) failed = true;
      // only the tail is needed to spot an event name split between chunks
      if (text.length > 4096) text = text.slice(-64);
    }
    return { firstMs, endMs: performance.now() - t0, status: res.status, failed };
  } catch {
    return { firstMs, endMs: performance.now() - t0, status: 0, failed: true };
  }
}
