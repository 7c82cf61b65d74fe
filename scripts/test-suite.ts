/**
 * `npm test`: the whole gate. Each command starts as soon as those it waits for have passed, so
 * no core sits idle while a slower command of the same stage finishes: the unit tests start when
 * the typecheck is done, beside the lint; the integration passes (embedded and PostgreSQL, side by
 * side) when both have passed; the build and the end-to-end tests after those. At the end it
 * prints when each command started, how long it took and the total, failed or not, so a CI log
 * shows where the minutes go.
 *
 * A command that fails lets the commands already running finish (their results are worth
 * reading); nothing else starts, and the run fails.
 */
import { concurrently, type CloseEvent } from 'concurrently';

interface Task {
  phase: string;
  script: string;
  /** the scripts that must have passed before this one starts */
  after: string[];
}

const TASKS: Task[] = [
  { phase: 'checks', script: 'typecheck', after: [] },
  { phase: 'checks', script: 'lint', after: [] },
  // tsc is done well before the lint: the unit tests take its core.
  { phase: 'unit', script: 'test:unit', after: ['typecheck'] },
  { phase: 'integration', script: 'test:integration', after: ['lint', 'test:unit'] },
  { phase: 'integration', script: 'test:integration:pg', after: ['lint', 'test:unit'] },
  { phase: 'e2e', script: 'test:e2e', after: ['test:integration', 'test:integration:pg'] },
];

interface Row {
  phase: string;
  script: string;
  startedAt: number;
  seconds: number;
  outcome: string;
}

async function runScript(script: string): Promise<CloseEvent> {
  const { result } = concurrently([{ command: `npm run --silent ${script}`, name: script }], {
    prefix: 'name',
    padPrefix: true,
  });
  try {
    return (await result)[0]!;
  } catch (events) {
    return (events as CloseEvent[])[0]!;
  }
}

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;

function printTable(rows: Row[], totalSeconds: number) {
  const lines = [
    '',
    '== npm test: where the time went (wall clock; a command starts once those it waits for passed)',
    `${'phase'.padEnd(12)} ${'command'.padEnd(22)} ${'start'.padStart(7)} ${'took'.padStart(7)}`,
  ];
  for (const row of rows) {
    lines.push(
      `${row.phase.padEnd(12)} ${row.script.padEnd(22)} ${minutes(row.startedAt).padStart(7)} ${minutes(row.seconds).padStart(7)}  ${row.outcome}`,
    );
  }
  for (const phase of new Set(rows.map((row) => row.phase))) {
    const own = rows.filter((row) => row.phase === phase);
    const from = Math.min(...own.map((row) => row.startedAt));
    const to = Math.max(...own.map((row) => row.startedAt + row.seconds));
    lines.push(
      `${phase.padEnd(12)} ${'(from first start to last end)'.padEnd(30)} ${minutes(to - from).padStart(7)}`,
    );
  }
  lines.push(`${'total'.padEnd(12)} ${minutes(totalSeconds).padStart(38)}`);
  console.log(lines.join('\n'));
}

const started = performance.now();
const elapsed = () => (performance.now() - started) / 1000;
const rows: Row[] = [];
const passed = new Set<string>();
const running = new Set<Promise<void>>();
const waiting = [...TASKS];
let failed = false;

/** Starts every waiting task whose prerequisites have passed (none once something failed). */
function startReady() {
  if (failed) return;
  for (const task of waiting.filter((t) => t.after.every((script) => passed.has(script)))) {
    waiting.splice(waiting.indexOf(task), 1);
    const startedAt = elapsed();
    const run: Promise<void> = runScript(task.script).then((event) => {
      running.delete(run);
      rows.push({
        phase: task.phase,
        script: task.script,
        startedAt,
        seconds: event.timings.durationSeconds,
        outcome: event.exitCode === 0 ? 'passed' : `failed (exit ${event.exitCode})`,
      });
      if (event.exitCode === 0) passed.add(task.script);
      else failed = true;
      startReady();
    });
    running.add(run);
  }
}

startReady();
while (running.size > 0) await Promise.race(running);
rows.sort((a, b) => a.startedAt - b.startedAt);
if (waiting.length > 0) failed = true;
printTable(rows, elapsed());
process.exit(failed ? 1 : 0);
