import { readdirSync, readFileSync } from 'node:fs';
import { percentile, round } from './common';

export interface ProbeStats {
  probes: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * GET `url` every `everyMs` on a fixed schedule, each probe on its own (a load balancer's health
 * check does not wait for the previous one): while the server is stuck, every probe sent meanwhile
 * waits, and the figures show how long. A probe with no 200 in 10 s is a failure.
 */
export function startProbe(url: string, everyMs = 100) {
  const latencies: number[] = [];
  let failures = 0;
  const pending = new Set<Promise<void>>();
  const probe = async () => {
    const started = performance.now();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      if (res.status === 200) latencies.push(performance.now() - started);
      else failures += 1;
    } catch {
      failures += 1;
    }
  };
  const timer = setInterval(() => {
    const task = probe();
    pending.add(task);
    void task.finally(() => pending.delete(task));
  }, everyMs);
  return {
    async stop(): Promise<ProbeStats> {
      clearInterval(timer);
      await Promise.all([...pending]);
      return {
        probes: latencies.length + failures,
        failures,
        p50Ms: round(percentile(latencies, 50), 1),
        p99Ms: round(percentile(latencies, 99), 1),
        maxMs: round(Math.max(...latencies), 1),
      };
    },
  };
}

function statusOf(pid: number): { ppid: number; rssMb: number; name: string } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(status)?.[1] ?? '';
    return {
      ppid: Number(field('PPid')),
      rssMb: Math.round(parseInt(field('VmRSS'), 10) / 1024) || 0,
      name: field('Name'),
    };
  } catch {
    return null;
  }
}

export interface ProcessPeak {
  pid: number;
  role: string;
  peakRssMb: number;
  /** still running when sampling stopped */
  alive: boolean;
}

/**
 * Resident memory of a process and of every process it starts (the extraction processes), read
 * from /proc every `everyMs`; the peak each one reached while sampled.
 */
export function startRssSampler(rootPid: number, everyMs = 100) {
  const peaks = new Map<number, ProcessPeak>();
  const sample = () => {
    const parents = new Map<number, number>();
    const rss = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const status = statusOf(Number(entry));
      if (!status) continue;
      parents.set(Number(entry), status.ppid);
      rss.set(Number(entry), status.rssMb);
    }
    const ofTree = (pid: number): boolean =>
      pid === rootPid || (parents.has(pid) && pid !== 1 && ofTree(parents.get(pid)!));
    for (const peak of peaks.values()) peak.alive = rss.has(peak.pid);
    for (const [pid, mb] of rss) {
      if (!ofTree(pid)) continue;
      const peak = peaks.get(pid) ?? {
        pid,
        role: pid === rootPid ? 'server' : 'extraction process',
        peakRssMb: 0,
        alive: true,
      };
      peak.peakRssMb = Math.max(peak.peakRssMb, mb);
      peaks.set(pid, peak);
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop(): ProcessPeak[] {
      clearInterval(timer);
      sample();
      return [...peaks.values()];
    },
  };
}
