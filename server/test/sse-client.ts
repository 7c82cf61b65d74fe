import type { HttpClient } from './http-client';

/** One block of a Server-Sent Events stream, its fields as sent (a block may have no event). */
export interface SseBlock {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comments: string[];
}

/**
 * A stream read as a browser's EventSource would receive it, keeping every block (comments and
 * blocks without data too), with the client's cookies.
 */
export class SseReader {
  readonly blocks: SseBlock[] = [];
  /** resolves when the server ends the stream (or it is closed here) */
  readonly ended: Promise<void>;
  private readonly waiters = new Set<() => void>();
  private done = false;

  private constructor(
    readonly status: number,
    readonly headers: Headers,
    private readonly body: ReadableStream<Uint8Array> | null,
    private readonly abort: AbortController,
  ) {
    this.ended = this.pump();
  }

  /** Opens `path` on the client's app; other statuses are returned without reading a stream. */
  static async open(
    client: HttpClient,
    path: string,
    headers: Record<string, string> = {},
  ): Promise<SseReader> {
    const abort = new AbortController();
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(client.baseUrl + path, {
      headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers },
      signal: abort.signal,
    });
    return new SseReader(response.status, response.headers, response.body, abort);
  }

  /** Blocks that are events (have an `event:` field). */
  get events(): SseBlock[] {
    return this.blocks.filter((b) => b.event !== undefined);
  }

  get isEnded(): boolean {
    return this.done;
  }

  /** Waits until `test` holds over what was received; fails after `timeoutMs`. */
  async until(test: (reader: SseReader) => boolean, what: string, timeoutMs = 10_000) {
    if (test(this)) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.blocks)}`));
      }, timeoutMs);
      const check = () => {
        if (!test(this)) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  /** Waits for `count` events in all. */
  untilEvents(count: number, timeoutMs?: number) {
    return this.until((r) => r.events.length >= count, `${count} events`, timeoutMs);
  }

  /** Drops the connection, as a closed tab does. */
  async close() {
    this.abort.abort();
    await this.ended;
  }

  private async pump() {
    if (!this.body) return this.finish();
    const decoder = new TextDecoder();
    let text = '';
    const reader = this.body.getReader();
    try {
      for (;;) {
        const { done, value: chunk } = await reader.read();
        if (done) break;
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) !== -1) {
          this.blocks.push(parseBlock(text.slice(0, end)));
          text = text.slice(end + 2);
        }
        for (const waiter of [...this.waiters]) waiter();
      }
    } catch {
      // aborted here, or the connection was cut
    }
    this.finish();
  }

  private finish() {
    this.done = true;
    for (const waiter of [...this.waiters]) waiter();
  }
}

function parseBlock(text: string): SseBlock {
  const block: SseBlock = { comments: [] };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      block.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'id' || name === 'event' || name === 'retry') block[name] = value;
    else if (name === 'data')
      block.data = block.data === undefined ? value : `${block.data}\n${value}`;
  }
  return block;
}
