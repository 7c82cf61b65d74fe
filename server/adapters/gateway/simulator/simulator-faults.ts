/** A canned answer the simulator gives instead of the real one, for the next `times` calls. */
export interface Fault {
  /** a substring of the path after the prefix, e.g. '/message/sendText/' */
  match: string;
  status: number;
  body?: unknown;
  times: number;
}

/**
 * Fault injection for "gateway down for a while" tests: in memory, per process —
 * like the real server's outages, it is not shared between processes.
 */
export class SimFaults {
  private readonly queue: Fault[] = [];

  get size() {
    return this.queue.length;
  }

  add(fault: Fault) {
    this.queue.push({ ...fault });
  }

  clear() {
    this.queue.length = 0;
  }

  /** Takes one use of the first fault matching `path`, if any. */
  take(path: string): Fault | undefined {
    const index = this.queue.findIndex((f) => path.includes(f.match));
    if (index < 0) return undefined;
    const fault = this.queue[index]!;
    fault.times -= 1;
    if (fault.times <= 0) this.queue.splice(index, 1);
    return fault;
  }
}
