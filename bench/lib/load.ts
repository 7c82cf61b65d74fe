import autocannon, { type Options } from 'autocannon';
import { cpuMs, round } from './common';

/** One autocannon run against one server process, as every HTTP benchmark reports it. */
export interface LoadRow {
  case: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** server CPU time (all threads) per request: barely affected by other load on the machine */
  serverCpuMsPerRequest: number | null;
  ratioToBaseline?: number;
  /** the same ratio on CPU cost per request (baseline CPU/req ÷ this row's CPU/req) */
  cpuRatioToBaseline?: number;
  notes?: string;
}

export interface LoadSettings {
  connections: number;
  durationS: number;
  /** a short run first (JIT, caches, connection pools); 0 for none */
  warmupS: number;
}

export async function measureLoad(
  label: string,
  serverPid: number,
  options: Options,
  settings: LoadSettings,
): Promise<LoadRow> {
  const base = { connections: settings.connections, ...options };
  if (settings.warmupS > 0) await autocannon({ ...base, duration: settings.warmupS });
  const cpuBefore = cpuMs(serverPid);
  const result = await autocannon({ ...base, duration: settings.durationS });
  const cpuAfter = cpuMs(serverPid);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, Number(s.count)]),
  );
  const row: LoadRow = {
    case: label,
    reqPerSec: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes,
    serverCpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : round((cpuAfter - cpuBefore) / result.requests.total, 3),
  };
  console.log(
    `${label}: ${row.reqPerSec} req/s, p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, ` +
      `server CPU ${row.serverCpuMsPerRequest} ms/request`,
  );
  return row;
}

/** Fills the ratios to the baseline row (throughput, and CPU cost per request). */
export function compareToBaseline(rows: LoadRow[], baseline: LoadRow): void {
  for (const row of rows) {
    row.ratioToBaseline = round(row.reqPerSec / baseline.reqPerSec, 3);
    if (row.serverCpuMsPerRequest && baseline.serverCpuMsPerRequest) {
      row.cpuRatioToBaseline = round(baseline.serverCpuMsPerRequest / row.serverCpuMsPerRequest, 3);
    }
  }
}

/** The table both HTTP benchmarks print. */
export function loadTable(rows: LoadRow[]): Record<string, string | number>[] {
  return rows.map((r) => ({
    case: r.case,
    'req/s': r.reqPerSec,
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    'vs hello-world':
      r.ratioToBaseline === undefined ? '' : `${round(r.ratioToBaseline * 100, 1)} %`,
    'server CPU ms/req': r.serverCpuMsPerRequest ?? '',
    'vs hello-world (CPU)': r.cpuRatioToBaseline ? `${round(r.cpuRatioToBaseline * 100, 1)} %` : '',
    'non-2xx': r.non2xx,
    errors: r.errors,
  }));
}
