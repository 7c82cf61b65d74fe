/**
 * `npm test`: the whole gate, in phases, each phase's commands side by side (two cores, two
 * commands), a phase starting only when the one before passed. At the end it prints every
 * command's time and the total, failed or not, so a CI log shows where the minutes go.
 *
 * A command that fails lets its partner in the phase finish (its results are worth reading),
 * then the run stops.
 */
import { concurrently, type CloseEvent } from 'concurrently';

const PHASES: { name: string; scripts: string[] }[] = [
  { name: 'checks', scripts: ['typecheck', 'lint'] },
  { name: 'unit', scripts: ['test:unit'] },
  { name: 'integration', scripts: ['test:integration', 'test:integration:pg'] },
  { name: 'e2e', scripts: ['test:e2e'] },
];

interface Row {
  phase: string;
  script: string;
  seconds: number;
  outcome: string;
}

async function runPhase(scripts: string[]): Promise<{ events: CloseEvent[]; passed: boolean }> {
  const { result } = concurrently(
    scripts.map((script) => ({ command: `npm run --silent ${script}`, name: script })),
    { prefix: 'name', padPrefix: true, successCondition: 'all', killOthersOn: [] },
  );
  try {
    return { events: await result, passed: true };
  } catch (events) {
    return { events: events as CloseEvent[], passed: false };
  }
}

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

function printTable(rows: Row[], phaseSeconds: Map<string, number>, totalSeconds: number) {
  const lines = [
    '',
    '== npm test: where the time went (wall clock; a phase runs its commands side by side)',
  ];
  for (const [phase, seconds] of phaseSeconds) {
    lines.push(`${phase.padEnd(12)} ${minutes(seconds).padStart(7)}`);
    for (const row of rows.filter((r) => r.phase === phase)) {
      lines.push(`  ${row.script.padEnd(22)} ${minutes(row.seconds).padStart(7)}  ${row.outcome}`);
    }
  }
  lines.push(`${'total'.padEnd(12)} ${minutes(totalSeconds).padStart(7)}`);
  console.log(lines.join('\n'));
}

const started = performance.now();
const rows: Row[] = [];
const phaseSeconds = new Map<string, number>();
let failed = false;
for (const phase of PHASES) {
  const phaseStarted = performance.now();
  const { events, passed } = await runPhase(phase.scripts);
  phaseSeconds.set(phase.name, (performance.now() - phaseStarted) / 1000);
  for (const event of events) {
    rows.push({
      phase: phase.name,
      script: event.command.name,
      seconds: event.timings.durationSeconds,
      outcome: event.exitCode === 0 ? 'passed' : `failed (exit ${event.exitCode})`,
    });
  }
  if (!passed) {
    failed = true;
    break;
  }
}
printTable(rows, phaseSeconds, (performance.now() - started) / 1000);
process.exit(failed ? 1 : 0);
