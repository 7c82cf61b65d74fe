import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { round } from './common';

/** One function of a V8 CPU profile (`node --cpu-prof`) with the time spent in its own code. */
export interface ProfileEntry {
  functionName: string;
  /** file:line, shortened to the package or the repository path */
  where: string;
  selfMs: number;
  percent: number;
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * A window of the run, in ms before the profile's end (the process's exit, which the bench sees):
 * samples outside it are left out, so set-up and shutdown do not count.
 */
export interface ProfileWindow {
  fromEndMs: number;
  toEndMs: number;
}

/** What a function belongs to, for a coarser view than functions. */
function areaOf(functionName: string, url: string): string {
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)') return 'V8 (program)';
  if (url.startsWith('wasm://')) return 'PGlite (WebAssembly: PostgreSQL)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const pkg = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    return pkg === '@electric-sql/pglite' ? 'PGlite (JavaScript)' : pkg;
  }
  if (url.includes('/dist/server/') || url.includes('/server/')) return 'the app (server/)';
  if (url.startsWith('node:')) return 'Node.js';
  return url ? 'other' : 'native (Node.js, V8 built-ins)';
}

function shortUrl(url: string): string {
  if (!url) return '';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? url.slice(dist + 1) : url.replace(/^file:\/\//, '');
}

/**
 * Self time per function and per area over every profile in `dir` (the main thread and any worker thread each
 * write one), summed by function name and place, the `top` largest first. `(idle)` is the time the
 * thread waited; busy is the rest (`(program)` and `(garbage collector)` included).
 */
export function summariseProfiles(dir: string, top = 20, window?: ProfileWindow): ProfileSummary {
  const self = new Map<string, { functionName: string; where: string; us: number }>();
  const areas = new Map<string, number>();
  let totalUs = 0;
  let idleUs = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    const from = window ? profile.endTime - window.fromEndMs * 1000 : -Infinity;
    const to = window ? profile.endTime - window.toEndMs * 1000 : Infinity;
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const us = profile.timeDeltas[i] ?? 0;
      at += us;
      const frame = byId.get(id);
      if (!frame || at < from || at > to) return;
      totalUs += us;
      if (frame.functionName !== '(idle)') {
        const area = areaOf(frame.functionName, frame.url);
        areas.set(area, (areas.get(area) ?? 0) + us);
      }
      if (frame.functionName === '(idle)') idleUs += us;
      const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
      const key = `${frame.functionName}|${where}`;
      const entry = self.get(key) ?? {
        functionName: frame.functionName || '(anonymous)',
        where,
        us: 0,
      };
      entry.us += us;
      self.set(key, entry);
    });
  }
  const busyUs = totalUs - idleUs;
  const entries = [...self.values()]
    .filter((e) => e.functionName !== '(idle)')
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((e) => ({
      functionName: e.functionName,
      where: e.where,
      selfMs: round(e.us / 1000),
      percent: busyUs > 0 ? round((e.us / busyUs) * 100, 1) : 0,
    }));
  const byArea = [...areas.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([area, us]) => ({
      area,
      selfMs: round(us / 1000),
      percent: busyUs > 0 ? round((us / busyUs) * 100, 1) : 0,
    }));
  return {
    totalMs: round(totalUs / 1000),
    busyMs: round(busyUs / 1000),
    areas: byArea,
    top: entries,
  };
}

export interface ProfileSummary {
  /** wall time the profiles cover (summed over threads) */
  totalMs: number;
  /** of which not idle */
  busyMs: number;
  areas: { area: string; selfMs: number; percent: number }[];
  top: ProfileEntry[];
}
