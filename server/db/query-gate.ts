interface Task {
  run: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * The embedded engine runs on this thread, and a statement is a chain of promise callbacks around
 * a synchronous WebAssembly call. While background jobs keep statements queued, those callbacks
 * follow one another without the event loop ever reaching its I/O phase: an HTTP request that
 * arrived meanwhile was not even read (bench/whatsapp-pipeline.ts: webhook acknowledgements
 * timing out at 10 s during a burst). Every statement of the app therefore passes this gate, one
 * at a time:
 * - after `sliceMs` of statements without the event loop turning (each one's caller queues the
 *   next from a promise callback), it waits for the loop to turn (setImmediate), so requests are
 *   read and timers fire;
 * - urgent statements (acknowledging a webhook) go before the queued ones, and do not wait for
 *   the loop to turn.
 * Transactions pass as one task: the engine allows nothing else while one is open anyway.
 */
export class QueryGate {
  private readonly urgent: Task[] = [];
  private readonly normal: Task[] = [];
  private busy = false;
  private yielding = false;
  /** urgent statements announced but not queued yet: normal ones wait for them */
  private reserved = 0;
  private sliceStartedAt: number | null = null;

  /**
   * 1 ms: webhook acknowledgements at 200 req/s while the pipeline is saturated, p99 15–19 ms
   * against 17–30 ms with 2 ms slices, at the same throughput (bench/whatsapp-pipeline.ts).
   */
  constructor(private readonly sliceMs = 1) {}

  run<T>(task: () => Promise<T>, urgent = false): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      (urgent ? this.urgent : this.normal).push({
        run: task,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.next();
    });
  }

  /**
   * Announces urgent statements about to be queued (a request read now whose statement is
   * batched with others at the end of this turn of the loop): until released, queued normal
   * statements do not start, so that statement does not wait behind a slice of them.
   */
  reserve(): () => void {
    this.reserved += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.reserved -= 1;
      this.next();
    };
  }

  private next(): void {
    if (this.busy) return;
    // An urgent statement does not wait out a yield: it comes from a request the event loop has
    // just read, which is what the yield was for.
    const urgent = this.urgent.length > 0;
    if (!urgent && (this.yielding || this.reserved > 0)) return;
    const queue = urgent ? this.urgent : this.normal;
    if (queue.length === 0) return;
    // While yielding, only an urgent statement gets here: it runs, the slice stays over.
    if (!this.yielding) {
      const now = performance.now();
      if (this.sliceStartedAt === null) {
        // A slice lasts until the event loop turns; this immediate runs when it does.
        this.sliceStartedAt = now;
        setImmediate(this.loopTurned);
      } else if (now - this.sliceStartedAt >= this.sliceMs) {
        // The task stays first in its queue; an urgent one arriving meanwhile still goes first.
        this.yielding = true;
        return;
      }
    }
    const task = queue.shift()!;
    this.busy = true;
    task.run().then(
      (value) => this.settle(task.resolve, value),
      (err: unknown) => this.settle(task.reject, err),
    );
  }

  private readonly loopTurned = () => {
    this.sliceStartedAt = null;
    this.yielding = false;
    this.next();
  };

  private settle(callback: (value: unknown) => void, value: unknown) {
    this.busy = false;
    callback(value);
    this.next();
  }
}
