import { describe, expect, it } from 'vitest';
import { QueryGate } from './query-gate';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('QueryGate', () => {
  it('runs one task at a time, in order, and passes results and errors through', async () => {
    const gate = new QueryGate();
    const log: string[] = [];
    let running = 0;
    const task = (name: string, fail = false) =>
      gate.run(async () => {
        running += 1;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await sleep(1);
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task('a'), task('b', true), task('c')]);
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
    ).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs urgent tasks before queued ones', async () => {
    const gate = new QueryGate();
    const order: string[] = [];
    const first = gate.run(() => sleep(5).then(() => order.push('first')));
    const queued = ['n1', 'n2'].map((n) => gate.run(async () => void order.push(n)));
    const urgent = gate.run(async () => void order.push('urgent'), true);
    await Promise.all([first, ...queued, urgent]);
    expect(order).toEqual(['first', 'urgent', 'n1', 'n2']);
  });

  it('runs an urgent task at once while queued ones wait for the event loop to turn', async () => {
    const gate = new QueryGate(1);
    const busy = () =>
      gate.run(async () => {
        const until = performance.now() + 2;
        while (performance.now() < until);
      });
    const first = busy();
    const second = busy();
    // The first task outlasted the slice: the gate now holds the second until the loop turns.
    await first;
    let urgentRan = false;
    let secondRan = false;
    void second.then(() => (secondRan = true));
    const urgent = gate.run(async () => void (urgentRan = true), true);
    expect(urgentRan).toBe(true);
    await urgent;
    expect(secondRan).toBe(false);
    await second;
  });

  it('holds queued tasks back while urgent ones are announced, and runs those', async () => {
    const gate = new QueryGate();
    const order: string[] = [];
    const release = gate.reserve();
    const normal = gate.run(async () => void order.push('normal'));
    await sleep(5);
    expect(order).toEqual([]);
    const urgent = gate.run(async () => void order.push('urgent'), true);
    await urgent;
    expect(order).toEqual(['urgent']);
    release();
    release(); // a second call changes nothing
    await normal;
    expect(order).toEqual(['urgent', 'normal']);
  });

  it('lets the event loop turn during a long run of back-to-back tasks', async () => {
    const gate = new QueryGate(2);
    let immediates = 0;
    let stop = false;
    const tick = () => {
      if (stop) return;
      immediates += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const busyWork = () =>
      gate.run(async () => {
        const until = performance.now() + 0.5;
        while (performance.now() < until);
      });
    // 200 tasks of 0.5 ms chained through promise callbacks only: without the gate's yields
    // no immediate could run until all of them were done.
    await Promise.all(Array.from({ length: 200 }, busyWork));
    stop = true;
    expect(immediates).toBeGreaterThan(10);
  });

  it('lets the event loop turn during one long chain of awaited tasks too', async () => {
    const gate = new QueryGate(2);
    let timerRuns = 0;
    const timer = setInterval(() => (timerRuns += 1), 1);
    // One caller awaiting each task before queueing the next (the queue is empty between them):
    // 200 × 0.5 ms would hold the loop for 100 ms without the gate's yields.
    for (let i = 0; i < 200; i++) {
      await gate.run(async () => {
        const until = performance.now() + 0.5;
        while (performance.now() < until);
      });
    }
    clearInterval(timer);
    expect(timerRuns).toBeGreaterThan(10);
  });
});
