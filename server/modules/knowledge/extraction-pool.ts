import Tinypool from 'tinypool';
import type { Chunk } from './chunk';
import type { DocumentType } from './document-types';
import { ExtractionCrash, ExtractionError } from './extraction-error';
import type { ExtractionPoolOptions } from './extraction-limits';
import type { ExtractionOutcome, ExtractionTask, PageTask } from './extraction-worker';

/** ~1 MB a page: each message is deserialized at once on the thread that serves requests. */
const CHUNKS_PER_PAGE = 1000;

// From the sources (tests, tsx) the worker is TypeScript; in the bundle (npm start) esbuild writes
// it beside main.js as extraction-worker.js (package.json build:server).
const fromSources = import.meta.url.endsWith('.ts');
const WORKER = new URL(
  fromSources ? './extraction-worker.ts' : './extraction-worker.js',
  import.meta.url,
);

/**
 * Document extraction in a child process, one document at a time per server process. A process
 * rather than a worker thread, because its memory is not the server's: the idle embedded server
 * holds ~320 MB, and extraction peaked at ~280 MB for a 10 MB text and ~420 MB for an 800-page
 * PDF, which a thread would add to the server (and a thread's heap limit leaves out the buffers a
 * parser inflates into). The parent only waits: a document that hangs the parser, exhausts its
 * heap or crashes it leaves the server serving.
 */
export class ExtractionPool {
  private readonly pool: Tinypool;
  private closing = false;

  constructor(private readonly options: ExtractionPoolOptions) {
    this.pool = new Tinypool({
      runtime: 'child_process',
      filename: WORKER.href,
      minThreads: 0,
      maxThreads: 1,
      // kept between documents (one took 0.4–0.8 s to start, parsers not loaded), gone when idle
      idleTimeout: 60_000,
      serialization: 'advanced',
      execArgv: [
        `--max-old-space-size=${options.memoryMb}`,
        ...(fromSources ? ['--import', 'tsx'] : ['--enable-source-maps']),
      ],
      // The parsers of untrusted files get none of the server's environment (secrets, database).
      env: {},
    });
  }

  /**
   * The chunks of one document's text. Throws ExtractionError for a reason the owner can act on (a
   * limit broken, the time limit included) and ExtractionCrash when the process died.
   */
  async extract(type: DocumentType, data: Buffer, signal?: AbortSignal): Promise<Chunk[]> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    const abort = signal ? AbortSignal.any([timeout, signal]) : timeout;
    try {
      const task: ExtractionTask = { type, data, limits: this.options.limits };
      const outcome = (await this.pool.run(task, { signal: abort })) as ExtractionOutcome;
      if (!outcome.ok) throw new ExtractionError(outcome.reason);
      const page = (name: string, from: number, size: number) =>
        this.pool.run({ key: outcome.key, from, to: from + size } satisfies PageTask, {
          name,
          signal: abort,
        });
      const chunks: Chunk[] = [];
      for (let from = 0; from < outcome.chunks; from += CHUNKS_PER_PAGE)
        chunks.push(...((await page('readChunks', from, CHUNKS_PER_PAGE)) as Chunk[]));
      await this.pool.run(null, { name: 'release' });
      return chunks;
    } catch (err) {
      if (err instanceof ExtractionError) throw err;
      if (timeout.aborted) throw new ExtractionError('too_slow');
      if (!this.closing && !signal?.aborted && isProcessExit(err)) {
        throw new ExtractionCrash('the extraction process exited', { cause: err });
      }
      throw err;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.pool.destroy();
  }
}

// tinypool's words when the child exits with a task in hand (out of memory, killed).
const isProcessExit = (err: unknown) =>
  err instanceof Error && /exited unexpectedly/.test(err.message);
